package dev.cqlbench.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Several whole runs of one command as one result ({@code run … --runs R}, {@code pool}): each a run of its own, with
 * its node, its JVMs and its data, kept whole in {@link RunResult#parts}; the pooled result answers the run's
 * questions over them (what moves whole runs, seen R times, is divided by R). Its variants' counts and histograms
 * are the runs' added up one after another, its blocks every run's. Runs that do not share a scenario, variants,
 * questions and settings but their seed and output are refused: pooling them would answer nothing either asked.
 */
public final class RunPool {

    private RunPool() {}

    /** Refused: the runs are not runs of one command. */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message);
        }
    }

    /**
     * The runs as one result, its questions answered within ±{@code precision} (the runs' own precision may be 0:
     * runs made to be pooled run every round their time holds and answer nothing themselves).
     */
    public static RunResult of(List<RunResult> runs, double precision) {
        if (runs.size() < 2) {
            throw new Refused("pooling needs two runs or more, got " + runs.size());
        }
        RunResult first = runs.get(0);
        for (RunResult r : runs) {
            if (r.pooled()) {
                throw new Refused("a pooled result cannot be pooled again: give its runs (its parts' directories)");
            }
            if (!r.scenario().equals(first.scenario())
                    || !r.settings().variantNames().equals(first.settings().variantNames())) {
                throw new Refused("runs of different scenarios or variants: " + first.scenario() + " "
                        + first.settings().variantNames() + " and " + r.scenario() + " "
                        + r.settings().variantNames());
            }
            if (!Objects.equals(r.frame().family(), first.frame().family())) {
                throw new Refused("runs that asked different questions (--question, --reference or their variants "
                        + "differ): pooling them would answer neither");
            }
            if (r.settings().processes().forks() < 2) {
                throw new Refused("runs of one JVM a variant: pooling answers comparisons paired by round over "
                        + "several JVMs (run them with --forks 2 or more)");
            }
        }
        List<VariantResult> variants = new ArrayList<>();
        for (int v = 0; v < first.variants().size(); v++) {
            int index = v;
            variants.add(ClientMerge.variant(runs.stream().map(r -> r.variants().get(index)).toList(), first.plan(),
                    false));
        }
        List<RunEvent> events = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        int rounds = 0;
        int settling = 0;
        double seconds = 0;
        boolean partial = false;
        for (RunResult r : runs) {
            events.addAll(r.course().events());
            blocks.addAll(r.blocks());
            partial |= r.course().partial();
            if (r.rounds() != null) {
                rounds += r.rounds().run();
                settling += r.rounds().settling();
                seconds += r.rounds().seconds();
            }
        }
        Rounds pooled = new Rounds(rounds, String.format(java.util.Locale.ROOT, "%d whole runs pooled", runs.size()),
                null, first.settings().processes().forks(), Rounds.Sequential.once(precision), settling, seconds,
                List.of());
        String startedAt = runs.stream().map(r -> r.course().startedAt()).filter(Objects::nonNull)
                .min(Comparator.naturalOrder()).orElse(first.course().startedAt());
        String finishedAt = runs.stream().map(r -> r.course().finishedAt()).filter(Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(first.course().finishedAt());
        String stopReason = runs.stream().map(r -> r.course().stopReason()).filter(Objects::nonNull).findFirst()
                .orElse(null);
        return new RunResult(new RunResult.Course(startedAt, finishedAt, partial, stopReason, events),
                settings(first.settings(), precision),
                new RunResult.RanOn(first.ranOn().cluster(), first.ranOn().clusters(), first.ranOn().environment(),
                        List.of()),
                variants, pooled, blocks, first.frame(), runs);
    }

    /** A run's settings as its pool answers them: within ±{@code precision}. */
    private static dev.cqlbench.run.RunSettings settings(dev.cqlbench.run.RunSettings s, double precision) {
        dev.cqlbench.run.Stopping given = s.asked().stopping();
        return s.toBuilder().asked(s.asked().withStopping(given == null ? new dev.cqlbench.run.Stopping(precision, 0)
                : new dev.cqlbench.run.Stopping(precision, given.maxSeconds(), given.sameConfidence()))).build();
    }
}
