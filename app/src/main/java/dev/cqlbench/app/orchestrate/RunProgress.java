package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.worker.WorkerEvent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How far the measured part of a run is: a unit is one variant's cycle; within it, the blocks reported so far against
 * those its previous cycle reported (the plan's count before that). With a time budget, the share of the units the
 * budget will hold at the pace so far ({@link #done}): a run that stops on time is not shown a fraction of its most
 * rounds, nor 100 % while rounds are still ahead. A run of at most {@link #FEW_CYCLES} rounds also tells each
 * operation's cycle as it ends.
 */
final class RunProgress {

    /** Runs of at most this many cycles tell each operation's cycle as it ends. */
    static final int FEW_CYCLES = 10;

    private final Progress progress;
    private int cycles;
    private final int repetitions;
    private final int plannedBlocks;
    private final long liveVariants;
    private double units;
    private final Map<String, Integer> blocksPerCycle = new HashMap<>();
    private int unitsDone;
    private long operationsDone;
    private int blocks;
    private int expected;
    private String what = "";
    private String variant = "";
    private int cycle;
    /** The current cycle's operations so far: per operation {count, errors, total ns}. */
    private final Map<String, long[]> perOperation = new LinkedHashMap<>();
    private final java.util.function.DoubleSupplier timeSpent;

    RunProgress(Progress progress, int cycles, int repetitions, int operations, long liveVariants,
                java.util.function.DoubleSupplier timeSpent) {
        this.progress = progress;
        this.timeSpent = timeSpent;
        this.cycles = cycles;
        this.repetitions = repetitions;
        this.plannedBlocks = Math.max(1, operations * repetitions);
        this.liveVariants = liveVariants;
        this.units = Math.max(1, liveVariants * (double) cycles);
    }

    /**
     * Settling ended after {@code settlingRounds}: the run takes at most those and {@code measuredRounds} more, not
     * the fewest settling rounds it was planned with.
     */
    void settled(int settlingRounds, int measuredRounds) {
        cycles = settlingRounds + measuredRounds;
        units = Math.max(1, liveVariants * (double) cycles);
    }

    int cycles() {
        return cycles;
    }

    int repetitions() {
        return repetitions;
    }

    /** A variant's cycle begins. */
    void begin(String variant, int cycle) {
        this.variant = variant;
        this.cycle = cycle;
        perOperation.clear();
        blocks = 0;
        expected = blocksPerCycle.getOrDefault(variant, plannedBlocks);
        what = String.format("cycle %d/%d, %s", cycle + 1, cycles, variant);
    }

    /** What the worker tells of its cycle's progress ({@link WorkerEvent.RepetitionDone}) during a turn. */
    void accept(WorkerEvent event) {
        if (!(event instanceof WorkerEvent.RepetitionDone p)) {
            return;
        }
        blocks++;
        operationsDone += p.count();
        double done = done(units, cycles, unitsDone + Math.min(1.0, blocks / (double) expected),
                timeSpent.getAsDouble());
        progress.tick(new Progress.Tick(what + " " + p.operation(), done, operationsDone,
                p.totalNanos() > 0 ? p.count() / (p.totalNanos() / 1e9) : 0));
        long[] sums = perOperation.computeIfAbsent(p.operation(), k -> new long[3]);
        sums[0] += p.count();
        sums[1] += p.errors();
        sums[2] += p.totalNanos();
        // a run of many short rounds says how it goes once a round (RoundRule), not once a block
        if (p.repetition() == repetitions - 1 && cycles <= FEW_CYCLES) {
            progress.line(String.format(Locale.ROOT, "cycle %d/%d: %s %-6s %d ops in %.2f s, %d errors", cycle + 1,
                    cycles, variant, p.operation(), sums[0], sums[2] / 1e9, sums[1]));
        }
    }

    /**
     * The share done once {@code soFar} of {@code units} (over {@code cycles} rounds) are, with {@code timeShare} of
     * the time budget spent (0: none): of the units the run will take. At the pace so far the budget holds {@code soFar / timeShare} units; a round once
     * begun runs to its end (no new one starts after the budget, the one under way finishes), and no run takes more
     * than its cycles. So a run whose first round outlasts the budget is shown its share of that round, not 100 %.
     */
    static double done(double units, int cycles, double soFar, double timeShare) {
        double perRound = units / cycles;
        double endOfRound = Math.min(units, Math.ceil(soFar / perRound - 1e-9) * perRound);
        double total = timeShare > 0 ? Math.min(units, Math.max(soFar / timeShare, endOfRound)) : units;
        return Math.min(1, soFar / Math.max(total, 1e-9));
    }

    /** The variant's cycle ended (or failed). */
    void end() {
        unitsDone++;
        blocksPerCycle.put(variant, Math.max(1, blocks));
    }

    void finish() {
        progress.finish();
    }
}
