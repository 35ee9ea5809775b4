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

    /**
     * Whether it watches measured blocks second by second ({@link #second}): then every measured block keeps a
     * timeline, whether its result keeps one or not, and counts the operations it has in flight.
     */
    default boolean live() {
        return false;
    }

    /** A second of a measured block closed (only when {@link #live}); called from the block's ticker thread. */
    default void second(LiveSecond second) {}
}
