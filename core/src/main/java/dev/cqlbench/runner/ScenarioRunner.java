package dev.cqlbench.runner;

import dev.cqlbench.result.OperationCycle;
import java.util.List;

/** Runs one scenario for one variant inside a worker JVM; prints nothing, returns measurements. */
public interface ScenarioRunner {

    /** Exercises every operation type; measurements are thrown away. */
    void warmup();

    /** One measured cycle: every operation type, every repetition. */
    List<OperationCycle> runCycle(int cycle);

    /** Stops issuing operations; the current repetition ends early and is reported with what it did. */
    void requestStop();
}
