package dev.cqlbench.app.orchestrate;

import dev.cqlbench.result.OperationResult;
import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.BlockFigures.Measure;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.util.List;
import java.util.Locale;

/**
 * Whether another round is needed: not once every live variant's typical time and CPU per operation, and every
 * comparison the report shows, has an interval within the precision asked for (after {@link Defaults#MIN_ROUNDS}),
 * nor once the measuring time is spent.
 */
final class RoundRule {

    private final RunSettings settings;
    private final Stopping stopping;
    private final long startNanos;
    private String reason;
    private int run;

    RoundRule(RunSettings settings, long startNanos) {
        this.settings = settings;
        this.stopping = settings.stopping() == null ? Stopping.fixed() : settings.stopping();
        this.startNanos = startNanos;
    }

    /** The share of the time budget spent, 0…1; 0 without a budget. */
    double timeSpent() {
        if (stopping.maxSeconds() <= 0) {
            return 0;
        }
        return Math.min(1, (System.nanoTime() - startNanos) / 1e9 / stopping.maxSeconds());
    }

    /**
     * After {@code finished} rounds: null to run another, else a line saying why the run stops here. Every
     * {@link #TELL_EVERY} rounds of a long run, {@code tell} hears how far the widest interval still is.
     */
    String done(int finished, List<VariantRun> variants, java.util.function.Consumer<String> tell) {
        run = finished;
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        if (stopping.maxSeconds() > 0 && seconds >= stopping.maxSeconds()) {
            reason = Rounds.TIME_LIMIT;
            return String.format(Locale.ROOT, "time limit of %d s reached after %d rounds: no new round starts",
                    stopping.maxSeconds(), finished);
        }
        boolean tellNow = settings.plan().cycles() > CycleEvents.FEW_CYCLES && finished % TELL_EVERY == 0;
        if (!tellNow && (!stopping.adaptive() || finished < Defaults.MIN_ROUNDS)) {
            return null;
        }
        Widest widest = new Widest();
        List<VariantResult> live = variants.stream().filter(VariantRun::live).map(v -> v.result(settings)).toList();
        live.forEach(widest::of);
        live.stream().flatMap(v -> v.operations().stream()).map(OperationResult::operation).distinct()
                .forEach(operation -> widest.of(operation,
                        BlockFigures.againstFastest(live, operation, settings.confidenceLevel())));
        if (stopping.adaptive() && finished >= Defaults.MIN_ROUNDS && widest.width <= stopping.precision()) {
            reason = Rounds.PRECISION_MET;
            return String.format(Locale.ROOT, "every interval within ±%.1f %% after %d rounds (%.0f s): no new "
                    + "round starts", stopping.precision() * 100, finished, seconds);
        }
        if (tellNow) {
            tell.accept(String.format(Locale.ROOT, "round %d/%d, %.0f s: widest interval %s", finished,
                    settings.plan().cycles(), seconds, widest));
        }
        return null;
    }

    /** The figures a run goes on for until they meet the precision (server CPU is shown, not waited for). */
    private static final List<Measure> STOPPING_ON = List.of(Measure.TIME, Measure.CLIENT_CPU);

    /** Rounds of a long run between two lines of progress. */
    static final int TELL_EVERY = 10;

    /** The widest relative interval among the figures the report shows, and whose it is. */
    private static final class Widest {
        double width;
        String whose = "";

        void of(VariantResult result) {
            for (OperationResult op : result.operations()) {
                for (Measure measure : STOPPING_ON) {
                    of(measure.estimate.apply(op), measure.has(op), result, op, measure.word);
                }
            }
        }

        /** The comparisons the report shows in one operation: each as wide as the difference it could tell. */
        void of(String operation, List<PairedRatio> comparisons) {
            for (PairedRatio c : comparisons) {
                if (c.resolution() > width) {
                    width = c.resolution();
                    whose = c.a() + " over " + c.b() + " " + operation;
                }
            }
        }

        /** A figure with no per-block values is not shown, so it cannot hold the run up. */
        private void of(Estimate estimate, boolean shown, VariantResult result, OperationResult op, String measure) {
            double w = !shown ? 0 : estimate == null ? Double.POSITIVE_INFINITY : estimate.relativeHalfWidth();
            if (w > width || whose.isEmpty() && w == width) {
                width = w;
                whose = result.variant() + " " + op.operation() + " " + measure;
            }
        }

        @Override
        public String toString() {
            return Double.isInfinite(width) ? "none yet (too few samples)"
                    : String.format(Locale.ROOT, "±%.1f %% (%s)", width * 100, whose);
        }
    }

    /** How the rounds went, once the loop has ended after {@code finished} rounds. */
    Rounds rounds(int finished, boolean stopped, Double idlePercent) {
        String why = reason != null ? reason : stopped ? Rounds.STOPPED : Rounds.LAST_CYCLE;
        return new Rounds(reason != null ? run : finished, why, stopping.precision(), idlePercent);
    }
}
