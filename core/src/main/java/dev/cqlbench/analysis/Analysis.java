package dev.cqlbench.analysis;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
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
 *       (each interval alone; {@code --confidence}).</li>
 *   <li>Comparisons ({@link #answer}): only the scenario's {@link Question}s, declared before the data, and they hold
 *       jointly at the family level ({@code --family-confidence}): each interval spends (1 − family level) / m of
 *       error, m the family's size (Bonferroni), times its look's share ({@link Looks}).</li>
 *   <li>The between-JVM variance τ² of each measure, pooled over every variant and operation with forks.</li>
 * </ul>
 * Blocks cut short (a run stopped inside one) are not samples of O operations and are left out; a round counts for
 * a variant when every one of its forks has that round's blocks.
 */
public final class Analysis {

    private final RunSettings settings;
    private final double share;
    private final List<Question> family;
    private final Map<String, Map<String, List<Block>>> blocks = new LinkedHashMap<>();
    private final Map<Measure, BetweenJvm> pooled = new EnumMap<>(Measure.class);
    private final Map<Question, PairedRatio> answers = new HashMap<>();

    private Analysis(RunSettings settings, List<Block> all, double share) {
        this.settings = settings;
        this.share = share;
        this.family = List.copyOf(QuestionSource.loaded().questions(settings));
        for (Block b : all) {
            if (b.full(settings.plan().operationsPerRepetition(b.operation()))) {
                blocks.computeIfAbsent(b.variant(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(b.operation(), k -> new ArrayList<>()).add(b);
            }
        }
    }

    /** A finished run's analysis: its final look's share of the error ({@link RunResult#rounds()}). */
    public static Analysis of(RunResult result) {
        return new Analysis(result.settings(), result.blocks(), result.rounds() == null ? 1 : result.rounds().share());
    }

    /** The analysis of a run still going on, at a look that may spend {@code share} of the error. */
    public static Analysis at(RunSettings settings, List<Block> blocks, double share) {
        return new Analysis(settings, blocks, share);
    }

    public RunSettings settings() {
        return settings;
    }

    /** The questions whose answers hold jointly, in the scenario's order. */
    public List<Question> family() {
        return family;
    }

    /** The level the family's intervals hold jointly. */
    public double familyLevel() {
        return settings.familyConfidence();
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
        if (rounds.isEmpty()) {
            return null;
        }
        return Estimate.of(series(rounds, rounds.keySet()), betweenJvm(measure), (1 - level()) * share, level());
    }

    /** A variant's figure round by round: the geometric mean over its forks, in rounds where every fork has it. */
    public Map<Long, Double> byRound(String variant, String operation, Measure measure) {
        Map<Long, Double> out = new TreeMap<>();
        rounds(new Question.Side(variant, List.of(operation)), measure).forEach((round, logs) ->
                out.put(round, Math.exp(java.util.Arrays.stream(logs).average().orElseThrow())));
        return out;
    }

    /** τ² of a measure, pooled over every variant and operation that ran with forks. */
    public BetweenJvm betweenJvm(Measure measure) {
        return pooled.computeIfAbsent(measure, m -> BetweenJvm.of(units(m, null)));
    }

    /** τ² of a measure from one variant's operations alone (for the report; intervals use the pooled one). */
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

    /**
     * The answer to one of the family's questions (or to its reverse), at the family level; null when the two sides
     * share too few rounds. Asking what the family does not hold is a mistake: its answer would not be covered by
     * the family's level.
     */
    public PairedRatio answer(Question question) {
        if (family.contains(question)) {
            return answers.computeIfAbsent(question, this::compute);
        }
        if (family.contains(question.reversed())) {
            PairedRatio r = answer(question.reversed());
            return r == null ? null : new PairedRatio(r.b(), r.a(), 1 / r.ratio(), 1 / r.upper(), 1 / r.lower(),
                    r.level(), r.pairs(), r.forks(), r.df(), r.logSe(), r.alpha());
        }
        throw new IllegalArgumentException("not one of the scenario's questions: " + question);
    }

    /** A against B in one operation: {@link #answer} of {@link Question#of}. */
    public PairedRatio compare(String a, String b, String operation, Measure measure) {
        return answer(Question.of(a, b, operation, measure));
    }

    /** The two-sided error each of the family's intervals spends. */
    public double familyAlpha() {
        return (1 - familyLevel()) * share / Math.max(1, family.size());
    }

    private PairedRatio compute(Question q) {
        SortedMap<Long, double[]> a = rounds(q.a(), q.measure());
        SortedMap<Long, double[]> b = rounds(q.b(), q.measure());
        TreeSet<Long> common = new TreeSet<>(a.keySet());
        common.retainAll(b.keySet());
        if (common.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        return PairedRatio.of(q.nameA(), series(a, common), q.nameB(), series(b, common), betweenJvm(q.measure()),
                familyAlpha(), familyLevel());
    }

    /** Whether every question of the family is answered: different, or the same within the margin. */
    public boolean decided() {
        return undecided().isEmpty();
    }

    /** The family's questions not answered yet (too few rounds, or an interval that decides nothing). */
    public List<Question> undecided() {
        List<Question> out = new ArrayList<>();
        for (Question q : family) {
            PairedRatio r = answer(q);
            if (r == null || !r.decided(margin())) {
                out.add(q);
            }
        }
        return out;
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
