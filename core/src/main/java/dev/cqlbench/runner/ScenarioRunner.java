package dev.cqlbench.runner;

import dev.cqlbench.result.CycleMeasurements;

/**
 * Runs one scenario for one variant inside a worker JVM; prints nothing, returns measurements. It is asked to stop
 * through its {@link Instruments}: the current block ends early and is reported with what it did.
 */
public interface ScenarioRunner {

    /** Exercises every operation type; measurements are thrown away. */
    void warmup();

    /** One measured cycle: every operation type, every repetition; its blocks and distributions. */
    CycleMeasurements runCycle(int cycle);

    /**
     * The same, its read-backs of what it wrote ({@code --verify}) checking every row ({@code everyRow}: the run's
     * first round, {@code Defaults.readsEveryRow}) or a sample ({@link #sampled}), one row in {@link #SAMPLE_EVERY} in
     * turn; a runner whose checks cost little checks every row either way.
     */
    default CycleMeasurements runCycle(int cycle, boolean everyRow) {
        return runCycle(cycle);
    }

    /** Outside the rounds that check every row, a read-back checks one row in this many. */
    int SAMPLE_EVERY = 10;

    /** Whether row {@code i} is read back in {@code cycle}: every row, or one in {@link #SAMPLE_EVERY}, in turn. */
    static boolean sampled(int i, int cycle, boolean everyRow) {
        return everyRow || Math.floorMod(i + cycle, SAMPLE_EVERY) == 0;
    }
}
