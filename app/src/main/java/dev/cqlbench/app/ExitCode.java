package dev.cqlbench.app;

/** Every exit status cqlbench uses, documented in README.md. */
public final class ExitCode {
    public static final int OK = 0;
    /** A bug: an unexpected exception (its stack trace with --debug). */
    public static final int INTERNAL = 1;
    /** Unknown command, option or variant; invalid or contradictory values. */
    public static final int USAGE = 2;
    /** The embedded Cassandra did not start. */
    public static final int SERVER_START = 3;
    /** A cluster could not be reached, or refused the credentials. */
    public static final int CONNECTION = 4;
    /** A keyspace or table exists with a schema the scenario cannot use. */
    public static final int SCHEMA = 5;
    /** A worker JVM failed, crashed or hung; the other variants' results are written. */
    public static final int WORKER = 6;
    /** The result directory or its files could not be written. */
    public static final int OUTPUT = 7;
    /** Data did not read back as written (verification failure); results are written. */
    public static final int VERIFICATION = 8;
    /** The cluster refused the workload as configured (e.g. a batch over its batch_size_fail_threshold). */
    public static final int REJECTED = 9;
    /** Every node of the run's cluster went down mid-run; what was measured is written, marked partial. */
    public static final int CLUSTER_LOST = 10;
    /** With --strict-audit: the servers' counters contradict what a binding declares it sends; results are written. */
    public static final int AUDIT = 11;
    /** {@code merge}: the results given are not one run's clients (another run or workload, a client missing or twice). */
    public static final int MERGE_REFUSED = 12;
    /** With --fail-if-slower P: a time ratio is decided slower by more than P (its whole interval above 1 + P). */
    public static final int SLOWER = 13;
    /** With --fail-if-slower P and --fail-if-undecided: a time ratio's interval holds 1 + P, or none was judged. */
    public static final int UNDECIDED = 14;
    /** Stopped by SIGINT/SIGTERM; what was measured is written, marked partial. */
    public static final int INTERRUPTED = 130;

    private ExitCode() {}
}
