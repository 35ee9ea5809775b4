package dev.cqlbench.run;

/**
 * The names of the run options that code, not only a user, sets: picocli declares each by its constant
 * ({@code @Option(names = RunOption.MAX_TIME)}), and the demo's parts, a report's next run and each scenario's demo
 * line ({@link RunLine}) name the same constant, so the compiler ties the command line to the lines it is told.
 */
public final class RunOption {

    public static final String MAX_TIME = "--max-time";
    public static final String FORKS = "--forks";
    public static final String CYCLES = "--cycles";
    public static final String NODES = "--nodes";
    public static final String RF = "--rf";
    public static final String RUNS = "--runs";
    public static final String PRECISION = "--precision";
    public static final String SEED = "--seed";
    public static final String OUT = "--out";
    public static final String CLUSTER_DIR = "--cluster-dir";
    public static final String CALIBRATION = "--calibration";

    private RunOption() {}
}
