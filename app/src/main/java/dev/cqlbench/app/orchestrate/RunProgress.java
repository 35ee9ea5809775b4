package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.worker.WorkerEvent;
import java.util.HashMap;
import java.util.Map;

/**
 * How far the measured part of a run is: a unit is one variant's cycle; within it, the blocks reported so far against
 * those its previous cycle reported (the plan's count before that). With a time budget, the share of it spent when
 * that is further: a run that stops on time is not shown a fraction of its most rounds.
 */
final class RunProgress {

    private final Progress progress;
    private final int cycles;
    private final int repetitions;
    private final int plannedBlocks;
    private final double units;
    private final Map<String, Integer> blocksPerCycle = new HashMap<>();
    private int unitsDone;
    private long operationsDone;
    private int blocks;
    private int expected;
    private String what = "";
    private final java.util.function.DoubleSupplier timeSpent;

    RunProgress(Progress progress, int cycles, int repetitions, int operations, long liveVariants,
                java.util.function.DoubleSupplier timeSpent) {
        this.progress = progress;
        this.timeSpent = timeSpent;
        this.cycles = cycles;
        this.repetitions = repetitions;
        this.plannedBlocks = Math.max(1, operations * repetitions);
        this.units = Math.max(1, liveVariants * (double) cycles);
    }

    int cycles() {
        return cycles;
    }

    int repetitions() {
        return repetitions;
    }

    /** A variant's cycle begins. */
    void begin(String variant, int cycle) {
        blocks = 0;
        expected = blocksPerCycle.getOrDefault(variant, plannedBlocks);
        what = String.format("cycle %d/%d, %s", cycle + 1, cycles, variant);
    }

    void repetitionDone(String variant, WorkerEvent.Progress p) {
        blocks++;
        operationsDone += p.count();
        double done = Math.max((unitsDone + Math.min(1.0, blocks / (double) expected)) / units,
                timeSpent.getAsDouble());
        progress.tick(new Progress.Tick(what + " " + p.operation(), done, operationsDone,
                p.totalNanos() > 0 ? p.count() / (p.totalNanos() / 1e9) : 0));
    }

    /** The variant's cycle ended (or failed). */
    void end(String variant) {
        unitsDone++;
        blocksPerCycle.put(variant, Math.max(1, blocks));
    }

    void finish() {
        progress.finish();
    }
}
