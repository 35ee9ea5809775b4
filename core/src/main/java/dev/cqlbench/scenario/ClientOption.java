package dev.cqlbench.scenario;

import dev.cqlbench.run.ClientShard;
import picocli.CommandLine.Option;

/**
 * {@code --client i/N}, {@code --start-at} and {@code --run-id}: this client's part of a workload N clients share, and
 * either the instant that names their run and before which none starts measuring, or the run's name, under which they
 * meet in the cluster and agree on the start (mixes, writes, profile; README "Many client machines").
 */
public final class ClientOption {

    @Option(names = "--client", paramLabel = "I/N", description = "This client's part when N clients (machines or "
            + "processes) share the workload, together doing exactly what one client would: its slice of the records "
            + "or rows, 1/N of the operations and of --rate, keys no other client writes; needs --run-id or "
            + "--start-at; "
            + "`cqlbench merge` adds the N results up (default: 0/1, alone).")
    String client;

    @Option(names = "--start-at", paramLabel = "INSTANT", description = "Wall-clock instant, the same for every client, "
            + "at which the measuring starts (writes: not before); it names the run: 2026-11-25T10:00:00Z or seconds "
            + "since the epoch (default: as soon as ready).")
    String startAt;

    @Option(names = "--run-id", paramLabel = "NAME", description = "The name every client of one run is given (a "
            + "Kubernetes Job's name, a build number): the clients meet in the cluster when each is ready and start "
            + "measuring together, at an instant they agree on; no clock to guess (default: none; --start-at names "
            + "the run then).")
    String runId;

    /** The part given ({@link ClientShard#ALONE} when none), checked. */
    public ClientShard shard() {
        return ClientShard.parse(client, startAt, runId);
    }

    /** As typed, for messages. */
    public String given() {
        return client;
    }
}
