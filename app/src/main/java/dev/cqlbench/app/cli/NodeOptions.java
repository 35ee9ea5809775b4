package dev.cqlbench.app.cli;

import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import picocli.CommandLine.Option;

/** How cqlbench starts embedded Cassandra nodes: for one run ({@code run}) or to keep ({@code cluster start}). */
public final class NodeOptions {

    static final String HEAP = "--cassandra-heap-mb";
    static final String BATCH_THRESHOLD = "--batch-size-fail-threshold";
    static final String START_TIMEOUT = "--start-timeout-s";
    static final String AUTH = "--auth";

    @Option(names = HEAP, paramLabel = "MIB",
            description = "Heap of each embedded Cassandra node in MiB (default: a quarter of the machine's memory "
                    + "shared out, 512 to 1024).")
    Integer heapMb;

    @Option(names = BATCH_THRESHOLD, paramLabel = "KIB",
            description = "batch_size_fail_threshold of the nodes, KiB (default: Cassandra's 50; for nodes a run "
                    + "starts, the writes scenario raises it to fit its --batch-size unless this is given: batches "
                    + "of 8,000 rows need about 1000).")
    Integer thresholdKib;

    @Option(names = START_TIMEOUT, paramLabel = "S",
            description = "Seconds to wait for each node to accept clients (default: ${DEFAULT-VALUE}).")
    long startTimeoutSeconds = Defaults.START_TIMEOUT_SECONDS;

    @Option(names = AUTH, description = "Start the nodes with password authentication (PasswordAuthenticator, "
            + "CassandraRoleManager): every client logs in; cqlbench as the nodes' default superuser (cassandra), "
            + "or, on a kept cluster, as --username with --password-env/--password-file.")
    boolean authentication;

    /** Checks the values given; a bad one is a usage error naming its option. */
    void check() {
        Checks.positiveIfGiven(HEAP, heapMb);
        Checks.positiveIfGiven(BATCH_THRESHOLD, thresholdKib);
        Checks.positive(START_TIMEOUT, startTimeoutSeconds);
    }
}
