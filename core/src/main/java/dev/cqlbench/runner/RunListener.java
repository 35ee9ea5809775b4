package dev.cqlbench.runner;

import dev.cqlbench.scenario.crud.CrudOperation;

/** Progress events; the runner itself prints nothing. */
public interface RunListener {

    RunListener NONE = new RunListener() {};

    default void repetitionDone(String variant, int cycle, CrudOperation operation, int repetition,
                                long count, long errors, long totalNanos) {}
}
