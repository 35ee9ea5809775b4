package dev.cqlbench.app.orchestrate;

import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.analysis.Looks;
import dev.cqlbench.analysis.Stopper;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Whether another round is needed. An adaptive run plans its rounds from its pace and the time it has left until its
 * first look, looks at its data only at the rounds {@link Looks} places in that plan, each look's intervals at its
 * exact boundary, and stops at a look once every primary question is settled (different, or the same within the
 * precision, or its claim decided; a comparison too short for an interval is not), or none still open could be. Any
 * run stops once the measuring time is spent, or its planned rounds are done. The result records the plan and the
 * looks taken, so its intervals spend exactly what is left.
 */
final class RoundRule {

    /**
     * An interval of fewer degrees of freedom is too unsure of its own width to rank (its t quantile at the family's
     * error runs to thousands): a progress line does not call it the widest.
     */
    static final double MEANINGFUL_DF = 3;

    /** Rounds of a long run between two lines of progress. */
    static final int TELL_EVERY = 10;

    private final RunSettings settings;
    private final Stopping stopping;
    private final long startNanos;
    private final Stopper stopper;
    private final VarianceModel variance;
    private final Family family;
    private String reason;
    private int run;
    private long settledNanos;
    private dev.cqlbench.result.Batches batch = dev.cqlbench.result.Batches.CHOSEN;
    private List<String> futilePrimary = List.of();
    private List<String> apart = List.of();

