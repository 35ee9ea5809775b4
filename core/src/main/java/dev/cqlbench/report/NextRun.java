package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.run.RunLine;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The run that would answer what a run left open: the same command with the rounds its widest open comparison needs,
 * and about how long that takes on the host that ran this one. A comparison is answered once its interval leaves
 * out no difference (half-width below |log ratio|) or lies within the margin (below log(1 + margin) − |log ratio|);
 * a half-width shrinks as one over the square root of the rounds, so the rounds needed are the rounds run times the
 * square of what the half-width must shrink by, and a third more: later looks spend less of the error each, and an
 * estimate of the ratio moves. It is a forecast, not a promise: the report says "about".
 *
 * @param command  what to type, from {@code ./cqlbench run}
 * @param rounds   rounds the forecast needs (settling not counted)
 * @param minutes  the whole run, set-up included, at this run's pace
 * @param beyond   open questions even that run would likely leave open: their ratio too near what would settle
 *                 them, or their JVMs too far apart, for {@link #MOST} times the rounds and {@link #MOST_FORKS} JVMs
 * @param runs     whole runs the command pools ({@code --runs}): more than one where what moves whole runs apart on
 *                 this host keeps a question open in one run however long
 */
public record NextRun(String command, int rounds, int minutes, int beyond, int runs) {

    public NextRun(String command, int rounds, int minutes, int beyond) {
        this(command, rounds, minutes, beyond, 1);
    }

    /** Rounds asked on top of the square-root forecast. */
    static final double SAFETY = 1.35;
    /** A forecast beyond this many times the rounds run says no more than that. */
    static final double MOST = 100;

    /**
     * The run that would answer every question this one left open; empty when it answered them all. A scenario whose
     * claims rest on series of seconds rather than rounds (mixes, scale-out) asks the same run twice as long.
     */
    public static Optional<NextRun> of(Reading reading) {
        RunResult result = reading.result();
        Rounds rounds = result.rounds();
        if (rounds == null) {
            return Optional.empty();
        }
        Analysis analysis = reading.analysis();
        if (analysis.family().isEmpty()) {
            return longer(result);
        }
        List<Question> open = analysis.standing().unsettled();
        if (open.isEmpty()) {
            return Optional.empty();
        }
        int run = Math.max(1, rounds.run());
        List<Map.Entry<Claim, PairedRatio>> asked = new ArrayList<>();
        List<Double> fixed = new ArrayList<>();
        for (Claim c : analysis.questions().primary()) {
            if (open.contains(c.question())) {
                asked.add(new AbstractMap.SimpleEntry<>(c, analysis.answer(c.question())));
                Question q = c.question();
                fixed.add(result.pooled() ? 0 : analysis.variance().run(q).floor());
            }
        }
        double[] pace = pace(result);
        // a JVM's start and warm-up, in its turns of a round: what one more JVM costs before it measures anything
        double jvmRounds = pace[0] > 0 ? pace[1] / pace[0] : 0;
        int[] plan = plan(asked, run, rounds.forks(), analysis.margin(), jvmRounds, fixed);
        if (plan[2] > 0 || result.pooled()) {
            // what moves whole runs apart keeps them open in one run however long: more whole runs, pooled
            int runs = runs(asked, analysis.margin(), Math.max(1, result.parts().size()));
            return Optional.of(runs <= MOST_RUNS ? pooled(result, runs)
                    : new NextRun("./cqlbench calibrate --runs 16", 0, 0, asked.size(), Integer.MAX_VALUE));
        }
        return Optional.of(of(result, plan[1], plan[0], plan[2]));
    }

    /** The most whole runs the forecast proposes to pool. */
    static final int MOST_RUNS = 20;

    /**
     * The whole runs, like this result's (its runs, {@code now}, when it pools several), that pooled would answer the
     * open questions: each question's variance over the runs, what moves whole runs included.
     */
    static int runs(List<Map.Entry<Claim, PairedRatio>> open, double margin, int now) {
        double most = 2;
        for (Map.Entry<Claim, PairedRatio> q : open) {
            PairedRatio r = q.getValue();
            double wanted = r == null ? 0 : q.getKey().needed(r.ratio(), margin);
            if (!(wanted > 0)) {
                return Integer.MAX_VALUE;
            }
            most = Math.max(most, r.runsFor(wanted) * now * SAFETY);
        }
        return (int) Math.ceil(most);
    }

    /** The command of {@code result} as {@code runs} whole runs of its length, pooled; and their time. */
    static NextRun pooled(RunResult result, int runs) {
        Rounds rounds = result.rounds();
        int now = Math.max(1, result.parts().size());
        double[] pace = pace(result);
        double measuring = rounds.seconds() > 0 ? rounds.seconds() / now : pace[0] * (rounds.run() + rounds.settling());
        double setUp = pace[1] / now;
        int maxTime = (int) (Math.ceil(measuring * runs / 30.0) * 30);
        int minutes = (int) Math.ceil(runs * (setUp + measuring) / 60);
        RunLine line = typed(result).without(RunOption.MAX_TIME, RunOption.RUNS, RunOption.PRECISION)
                .with(RunOption.RUNS, Integer.toString(runs)).with(RunOption.MAX_TIME, Integer.toString(maxTime));
        return new NextRun(line.toString(), rounds.run() / now, Math.max(1, minutes), 0, runs);
    }

    /**
     * The JVMs a side and the rounds that would answer the {@code open} primary questions ({claim, its ratio now}),
     * from where they stand after {@code run} rounds of {@code forks} JVMs: where the JVMs of a side sit further
     * apart than rounds can average away, more JVMs answer sooner. Over this run's forks up to {@link #MOST_FORKS}
     * (one JVM stays one), the fewest questions left beyond reach ({@link #MOST} times this run's rounds), then the
     * fewest JVM-rounds (each round takes every JVM's turn), each JVM's start costing {@code jvmRounds} of them;
     * {forks, rounds, questions beyond reach}.
     */
    static int[] plan(List<Map.Entry<Claim, PairedRatio>> open, int run, int forks, double margin,
                      double jvmRounds, List<Double> fixed) {
        int best = forks;
        double bestRounds = Double.POSITIVE_INFINITY;
        double bestCost = Double.POSITIVE_INFINITY;
        int bestBeyond = Integer.MAX_VALUE;
        for (int k = forks; k <= (forks > 1 ? MOST_FORKS : forks); k++) {
            double needed = run;
            int beyond = 0;
            for (int i = 0; i < open.size(); i++) {
                Map.Entry<Claim, PairedRatio> q = open.get(i);
                double r = rounds(q.getValue(), q.getKey(), run, margin, k, fixed.get(i));
                if (r * SAFETY > run * MOST) {
                    beyond++;
                }
                needed = Math.max(needed, r);
            }
            double capped = Math.min(needed * SAFETY, run * MOST);
            double cost = k * (capped + jvmRounds);
            if (beyond < bestBeyond || beyond == bestBeyond && cost < bestCost) {
                best = k;
                bestRounds = capped;
                bestCost = cost;
                bestBeyond = beyond;
            }
        }
        return new int[] {best, (int) Math.ceil(bestRounds), bestBeyond};
    }

    /** The most JVMs a variant the forecast proposes. */
    static final int MOST_FORKS = 8;

    /** The rounds one primary question needs to be settled, from where it stands after {@code run} rounds. */
    static double rounds(PairedRatio r, Claim claim, int run, double margin) {
        return rounds(r, claim, run, margin, r == null ? 1 : r.forks(), 0);
    }

    /**
     * The same with {@code forks} JVMs a side, {@code fixed} of its variance what moves whole runs: infinite when no
     * number of rounds would settle it.
     */
    static double rounds(PairedRatio r, Claim claim, int run, double margin, int forks, double fixed) {
        if (r == null) {
            return Math.max(2.0 * Estimate.MIN_ROUNDS, 2.0 * run);
        }
        double half = Math.log(r.upper() / r.lower()) / 2;
        double wanted = claim.needed(r.ratio(), margin);
        if (!(wanted > 0) || !(half > 0)) {
            return run * MOST;
        }
        return r.roundsFor(wanted, forks, run, fixed);
    }

    /**
     * The command of {@code result} with {@code target} rounds of {@code forks} JVMs a variant, and its time;
     * {@code beyond} questions it would likely leave open.
     */
    static NextRun of(RunResult result, int target, int forks, int beyond) {
        Rounds rounds = result.rounds();
        int settling = rounds.settling();
        double[] pace = pace(result);
        double perRound = pace[0];
        double setUp = pace[1];
        double moreJvms = (double) forks / rounds.forks();
        perRound *= moreJvms; // every JVM takes its turn in every round
        setUp *= moreJvms; // most of it is starting and warming the JVMs
        int maxTime = (int) (Math.ceil(perRound * (target + settling) / 30.0) * 30);
        int cycles = Math.max(result.plan().cycles(), target + settling + 1);
        int minutes = (int) Math.ceil((setUp + maxTime) / 60);
        RunLine typed = typed(result);
        RunLine line = typed.without(RunOption.MAX_TIME, RunOption.CYCLES, RunOption.FORKS);
        if (forks != rounds.forks() || typed.has(RunOption.FORKS)) {
            line = line.with(RunOption.FORKS, Integer.toString(forks));
        }
        if (cycles > result.plan().cycles() || typed.has(RunOption.CYCLES)) {
            line = line.with(RunOption.CYCLES, Integer.toString(cycles));
        }
        line = line.with(RunOption.MAX_TIME, Integer.toString(maxTime));
        return new NextRun(line.toString(), target, Math.max(1, minutes), beyond);
    }

    /** This run's seconds a round (settling counted) and seconds before its rounds (starting and warming). */
    private static double[] pace(RunResult result) {
        Rounds rounds = result.rounds();
        int all = Math.max(1, rounds.run() + rounds.settling());
        double wall = wallSeconds(result);
        double perRound = rounds.seconds() > 0 ? rounds.seconds() / all : wall / all;
        double setUp = Math.max(0, wall - (rounds.seconds() > 0 ? rounds.seconds() : perRound * all));
        return new double[] {perRound, setUp};
    }

    /**
     * The command the run was typed with, but {@code --cluster-dir}: a cluster directory may be gone (the demo's
     * shared node), and a run without one starts its own nodes.
     */
    static RunLine typed(RunResult result) {
        return RunLine.of(result.scenario(), result.settings().command()).without(RunOption.CLUSTER_DIR);
    }

    /** The same command with its phases twice as long ({@code --duration}), where time bounds them. */
    static Optional<NextRun> longer(RunResult result) {
        RunLine typed = typed(result);
        String given = typed.value("--duration").orElse(null);
        if (given == null) {
            long millis = result.plan().phaseMillis();
            if (millis <= 0) {
                return Optional.empty();
            }
            given = (millis + 999) / 1000 + "s";
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)([a-z]*)").matcher(given);
        if (!m.matches()) {
            return Optional.empty();
        }
        RunLine line = typed.with("--duration", Long.parseLong(m.group(1)) * 2 + m.group(2));
        int minutes = (int) Math.ceil(2 * wallSeconds(result) / 60);
        return Optional.of(new NextRun(line.toString(), 0, Math.max(1, minutes), 0));
    }

    private static double wallSeconds(RunResult result) {
        try {
            return Duration.between(Instant.parse(result.course().startedAt()),
                    Instant.parse(result.course().finishedAt()))
                    .toMillis() / 1e3;
        } catch (DateTimeParseException | NullPointerException e) {
            return 0;
        }
    }

    /**
     * "run `./cqlbench run crud … --max-time 600` (about 12 min)", and how many questions it would likely leave open
     * where it would.
     */
    public String sentence() {
        if (runs == Integer.MAX_VALUE) {
            boolean one = beyond == 1;
            return String.format(Locale.ROOT, "no run of this length will do, even %d pooled: at the ratios seen "
                    + "now, its rounds and what moves whole runs apart on this host leave %s; longer runs pooled, or "
                    + "a calibration of more runs (`%s`, about 16 runs of 6 min), narrow that",
                    MOST_RUNS, one ? "its interval wider than its claim allows"
                            : "their intervals wider than their claims allow", command);
        }
        if (runs > 1) {
            return String.format(Locale.ROOT, "run `%s` (about %d min: %d whole runs pooled; what moves whole runs "
                    + "apart on this host keeps them open in one run, however long)", command, minutes, runs);
        }
        return String.format(Locale.ROOT, "run `%s` (about %d min%s)", command, minutes, beyond == 0 ? ""
                : String.format(Locale.ROOT, "; even it would likely leave %d open: %s", beyond, beyond == 1
                        ? "its ratio sits too near what would settle it, or its JVMs too far apart"
                        : "their ratios sit too near what would settle them, or their JVMs too far apart"));
    }
}
