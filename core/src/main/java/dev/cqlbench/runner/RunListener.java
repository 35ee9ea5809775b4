package dev.cqlbench.runner;

/** Progress events; runners themselves print nothing. */
public interface RunListener {

    RunListener NONE = new RunListener() {};

    default void repetitionDone(String variant, int cycle, String operation, int repetition,
                                long count, long errors, long totalNanos) {}
}
