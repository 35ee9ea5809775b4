package dev.cqlbench.scenario;

import dev.cqlbench.run.ClientShard;
import picocli.CommandLine.Option;

/**
 * {@code --client i/N} and {@code --start-at}: this client's part of a workload N clients share, and the instant that
 * names their run and before which none starts measuring (mixes, writes; README "Many client machines").
 */
public final class ClientOption {

    @Option(names = "--client", paramLabel = "I/N", description = "This client's part when N clients (machines or "
            + "processes) share the workload, together doing exactly what one client would: its slice of the records "
            + "or rows, 1/N of the operations and of --rate, keys no other client writes; needs --start-at; "
            + "`cqlbench merge` adds the N results up (default: 0/1, alone).")
    String client;

    @Option(names = "--start-at", paramLabel = "INSTANT", description = "Wall-clock instant, the same for every client, "
            + "at which the measuring starts (writes: not before); it names the run: 2026-11-25T10:00:00Z or seconds "
            + "since the epoch (default: as soon as ready).")
    String startAt;

    /** The part given ({@link ClientShard#ALONE} when none), checked. */
    public ClientShard shard() {
        return ClientShard.parse(client, startAt);
    }

    /** As typed, for messages. */
    public String given() {
        return client;
    }
}
