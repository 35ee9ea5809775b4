package dev.cqlbench.runner;

import dev.cqlbench.result.OperationCycle;
import java.util.List;

/**
 * Runs one scenario for one variant inside a worker JVM; prints nothing, returns measurements. It is asked to stop
 * through its {@link Instruments}: the current block ends early and is reported with what it did.
 */
public interface ScenarioRunner {

    /** Exercises every operation type; measurements are thrown away. */
    void warmup();

    /** One measured cycle: every operation type, every repetition. */
    List<OperationCycle> runCycle(int cycle);
}
