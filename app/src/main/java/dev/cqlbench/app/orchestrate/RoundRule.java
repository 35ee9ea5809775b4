package dev.cqlbench.app.orchestrate;

import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.analysis.Stopper;
import dev.cqlbench.analysis.Question;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.stats.PairedRatio;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Whether another round is needed. An adaptive run looks at its data only at the rounds {@link Looks} fixes before
 * the data, each look spending its share of the error, and stops at a look once every comparison its scenario asks
 * is answered (different, or the same within the precision; a comparison too short for an interval is not answered).
 * Any run stops once the measuring time is spent. The result records the looks taken, so its intervals spend
 * exactly what is left.
 */
final class RoundRule {

    /** Rounds of a long run between two lines of progress. */
    static final int TELL_EVERY = 10;

    private final RunSettings settings;
    private final Stopping stopping;
    private final long startNanos;
    private final Stopper stopper;
    private String reason;
    private int run;

    RoundRule(RunSettings settings, long startNanos) {
        this.settings = settings;
        this.stopping = settings.stopping() == null ? Stopping.fixed() : settings.stopping();
        this.startNanos = startNanos;
        this.stopper = new Stopper(settings.plan().cycles(), stopping.adaptive());
    }

    /** The share of the time budget spent, 0…1; 0 without a budget. */
    double timeSpent() {
        if (stopping.maxSeconds() <= 0) {
            return 0;
        }
        return Math.min(1, (System.nanoTime() - startNanos) / 1e9 / stopping.maxSeconds());
    }

    /**
     * After {@code finished} rounds (fewer than the plan's): null to run another, else a line saying why the run stops
     * here. Every {@link #TELL_EVERY} rounds of a long run, {@code tell} hears how many comparisons are still open.
     */
    String done(int finished, List<VariantRun> units, Consumer<String> tell) {
        run = finished;
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        if (stopping.maxSeconds() > 0 && seconds >= stopping.maxSeconds()) {
            reason = Rounds.TIME_LIMIT;
            return String.format(Locale.ROOT, "time limit of %d s reached after %d rounds: no new round starts",
                    stopping.maxSeconds(), finished);
        }
        boolean look = stopper.looksAt(finished);
        boolean tellNow = settings.plan().cycles() > CycleEvents.FEW_CYCLES && finished % TELL_EVERY == 0;
        if (!look && !tellNow) {
            return null;
        }
        List<Block> blocks = units.stream().flatMap(u -> u.blocks().stream()).toList();
        Analysis analysis = Analysis.at(settings, blocks, stopper.nextShare());
        if (look && stopper.look(finished, share -> analysis)) {
            reason = Rounds.ANSWERED;
            return String.format(Locale.ROOT, "all %d comparisons answered after %d rounds (%.0f s, look %d of %d): "
                    + "no new round starts", analysis.family().size(), finished, seconds, stopper.looks().size(),
                    stopper.planned());
        }
        if (tellNow) {
            tell.accept(String.format(Locale.ROOT, "round %d/%d, %.0f s: %s", finished, settings.plan().cycles(),
                    seconds, open(analysis, analysis.undecided())));
        }
        return null;
    }

    /** "3 of 8 comparisons open, widest spring-data over driver4 delete time ±6.1 %", or that none is asked. */
    private static String open(Analysis analysis, List<Question> open) {
        if (analysis.family().isEmpty()) {
            return "no comparison asked";
        }
        if (open.isEmpty()) {
            return "all " + analysis.family().size() + " comparisons answered";
        }
        Question widest = null;
        double width = -1;
        for (Question q : open) {
            PairedRatio r = analysis.answer(q);
            double w = r == null ? Double.POSITIVE_INFINITY : r.halfWidth();
            if (w > width) {
                width = w;
                widest = q;
            }
        }
        String which = widest.nameA() + " over " + widest.nameB() + " " + String.join("+", widest.a().operations())
                + " " + widest.measure().word;
        return String.format(Locale.ROOT, "%d of %d comparisons open, widest %s %s", open.size(),
                analysis.family().size(), which, Double.isInfinite(width) ? "(too few rounds)"
                        : String.format(Locale.ROOT, "±%.1f %%", width * 100));
    }

    /** How the rounds went, once the loop has ended after {@code finished} rounds and {@code settling} first. */
    Rounds rounds(int finished, boolean stopped, Double idlePercent, int settling) {
        String why = reason != null ? reason : stopped ? Rounds.STOPPED : Rounds.LAST_CYCLE;
        return new Rounds(reason != null ? run : finished, why, stopping.precision(), idlePercent, settings.forks(),
                stopper.looks(), stopper.planned(), stopper.finalShare(), settling,
                (System.nanoTime() - startNanos) / 1e9);
    }
}
