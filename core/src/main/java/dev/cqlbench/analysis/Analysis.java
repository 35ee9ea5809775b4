package dev.cqlbench.analysis;

import dev.cqlbench.result.Batches;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.PairedRatio;
import dev.cqlbench.stats.RunNoise;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every estimate and comparison of a run, derived from its blocks: the one place figures get their intervals.
 * <ul>
 *   <li>A variant's figure ({@link #figure}): its forks' full blocks, round by round, at the individual level
 *       ({@code --confidence}).</li>
 *   <li>Comparisons ({@link #answer}): only the questions the run asked ({@link Family}), fixed before its data and
 *       stored with its result. The primary ones hold jointly at the family level ({@code --family-confidence}):
 *       each may err (1 − family level)/m over the run's looks, m their number (Bonferroni), at each look the
 *       nominal error its exact group-sequential boundary gives ({@link Looks}); "the same within ±P" is two
 *       one-sided tests at its own level ({@code Stopping#sameConfidence}), over the looks too. The descriptive
 *       ones are marked by the Benjamini–Hochberg rule at the false-discovery rate
 *       ({@link Defaults#FALSE_DISCOVERY_RATE}): with R of their m marked, each interval is at 1 − R·q/m
 *       (Benjamini and Yekutieli's intervals for the selected, which cover as a set at that rate), and a mark is
 *       exactly an interval that leaves out 1.</li>
 *   <li>Every interval's variance comes from the whole run's series of its measure ({@link RunNoise}), with what
 *       the run's variance model took from a calibration ({@link VarianceModel}): how far JVMs and whole runs of
 *       each library sit apart, each with its degrees of freedom.</li>
 * </ul>
 * Blocks cut short (a run stopped inside one) are not samples of O operations and are left out; a round counts for
 * a variant when every one of its forks has that round's blocks.
 */
public final class Analysis {

    private final RunSettings settings;
    private final Looks looks;
    private final Family family;
    private final VarianceModel variance;
    private final Batches batch;
    private final RoundSeries series;
    /** The whole runs a pooled result's questions are answered over, each analysed on its own; null for one run. */
    private final List<Analysis> parts;
    private final Map<Measure, RunNoise> noise = new EnumMap<>(Measure.class);
    private final Map<Measure, BetweenJvm> pooled = new EnumMap<>(Measure.class);
    private Map<Question, PairedRatio> answers;

    private Analysis(RunSettings settings, Family family, List<Block> all, Looks looks, VarianceModel variance,
                     Batches batch, List<Analysis> parts) {
        this.parts = parts;
        this.settings = settings;
        this.looks = looks;
        this.family = java.util.Objects.requireNonNull(family, "the run's questions");
        this.variance = variance;
        this.batch = batch;
        this.series = new RoundSeries(settings.plan(), all);
    }

    /**
     * A finished run's analysis ({@link Reading#of}, its one maker): the family it stored (a result read from an
     * earlier format: its scenario's now), its last analysis's place among its looks, its variance model and batch
     * ({@link RunResult#rounds()}).
     */
    static Analysis of(RunResult result) {
        if (result.pooled()) {
            // several whole runs: each its own analysis at its own error, their answers pooled at the whole error
            return new Analysis(result.settings(), result.frame().family(), result.blocks(), Looks.ONCE,
                    result.frame().variance() == null ? VarianceModel.BEFORE_CALIBRATION : result.frame().variance(),
                            Batches.CHOSEN,
                    result.parts().stream().map(Analysis::of).toList());
        }
        Rounds rounds = result.rounds();
        return new Analysis(result.settings(), result.frame().family(), result.blocks(),
                rounds == null ? Looks.ONCE : rounds.planned() == null ? Looks.ofShare(rounds.share())
                        : Looks.of(rounds.looks(), rounds.planned(), rounds.stoppedAtLook()),
                result.frame().variance() == null ? VarianceModel.BEFORE_CALIBRATION : result.frame().variance(),
                rounds == null ? Batches.CHOSEN : rounds.batch(), null);
    }

    /**
     * The analysis of a run still going on, at a look ({@code looks}), of the questions it asks, with its variance
     * model and the batches its first look froze ({@link Batches#CHOSEN}: chosen from the data).
     */
    public static Analysis at(RunSettings settings, Family family, List<Block> blocks, Looks looks,
                              VarianceModel variance, Batches batch) {
        return new Analysis(settings, family, blocks, looks, variance, batch, null);
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
        return settings.asked().familyConfidence();
    }

    /** The level at which each "the same within the precision" holds (each of its two one-sided tests). */
    public double sameLevel() {
        Stopping stopping = settings.asked().stopping();
        return stopping == null ? familyLevel() : stopping.sameConfidence(familyLevel());
    }

    /** The false-discovery rate the descriptive comparisons' marks keep. */
    public double falseDiscoveryRate() {
        return Defaults.FALSE_DISCOVERY_RATE;
    }

    /** The level each of a variant's own figures holds. */
    public double level() {
        return settings.asked().confidenceLevel();
    }

    /** Where this analysis stands among the run's looks. */
    public Looks looks() {
        return looks;
    }

    /** What the run took from outside itself: how far JVMs and whole runs of each library sit apart. */
    public VarianceModel variance() {
        return variance;
    }

    /** The batch (rounds) of every long-run variance of the measure, as this analysis chose it. */
    public int batch(Measure measure) {
        return noise(measure).batch();
    }

    /**
     * The share of the family's error this analysis spends on a primary interval: its nominal error over the one a
     * single analysis would have (1 for a run that looked once; above the increment of its spending function where
     * earlier looks shared its data).
     */
    public double share() {
        double whole = (1 - familyLevel()) / Math.max(1, family.primary().size());
        return looks.nominal(whole) / whole;
    }

    /**
     * The batches a run's first look freezes for every later analysis: each measure's own choice there (see
     * {@link Batches}).
     */
    public static Batches frozenBatch(Analysis first) {
        Map<Measure, Integer> by = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            if (!first.series.forked(m, null).isEmpty()) {
                by.put(m, first.batch(m));
            }
        }
        return by.isEmpty() ? Batches.of(1) : new Batches(by, 1);
    }

    /** The precision asked for: the margin within which two variants count as the same (0: none). */
    public double margin() {
        return settings.asked().stopping() == null ? 0 : settings.asked().stopping().precision();
    }

    /** The forks (JVMs) a variant's blocks came from (in each run, for several). */
    public int forks(String variant) {
        return parts != null ? parts.get(0).forks(variant) : series.forks(variant);
    }

    /** The whole runs this analysis pools, each analysed on its own; empty for one run. */
    public List<Analysis> parts() {
        return parts == null ? List.of() : parts;
    }

    /** Whether any block of the variant's operation has the measure. */
    public boolean has(String variant, String operation, Measure measure) {
        if (parts != null) {
            return parts.stream().anyMatch(p -> p.has(variant, operation, measure));
        }
        return series.byVariant().getOrDefault(variant, Map.of()).getOrDefault(operation, List.of()).stream()
                .anyMatch(b -> measure.of(b) != null);
    }

    /** Full blocks of a variant's operation, in the order they ran. */
    public List<Block> blocks(String variant, String operation) {
        return series.blocks(variant, operation);
    }

    /** A variant's figure in one operation at the individual level; null with too few rounds. */
    public Estimate figure(String variant, String operation, Measure measure) {
        if (parts != null) {
            return Pooled.figure(parts, variant, operation, measure, 1 - level(), level());
        }
        SortedMap<Long, double[]> rounds = series.rounds(new Question.Side(variant, List.of(operation)), measure);
        if (rounds.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        return noise(measure).figure(variant, operation, RoundSeries.series(rounds, rounds.keySet()),
                looks.nominal(1 - level()), level());
    }

    /** A variant's figure round by round: the geometric mean over its forks, in rounds where every fork has it. */
    public Map<Long, Double> byRound(String variant, String operation, Measure measure) {
        Map<Long, Double> out = new TreeMap<>();
        if (parts != null) {
            return Pooled.byRound(parts, variant, operation, measure);
        }
        series.rounds(new Question.Side(variant, List.of(operation)), measure).forEach((round, logs) ->
                out.put(round, Math.exp(Arrays.stream(logs).average().orElseThrow())));
        return out;
    }

    /**
     * How far JVMs of one library sit apart in a measure, from the run's own forks (no calibration), pooled over
     * every variant and operation: what the report shows of the between-JVM variance.
     */
    public BetweenJvm betweenJvm(Measure measure) {
        return pooled.computeIfAbsent(measure, m -> BetweenJvm.of(units(m, null)));
    }

    /** The same from one variant's operations alone. */
    public BetweenJvm betweenJvm(String variant, Measure measure) {
        return BetweenJvm.of(units(measure, variant));
    }

    /** What this run's JVMs show beyond what a calibration says of them. */
    public JvmLevels jvms() {
        return new JvmLevels(parts == null ? series : null, batch, variance, looks.nominal(1 - level()), level());
    }

    private List<ForkSeries> units(Measure measure, String only) {
        if (parts != null) {
            return parts.stream().flatMap(p -> p.units(measure, only).stream()).toList();
        }
        return series.forked(measure, only).values().stream().flatMap(m -> m.values().stream()).toList();
    }

    /** The measure's noise over the whole run: every variant's single-operation series with forks. */
    private RunNoise noise(Measure measure) {
        return noise.computeIfAbsent(measure, m -> RunNoise.of(series.forked(m, null), variance.priors(m),
                batch.of(m)));
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
            return r == null ? null : r.reversed();
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
     * The mark a page puts beside a question's answer: a primary one "*" different (at the family level), "≈" the
     * same within the precision (at its own level); a descriptive one "+" different, "~" the same (its
     * false-discovery level); "" neither.
     */
    public String mark(Question q, PairedRatio r) {
        if (r == null) {
            return "";
        }
        boolean primary = isPrimary(q);
        return r.different() ? (primary ? "*" : "+") : r.equivalent(margin()) ? (primary ? "≈" : "~") : "";
    }

    /** The two-sided error each primary interval spends at this analysis. */
    public double familyAlpha() {
        return looks.nominal((1 - familyLevel()) / Math.max(1, family.primary().size()));
    }

    /**
     * The two-sided error of a question's interval at this analysis for a whole error {@code alpha}: the exact
     * boundary, or the union over looks where one of its variants' JVMs changed between them.
     */
    private double nominal(Question q, double alpha) {
        boolean changed = series.forksChanged(q.a().variant()) || series.forksChanged(q.b().variant());
        return changed ? looks.union(alpha) : looks.nominal(alpha);
    }

    /** Every question's answer, computed at once: one measure's comparisons moderate each other. */
    private Map<Question, PairedRatio> answers() {
        if (answers != null) {
            return answers;
        }
        Map<Question, Pooled.Raw> raw = raws();
        Map<Question, PairedRatio> out = new HashMap<>();
        double alpha = (1 - familyLevel()) / Math.max(1, family.primary().size());
        double same = 2 * (1 - sameLevel());
        raw.forEach((q, r) -> out.put(q, r == null ? null : PairedRatio.of(q.nameA(), q.nameB(), r.mean(), r.pairs(),
                r.forks(), r.terms(), nominal(q, alpha), familyLevel()).same(nominal(q, same), sameLevel())));
        family.all().forEach(q -> out.putIfAbsent(q, null));
        List<Question> descriptive = family.descriptive().stream().filter(q -> out.get(q) != null).toList();
        if (!descriptive.isEmpty()) {
            double level = FalseDiscovery.level(descriptive.stream().mapToDouble(q -> out.get(q).pValue()).toArray(),
                    falseDiscoveryRate());
            descriptive.forEach(d -> out.put(d, out.get(d).at(nominal(d, 1 - level), level)));
        }
        answers = out;
        return out;
    }

    /**
     * What stating a question at the calibration's host speed moved its ratio by, as a factor (1: nothing moved, or
     * its libraries not fitted against the host's speed).
     */
    public double speedShift(Question q) {
        Pooled.Raw r = raws().get(q);
        return r == null ? 1 : Math.exp(-r.shift());
    }

    private Map<Question, Pooled.Raw> raws;

    /**
     * A variant's host-speed index in this run ({@link HostSpeed#index}: ln of its client CPU ns per operation, and
     * that mean's variance); over its runs pooled, their mean; null where its client CPU was not measured.
     */
    public double[] speedIndex(String variant) {
        if (parts != null) {
            double[] mean = {0, 0};
            for (Analysis p : parts) {
                double[] x = p.speedIndex(variant);
                if (x == null) {
                    return null;
                }
                mean[0] += x[0] / parts.size();
                mean[1] += x[1] / ((double) parts.size() * parts.size());
            }
            return mean;
        }
        return HostSpeed.index(series.byVariant().getOrDefault(variant, Map.of()).values().stream()
                .flatMap(List::stream).toList());
    }

    /** Every question's estimate before an error is chosen for it: this run's, or its runs' pooled. */
    Map<Question, Pooled.Raw> raws() {
        if (raws == null) {
            raws = parts == null ? Ratios.of(series, this::noise, variance, family.all())
                    : Pooled.raw(parts, family.all());
        }
        return raws;
    }

    /** Where the run's questions stand: which are settled, open, futile; what a claim of several parts says. */
    public Standing standing() {
        return new Standing(this);
    }
}