    /** @param family what the run asks, fixed before its data */
    RoundRule(RunSettings settings, Family family, long startNanos, VarianceModel variance) {
        this.settings = settings;
        this.family = family;
        this.stopping = settings.asked().stopping() == null ? Stopping.fixed() : settings.asked().stopping();
        this.startNanos = startNanos;
        this.variance = variance;
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
     * The settling rounds are over after {@code seconds}: their pace places the looks within the rounds the time left
     * can hold.
     */
    void settled(int settlingRounds, double seconds) {
        settledNanos = System.nanoTime();
        stopper.plan(0, settlingRounds == 0 ? 0 : seconds / settlingRounds, left());
    }

    /** Seconds of the time limit left; infinite without one. */
    private double left() {
        return stopping.maxSeconds() > 0 ? stopping.maxSeconds() - (System.nanoTime() - startNanos) / 1e9
                : Double.POSITIVE_INFINITY;
    }

    /** The pace of the measured rounds so far, seconds a round. */
    private java.util.OptionalDouble measuredSeconds(int finished) {
        return finished <= 0 || settledNanos == 0 ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of((System.nanoTime() - settledNanos) / 1e9 / finished);
    }

    /**
     * After {@code finished} rounds (fewer than the plan's): null to run another, else a line saying why the run stops
     * here. Every {@link #TELL_EVERY} rounds of a long run, {@code tell} hears how many comparisons are still open.
     */
    String done(int finished, List<VariantRun> units, Consumer<String> tell) {
        run = finished;
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        if (units.stream().noneMatch(VariantRun::live)) {
            reason = Rounds.FAILED;
            return "every variant has failed: no new round starts";
        }
        if (stopping.maxSeconds() > 0 && seconds >= stopping.maxSeconds()) {
            reason = Rounds.TIME_LIMIT;
            return String.format(Locale.ROOT, "time limit of %d s reached after %d rounds: no new round starts",
                    stopping.maxSeconds(), finished);
        }
        if (stopper.reachedPlan(finished)) {
            reason = Rounds.PLANNED;
            return String.format(Locale.ROOT, "the %d rounds planned are done: no new round starts", finished);
        }
        // the pace of the measured rounds replaces the settling rounds' until the first look, which freezes the plan
        measuredSeconds(finished).ifPresent(pace -> stopper.plan(finished, pace, left()));
        boolean look = stopper.looksAt(finished);
        boolean tellNow = settings.plan().cycles() > RunProgress.FEW_CYCLES && finished % TELL_EVERY == 0;
        if (!look && !tellNow) {
            return null;
        }
        List<Block> blocks = units.stream().flatMap(u -> u.blocks().stream()).toList();
        if (look) {
            Analysis[] seen = new Analysis[1];
            boolean stop = stopper.look(finished, looks -> seen[0] = Analysis.at(settings, family, blocks, looks,
                    variance, batch));
            if (!batch.frozen()) {
                batch = Analysis.frozenBatch(seen[0]);
                if (!stop) {
                    apart = seen[0].jvms().apart(); // at the first look only: the run's JVMs against the calibration's
                }
            }
            if (stop) {
                Analysis analysis = seen[0];
                if (stopper.answered()) {
                    reason = Rounds.ANSWERED;
                    return String.format(Locale.ROOT, "all %d primary questions settled after %d rounds (%.0f s, look "
                            + "%d): no new round starts", analysis.primary().size(), finished, seconds,
                            stopper.looks().size());
                }
                reason = Rounds.FUTILE;
                List<Question> primary = stopper.futile();
                futilePrimary = primary.stream().map(RoundRule::label).toList();
                return String.format(Locale.ROOT, "%d of %d primary questions settled after %d rounds (%.0f s, look "
                        + "%d); the %d not decided could not be decided within the rounds left (%s): no new round starts",
                        analysis.primary().size() - primary.size(), analysis.primary().size(), finished, seconds,
                        stopper.looks().size(), primary.size(), names(primary));
            }
            if (tellNow) {
                tell.accept(progressLine(finished, seconds, seen[0]));
            }
            return null;
        }
        tell.accept(progressLine(finished, seconds, Analysis.at(settings, family, blocks, stopper.at(finished, false),
                variance, batch)));
        return null;
    }

    private String progressLine(int finished, double seconds, Analysis analysis) {
        String of = finished <= stopper.planned() ? "/" + stopper.planned() : "";
        return String.format(Locale.ROOT, "round %d%s, %.0f s: %s", finished, of, seconds,
                open(analysis, analysis.standing().unsettled()));
    }

    /**
     * Whether more JVMs for a variant would pay after {@code finished} rounds. A variant's rounds are those every one
     * of its JVMs ran, so JVMs added now leave it only the rounds after they have warmed ({@code warmSeconds}, in which
     * no round runs) and settled: they pay where the rounds the run still expects to hold leave at least as many as
     * the {@code finished} it gives up. A 120-s profile of every library gave two JVMs to one at its first look in
     * two runs of two: they warmed for 30 s of its 120 and measured no block.
     */
    boolean morePay(int finished, double warmSeconds) {
        java.util.OptionalDouble pace = measuredSeconds(finished);
        return pace.isPresent() && morePay(finished, stopper.reach(), pace.getAsDouble(), warmSeconds);
    }

    /** The same for a run that expects to hold {@code reach} rounds, each of {@code roundSeconds}. */
    static boolean morePay(int finished, int reach, double roundSeconds, double warmSeconds) {
        if (roundSeconds <= 0) {
            return false;
        }
        double after = reach - finished - warmSeconds / roundSeconds - dev.cqlbench.analysis.Settling.QUIET_ROUNDS;
        return after >= finished;
    }

    /**
     * The variants whose JVMs the first look found further apart than their calibration says (once: the list empties
     * as it is read), for the orchestrator to give more JVMs.
     */
    List<String> takeJvmsApart() {
        List<String> out = apart;
        apart = List.of();
        return out;
    }

    /** "write spring-data over driver4 time, …" for a line. */
    static String names(List<Question> questions) {
        List<String> out = new ArrayList<>();
        for (Question q : questions) {
            out.add(label(q));
        }
        return String.join(", ", out);
    }

    private static String label(Question q) {
        return q.nameA() + " over " + q.nameB() + " " + String.join("+", q.a().operations()) + " " + q.measure().word;
    }

    /**
     * "3 of 8 primary questions not decided, widest spring-data over driver4 delete time ±6.1 %", or that none is asked. An
     * interval too short to mean anything (fewer than {@link Estimate#MIN_ROUNDS} rounds) is not ranked.
     */
    private static String open(Analysis analysis, List<Question> open) {
        if (analysis.primary().isEmpty()) {
            return "no comparison asked";
        }
        if (open.isEmpty()) {
            return "all " + analysis.primary().size() + " primary questions settled";
        }
        Question widest = null;
        PairedRatio widestRatio = null;
        for (Question q : open) {
            PairedRatio r = analysis.answer(q);
            boolean wider = widestRatio == null || r != null && r.halfWidth() > widestRatio.halfWidth();
            if (r != null && r.df() >= MEANINGFUL_DF && wider) {
                widestRatio = r;
                widest = q;
            }
        }
        return String.format(Locale.ROOT, "%d of %d primary questions not decided%s", open.size(), analysis.primary().size(),
                widest == null ? " (their intervals rest on too little yet to say how wide)"
                        : String.format(Locale.ROOT, ", widest %s %s", label(widest), widestRatio.tooWide()
                                ? PairedRatio.TOO_WIDE : String.format(Locale.ROOT, "±%.1f %%",
                                        widestRatio.halfWidth() * 100)));
    }

    /** How the rounds went, once the loop has ended after {@code finished} rounds and {@code settling} first. */
    Rounds rounds(int finished, boolean stopped, Double idlePercent, int settling) {
        String why = reason != null ? reason : stopped ? Rounds.STOPPED : Rounds.LAST_CYCLE;
        int measured = reason != null ? run : finished;
        Looks last = stopper.at(measured, stopper.stoppedAtLook());
        Rounds.Sequential sequential = new Rounds.Sequential(stopping.precision(), stopper.looks(), last.count(),
                last.share(settings.asked().familyConfidence(), family.primary().size()),
                stopping.adaptive() ? stopper.planned() : null, batch);
        return new Rounds(measured, why, idlePercent, settings.processes().forks(), sequential, settling,
                (System.nanoTime() - startNanos) / 1e9, Rounds.FUTILE.equals(why) ? futilePrimary : List.of());
    }
}
