package dev.cqlbench.runner;

/** What a runner tells about its timed blocks as it goes; runners themselves print nothing. */
public interface RunListener {

    RunListener NONE = new RunListener() {};

    /** A timed block ended: its operations, errors, and total time. */
    default void repetitionDone(String variant, int cycle, String operation, int repetition,
                                long count, long errors, long totalNanos) {}

    /**
     * A timed block of {@code operation} begins or ends: between the two, only measured work runs, so the
     * orchestrator can read the servers' CPU around exactly that work (not set-up or verification).
     */
    default void timedSection(int cycle, String operation, int repetition, boolean begin) {}
}
