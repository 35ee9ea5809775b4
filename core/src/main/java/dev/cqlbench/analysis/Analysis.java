package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.PairedRatio;
import dev.cqlbench.stats.RunNoise;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Every estimate and comparison of a run, derived from its blocks: the one place figures get their intervals.
 * <ul>
 *   <li>A variant's figure ({@link #figure}): its forks' full blocks, round by round, at the individual level
 *       ({@code --confidence}).</li>
 *   <li>Comparisons ({@link #answer}): only the questions the run asked ({@link Family}), fixed before its data and
 *       stored with its result. The primary ones hold jointly at the family level ({@code --family-confidence}):
 *       each spends (1 − family level)/m of error, m their number (Bonferroni), times its look's share
 *       ({@link Looks}). The descriptive ones are marked by the Benjamini–Hochberg rule at the false-discovery rate
 *       ({@link Defaults#FALSE_DISCOVERY_RATE}): with R of their m marked, each interval is at 1 − R·q/m
 *       (Benjamini and Yekutieli's intervals for the selected, which cover as a set at that rate), and a mark is
 *       exactly an interval that leaves out 1.</li>
 *   <li>Every interval's variance comes from the whole run's series of its measure ({@link RunNoise}): many
 *       degrees of freedom, the between-JVM variance with its prior.</li>
 * </ul>
 * Blocks cut short (a run stopped inside one) are not samples of O operations and are left out; a round counts for
 * a variant when every one of its forks has that round's blocks.
 */
public final class Analysis {

    private final RunSettings settings;
    private final double share;
    private final Family family;
    private final Map<String, Map<String, List<Block>>> blocks = new LinkedHashMap<>();
    private final Map<Measure, RunNoise> noise = new EnumMap<>(Measure.class);
    private final Map<Measure, BetweenJvm> pooled = new EnumMap<>(Measure.class);
    private Map<Question, PairedRatio> answers;

    private Analysis(RunSettings settings, Family family, List<Block> all, double share) {
        this.settings = settings;
        this.share = share;
        this.family = family != null ? family : QuestionSource.loaded().family(settings);
        for (Block b : all) {
            if (b.full(settings.plan().operationsPerRepetition(b.operation()))) {
                blocks.computeIfAbsent(b.variant(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(b.operation(), k -> new ArrayList<>()).add(b);
            }
        }
    }

    /**
     * A finished run's analysis: the family it stored (results of earlier versions: its scenario's now), its final
     * look's share of the error ({@link RunResult#rounds()}).
     */
    public static Analysis of(RunResult result) {
        return new Analysis(result.settings(), result.family(), result.blocks(),
                result.rounds() == null ? 1 : result.rounds().share());
    }

    /** The analysis of a run still going on, at a look that may spend {@code share} of the error. */
    public static Analysis at(RunSettings settings, List<Block> blocks, double share) {
        return new Analysis(settings, null, blocks, share);
    }

    /** The same analysis with a given family (the simulation suite's, or a result's). */
    public static Analysis at(RunSettings settings, Family family, List<Block> blocks, double share) {
        return new Analysis(settings, family, blocks, share);
    }

    public RunSettings settings() {
        return settings;
    }

    /** What the run asks: its primary and descriptive questions. */
    public Family questions() {
        return family;
    }

    /** Every question asked, primary first. */
    public List<Question> family() {
        return family.all();
    }

    /** The primary questions. */
    public List<Question> primary() {
        return family.primaryQuestions();
    }

    /** The level at which the primary questions' intervals hold jointly. */
    public double familyLevel() {
        return settings.familyConfidence();
    }

    /** The false-discovery rate the descriptive comparisons' marks keep. */
    public double falseDiscoveryRate() {
        return Defaults.FALSE_DISCOVERY_RATE;
    }

    /** The level each of a variant's own figures holds. */
    public double level() {
        return settings.confidenceLevel();
    }

    /** The share of the error this analysis spends (1 for a run that looked once). */
    public double share() {
        return share;
    }

    /** The precision asked for: the margin within which two variants count as the same (0: none). */
    public double margin() {
        return settings.stopping() == null ? 0 : settings.stopping().precision();
    }

    /** The forks (JVMs) a variant's blocks came from. */
    public int forks(String variant) {
        return (int) blocks.getOrDefault(variant, Map.of()).values().stream().flatMap(List::stream)
                .mapToInt(Block::fork).distinct().count();
    }

    /** Whether any block of the variant's operation has the measure. */
    public boolean has(String variant, String operation, Measure measure) {
        return blocks.getOrDefault(variant, Map.of()).getOrDefault(operation, List.of()).stream()
                .anyMatch(b -> measure.of(b) != null);
    }

    /** Full blocks of a variant's operation, in the order they ran. */
    public List<Block> blocks(String variant, String operation) {
        List<Block> out = new ArrayList<>(blocks.getOrDefault(variant, Map.of()).getOrDefault(operation, List.of()));
        out.sort(Block.IN_ORDER);
        return out;
    }

    /** A variant's figure in one operation at the individual level; null with too few rounds. */
    public Estimate figure(String variant, String operation, Measure measure) {
        SortedMap<Long, double[]> rounds = rounds(new Question.Side(variant, List.of(operation)), measure);
        if (rounds.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        return noise(measure).figure(variant, operation, series(rounds, rounds.keySet()), (1 - level()) * share,
                level());
    }

    /** A variant's figure round by round: the geometric mean over its forks, in rounds where every fork has it. */
    public Map<Long, Double> byRound(String variant, String operation, Measure measure) {
        Map<Long, Double> out = new TreeMap<>();
        rounds(new Question.Side(variant, List.of(operation)), measure).forEach((round, logs) ->
                out.put(round, Math.exp(Arrays.stream(logs).average().orElseThrow())));
        return out;
    }

    /**
     * How far JVMs of one library sit apart in a measure, from the run's own forks (no prior), pooled over every
     * variant and operation: what the report shows of the between-JVM variance.
     */
    public BetweenJvm betweenJvm(Measure measure) {
        return pooled.computeIfAbsent(measure, m -> BetweenJvm.of(units(m, null)));
    }

    /** The same from one variant's operations alone. */
    public BetweenJvm betweenJvm(String variant, Measure measure) {
        return BetweenJvm.of(units(measure, variant));
    }

    private List<ForkSeries> units(Measure measure, String only) {
        List<ForkSeries> out = new ArrayList<>();
        blocks.forEach((variant, ops) -> {
            if (only != null && !only.equals(variant)) {
                return;
            }
            for (String operation : ops.keySet()) {
                SortedMap<Long, double[]> rounds = rounds(new Question.Side(variant, List.of(operation)), measure);
                if (rounds.size() >= Estimate.MIN_ROUNDS && rounds.get(rounds.firstKey()).length >= 2) {
                    out.add(series(rounds, rounds.keySet()));
                }
            }
        });
        return out;
    }

    /** The measure's noise over the whole run: every variant's single-operation series with forks. */
    private RunNoise noise(Measure measure) {
        return noise.computeIfAbsent(measure, m -> {
            Map<String, Map<String, ForkSeries>> all = new LinkedHashMap<>();
            blocks.forEach((variant, ops) -> {
                for (String operation : ops.keySet()) {
                    SortedMap<Long, double[]> rounds = rounds(new Question.Side(variant, List.of(operation)), m);
                    if (rounds.size() >= Estimate.MIN_ROUNDS && rounds.get(rounds.firstKey()).length >= 2) {
                        all.computeIfAbsent(variant, k -> new LinkedHashMap<>())
                                .put(operation, series(rounds, rounds.keySet()));
                    }
                }
            });
            return RunNoise.of(all, Defaults.jvmSd(m.word), Defaults.JVM_SD_DF);
        });
    }

    /**
     * The answer to one of the run's questions (or to its reverse): a primary question at the family level, a
     * descriptive one at its false-discovery level; null when the two sides share too few rounds. Asking what the
     * run did not ask is a mistake: its answer would keep no promise.
     */
    public PairedRatio answer(Question question) {
        Map<Question, PairedRatio> all = answers();
        if (all.containsKey(question)) {
            return all.get(question);
        }
        if (all.containsKey(question.reversed())) {
            PairedRatio r = all.get(question.reversed());
            return r == null ? null : new PairedRatio(r.b(), r.a(), 1 / r.ratio(), 1 / r.upper(), 1 / r.lower(),
                    r.level(), r.pairs(), r.forks(), r.df(), r.logSe(), r.alpha(), r.lasting());
        }
        throw new IllegalArgumentException("not one of the run's questions: " + question);
    }

    /** A against B in one operation: {@link #answer} of {@link Question#of}. */
    public PairedRatio compare(String a, String b, String operation, Measure measure) {
        return answer(Question.of(a, b, operation, measure));
    }

    /** Whether {@code q} is one of the primary questions (whose marks hold jointly at the family level). */
    public boolean isPrimary(Question q) {
        return family.isPrimary(q);
    }

    /**
     * The mark a page puts beside a question's answer: a primary one "*" different, "≈" the same within the
     * precision (both holding jointly at the family level); a descriptive one "+" different, "~" the same (its
     * false-discovery level); "" neither.
     */
    public String mark(Question q, PairedRatio r) {
        if (r == null) {
            return "";
        }
        boolean primary = isPrimary(q);
        return r.different() ? (primary ? "*" : "+") : r.equivalent(margin()) ? (primary ? "≈" : "~") : "";
    }

    /** The two-sided error each primary interval spends. */
    public double familyAlpha() {
        return (1 - familyLevel()) * share / Math.max(1, family.primary().size());
    }

    /** Every question's answer, computed at once: one measure's comparisons moderate each other. */
    private Map<Question, PairedRatio> answers() {
        if (answers != null) {
            return answers;
        }
        Map<Question, PairedRatio> out = new HashMap<>();
        Map<Measure, List<Question>> byMeasure = new EnumMap<>(Measure.class);
        family.all().forEach(q -> byMeasure.computeIfAbsent(q.measure(), m -> new ArrayList<>()).add(q));
        double alpha = familyAlpha();
        byMeasure.forEach((measure, questions) -> {
            List<Question> answered = new ArrayList<>();
            List<RunNoise.Comparison> comparisons = new ArrayList<>();
            for (Question q : questions) {
                RunNoise.Comparison c = comparison(q);
                if (c != null) {
                    answered.add(q);
                    comparisons.add(c);
                }
            }
            List<double[][]> terms = RunNoise.terms(comparisons);
            for (int i = 0; i < answered.size(); i++) {
                Question q = answered.get(i);
                RunNoise.Comparison c = comparisons.get(i);
                out.put(q, PairedRatio.of(q.nameA(), q.nameB(), c.mean(), c.pairs(), c.forks(), terms.get(i), alpha,
                        familyLevel()));
            }
        });
        family.all().forEach(q -> out.putIfAbsent(q, null));
        List<Question> descriptive = family.descriptive().stream().filter(q -> out.get(q) != null).toList();
        if (!descriptive.isEmpty()) {
            // Benjamini–Hochberg over the descriptive comparisons answered: R of m marked, each interval at 1 − R·q/m
            int m = descriptive.size();
            double[] p = descriptive.stream().mapToDouble(q -> out.get(q).pValue()).sorted().toArray();
            double q = falseDiscoveryRate();
            int marked = 0;
            for (int i = m; i >= 1; i--) {
                if (p[i - 1] <= i * q / m) {
                    marked = i;
                    break;
                }
            }
            double level = 1 - Math.max(1, marked) * q / m;
            descriptive.forEach(d -> out.put(d, out.get(d).at(1 - level, level)));
        }
        answers = out;
        return out;
    }

    /** One question's parts, over the rounds its two sides share; null with too few. */
    private RunNoise.Comparison comparison(Question q) {
        SortedMap<Long, double[]> a = rounds(q.a(), q.measure());
        SortedMap<Long, double[]> b = rounds(q.b(), q.measure());
        TreeSet<Long> common = new TreeSet<>(a.keySet());
        common.retainAll(b.keySet());
        if (common.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        return noise(q.measure()).compare(q.a().variant(), single(q.a()), series(a, common), q.b().variant(),
                single(q.b()), series(b, common));
    }

    private static String single(Question.Side side) {
        return side.operations().size() == 1 ? side.operations().get(0) : null;
    }

    /** Where the run's questions stand: which are settled, open, futile; what a claim of several parts says. */
    public Standing standing() {
        return new Standing(this);
    }

    /**
     * The study's own figure: the mean total time of O operations (ms) over the rounds (each round's mean over forks),
     * with its interval at the individual level; null without full blocks.
     */
    public ConfidenceInterval totalTime(String variant, String operation) {
        Map<Long, List<Double>> byRound = new TreeMap<>();
        for (Block b : blocks(variant, operation)) {
            byRound.computeIfAbsent(b.round(), k -> new ArrayList<>()).add(b.totalNanos() / 1e6);
        }
        List<Double> means = byRound.values().stream()
                .map(v -> v.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).toList();
        if (means.isEmpty()) {
            return null;
        }
        ConfidenceInterval ci = ConfidenceInterval.of(means, level());
        return ci != null ? ci : new ConfidenceInterval(means.stream().mapToDouble(Double::doubleValue).average()
                .orElseThrow(), Double.NaN, Double.NaN, level(), means.size());
    }

    /**
     * The rounds in which every fork of the side's variant has every one of its operations with the measure: per
     * round, each fork's value (log scale; the mean over the side's operations when there are several).
     */
    private SortedMap<Long, double[]> rounds(Question.Side side, Measure measure) {
        Map<String, List<Block>> ops = blocks.getOrDefault(side.variant(), Map.of());
        int forks = forks(side.variant());
        SortedMap<Long, double[]> sums = new TreeMap<>();
        Map<Long, int[]> seen = new HashMap<>();
        for (String operation : side.operations()) {
            for (Block b : ops.getOrDefault(operation, List.of())) {
                Double v = measure.of(b);
                if (v == null || b.fork() >= forks) {
                    continue;
                }
                sums.computeIfAbsent(b.round(), k -> new double[forks])[b.fork()] += Math.log(v);
                seen.computeIfAbsent(b.round(), k -> new int[forks])[b.fork()]++;
            }
        }
        int needed = side.operations().size();
        SortedMap<Long, double[]> out = new TreeMap<>();
        sums.forEach((round, s) -> {
            int[] n = seen.get(round);
            boolean complete = true;
            for (int k = 0; k < forks; k++) {
                complete &= n[k] == needed;
            }
            if (complete) {
                double[] mean = new double[forks];
                for (int k = 0; k < forks; k++) {
                    mean[k] = s[k] / needed;
                }
                out.put(round, mean);
            }
        });
        return out;
    }

    private static ForkSeries series(SortedMap<Long, double[]> rounds, java.util.Collection<Long> keep) {
        int forks = rounds.get(rounds.firstKey()).length;
        List<Long> order = new ArrayList<>(keep);
        double[][] logs = new double[forks][order.size()];
        for (int r = 0; r < order.size(); r++) {
            double[] v = Objects.requireNonNull(rounds.get(order.get(r)));
            for (int k = 0; k < forks; k++) {
                logs[k][r] = v[k];
            }
        }
        return ForkSeries.of(logs);
    }
}
