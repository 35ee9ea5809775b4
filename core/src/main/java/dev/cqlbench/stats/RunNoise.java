package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The noise of one measure's figures and comparisons in a run, estimated from every series of the run at once so
 * that each interval rests on many degrees of freedom, not on its own few rounds. On the log scale a fork's block is
 * its variant's level, plus the run's own level for that variant (ω², what whole runs of one library differ by:
 * the node, its data, where threads ran), plus the host's state in that round (which every fork meets, and which
 * cancels), plus the JVM's own level (τ², what fresh JVMs of one library differ by), plus its own noise (σ²):
 * <ul>
 *   <li>σ² of each variant's operation, from its forks' deviations from the round's mean (the host left out),
 *       as a long-run variance with one batch size for the whole run (from the lag-1 correlation pooled over every
 *       series, or as the run's first look froze it), moderated over the measure's series by empirical Bayes
 *       ({@link Moderation});</li>
 *   <li>τ² of each variant, from the spread of its forks' means over its operations less the part of that spread
 *       their own noise explains, with the degrees of freedom a JVM effect shared by every operation leaves (one
 *       per JVM when it dominates), pooled with what a calibration measured for its library ({@link Component}, its
 *       own degrees of freedom): (ν·τ₀² + d·(spread − own noise))/(ν + d), every part a term of its own;</li>
 *   <li>ω² of a comparison, measured by a calibration over whole runs only (no run can see its own), added as a
 *       term of its own with its degrees of freedom;</li>
 *   <li>how far a comparison's round-by-round differences spread beyond what their forks' noise predicts (the
 *       host treating two libraries differently in a round), moderated over the measure's comparisons
 *       ({@link #terms}).</li>
 * </ul>
 * The simulation suite (NoiseCoverageTest) checks every interval made this way at the error it spends.
 */
public final class RunNoise {

    /** What a calibration measured for a variant's JVMs ({@link Component#NONE}: nothing). */
    public interface Priors {
        /** How far fresh JVMs of {@code variant}'s library sit apart: τ² with its degrees of freedom. */
        Component jvm(String variant);

        /**
         * How far whole runs move the comparison of {@code a} with {@code b}: ω² with its degrees of freedom; of
         * their operations together where {@code overall} (one ratio of the mean over several operations).
         */
        Component run(String a, String b, boolean overall);

        /** Nothing measured: every variant's JVMs from the run's own forks alone, no run-level part. */
        Priors NONE = new Priors() {
            @Override
            public Component jvm(String variant) {
                return Component.NONE;
            }

            @Override
            public Component run(String a, String b, boolean overall) {
                return Component.NONE;
            }
        };
    }

    private final int batch;
    private final Priors priors;
    private final Map<String, Map<String, double[]>> own = new LinkedHashMap<>();
    private final Map<String, double[][]> jvm = new LinkedHashMap<>();

    private RunNoise(int batch, Priors priors) {
        this.batch = batch;
        this.priors = priors;
    }

    /**
     * From every single-operation series of the measure, by variant and operation (forks × rounds, log scale, each
     * over the rounds all its forks ran), with what a calibration measured ({@code priors}), and batches of
     * {@code batch} rounds (0: chosen from the series' lag-1 correlation).
     */
    public static RunNoise of(Map<String, Map<String, ForkSeries>> series, Priors priors, int batch) {
        double lagged = 0;
        double squares = 0;
        int longest = 0;
        for (Map<String, ForkSeries> ops : series.values()) {
            for (ForkSeries s : ops.values()) {
                if (s.forks() < 2) {
                    continue;
                }
                longest = Math.max(longest, s.rounds());
                for (double[] u : s.deviations()) {
                    double m = 0;
                    for (double x : u) {
                        m += x;
                    }
                    m /= u.length;
                    for (int r = 0; r < u.length; r++) {
                        squares += (u[r] - m) * (u[r] - m);
                        if (r > 0) {
                            lagged += (u[r] - m) * (u[r - 1] - m);
                        }
                    }
                }
            }
        }
        RunNoise noise = new RunNoise(batch > 0 ? batch
                : LongRunVariance.batchSize(squares > 0 ? lagged / squares : 0, longest), priors);
        List<double[]> raw = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        Map<String, Integer> groupOf = new LinkedHashMap<>();
        series.forEach((variant, ops) -> ops.forEach((op, s) -> {
            LongRunVariance v = s.own(noise.batch);
            if (v != null) {
                double[] e = {v.variance(), v.df()};
                raw.add(e);
                groups.add(groupOf.computeIfAbsent(variant, k -> groupOf.size()));
                noise.own.computeIfAbsent(variant, k -> new LinkedHashMap<>()).put(op, e);
            }
        }));
        // each library its own scale (libraries differ in noise more than operations do), one prior df for all
        Moderation prior = Moderation.fit(raw.stream().mapToDouble(e -> e[0]).toArray(),
                raw.stream().mapToDouble(e -> e[1]).toArray(), groups.stream().mapToInt(Integer::intValue).toArray());
        noise.own.forEach((variant, ops) -> ops.replaceAll((op, e) -> prior.moderate(e[0], e[1],
                groupOf.get(variant))));
        series.forEach((variant, ops) -> {
            List<ForkSeries> forked = new ArrayList<>();
            List<double[]> noises = new ArrayList<>();
            ops.forEach((op, s) -> {
                double[] e = noise.own.getOrDefault(variant, Map.of()).get(op);
                if (e != null) {
                    forked.add(s);
                    noises.add(e);
                }
            });
            if (!forked.isEmpty()) {
                noise.jvm.put(variant, noise.between(forked, noises, priors.jvm(variant)));
            }
        });
        return noise;
    }

    /** The batch every long-run variance of this measure takes. */
    public int batch() {
        return batch;
    }

    /** The moderated own noise σ² of a variant's operation and its degrees of freedom; null where unknown. */
    public double[] own(String variant, String operation) {
        return own.getOrDefault(variant, Map.of()).get(operation);
    }

    /** A series' own noise σ² and degrees of freedom, not moderated (several operations combined, or apart). */
    public double[] own(ForkSeries series) {
        LongRunVariance v = series.own(batch);
        return v == null ? null : new double[] {v.variance(), v.df()};
    }

    /**
     * What a variant's JVMs add to the variance of a mean over {@code forks} of them, as Satterthwaite terms
     * {value, df}: τ²/K, the run's part and the calibration's; none where unknown or too small to see.
     */
    public double[][] jvm(String variant, int forks) {
        double[][] t = jvm.get(variant);
        return t == null ? new double[0][] : scaled(t, 1.0 / forks);
    }

    /** The same for one series of its own (two operations of one JVM apart), from its spread alone. */
    public double[][] jvm(ForkSeries series, int forks) {
        double[] e = own(series);
        return e == null ? new double[0][] : scaled(between(List.of(series), List.of(e), Component.NONE), 1.0 / forks);
    }

    private static double[][] scaled(double[][] terms, double c) {
        double[][] out = new double[terms.length][];
        for (int i = 0; i < terms.length; i++) {
            out[i] = new double[] {c * terms[i][0], terms[i][1]};
        }
        return out;
    }

    /**
     * τ² of the JVMs behind these series (one variant's operations), as terms {value, df}: the run's part, the
     * series' fork means' spread ({@link JvmSpread}) less its own noise's share as one term (none where that comes
     * out at or below zero, {@link Component#term}), its degrees of freedom those a JVM level shared by its series
     * leaves, pooled with what a calibration measured as two variance estimates pool, each weighted by its degrees
     * of freedom (none switched off by a test: a run's few JVMs lend it what they can, the calibration the rest).
     */
    private static double[][] between(List<ForkSeries> series, List<double[]> noises, Component prior) {
        JvmSpread measured = JvmSpread.of(series, noises);
        double df = measured.spreadDf();
        double[][] own = {{measured.spread(), df}, {-measured.within(), measured.withinDf()}};
        if (!prior.known()) {
            return Component.term(own, 1);
        }
        // τ² = (ν·τ₀² + d·(spread − within))/(ν + d): the calibration's part and the run's, each one term with its df
        double w = df / (prior.weight() + df);
        double[][] run = Component.term(own, w);
        double[][] calibrated = prior.scaled(1 - w);
        double[][] out = new double[run.length + calibrated.length][];
        System.arraycopy(run, 0, out, 0, run.length);
        System.arraycopy(calibrated, 0, out, run.length, calibrated.length);
        return out;
    }

    /**
     * A variant's figure in one operation from its forks' series (log scale): var = τ²/K + σ²/(K·n), σ² moderated,
     * τ² with its prior, host left out (a figure describes this run's host); with one JVM its series' own long-run
     * variance, host included. Null with fewer than {@link Estimate#MIN_ROUNDS} rounds.
     */
    public Estimate figure(String variant, String operation, ForkSeries s, double alpha, double level) {
        if (s.rounds() < Estimate.MIN_ROUNDS) {
            return null;
        }
        if (s.forks() < 2) {
            return Estimate.ofOneJvm(s.roundMeans(), alpha, level);
        }
        double[] noise = sideNoise(variant, operation, s);
        double[][] jvmTerms = jvm(variant, s.forks());
        double[][] terms = new double[jvmTerms.length + 1][];
        System.arraycopy(jvmTerms, 0, terms, 0, jvmTerms.length);
        terms[jvmTerms.length] = new double[] {noise[0] / ((double) s.forks() * s.rounds()), noise[1]};
        return Estimate.of(s.mean(), s.rounds(), s.forks(), terms, alpha, level);
    }

    /**
     * One comparison's parts, before the measure's comparisons moderate each other ({@link #terms}).
     *
     * @param mean      the mean of the per-round log differences A − B
     * @param pairs     rounds in common
     * @param forks     the fewer JVMs of the two sides
     * @param rounds    the long-run variance of the per-round differences
     * @param predicted the variance of a per-round difference its forks' own noise predicts, {value, df}
     * @param jvm       what the two sides' JVM levels add, Satterthwaite terms {value, df}; null for a side with
     *                  one JVM (nothing predicts its rounds: their own spread, host included, is the noise)
     * @param run       what the run's own level adds (ω², measured by a calibration; {@link Component#given} its
     *                  terms once the comparison's own variance is known); {@link Component#NONE} where nothing was
     *                  measured, or for two operations of one variant (the same JVMs in the same run)
     */
    public record PairNoise(double mean, int pairs, int forks, LongRunVariance rounds, double[] predicted,
                             double[][] jvm, Component run) {

        double ratio() {
            return rounds.variance() / predicted[0];
        }

        /** How many of its terms ({@link #terms}) are its own (its JVMs', its rounds'), after the run level's. */
        public int ownTerms() {
            return jvm == null ? 1 : jvm.length + 1;
        }
    }

    /**
     * A over B over the same rounds (forks × rounds, log scale): side A is variant {@code variantA}'s operation
     * {@code operationA} (null: several operations together, or a side without forks), B likewise; the two sides of one
     * variant are the same JVMs, two of its operations apart. Null with fewer than {@link Estimate#MIN_ROUNDS}
     * rounds.
     */
    public PairNoise compare(String variantA, String operationA, ForkSeries a, String variantB, String operationB,
                              ForkSeries b) {
        int n = a.rounds();
        if (n != b.rounds()) {
            throw new IllegalArgumentException("series of different rounds");
        }
        if (n < Estimate.MIN_ROUNDS) {
            return null;
        }
        double[] za = a.roundMeans();
        double[] zb = b.roundMeans();
        double[] d = new double[n];
        for (int r = 0; r < n; r++) {
            d[r] = za[r] - zb[r];
        }
        LongRunVariance rounds = LongRunVariance.of(d, batch);
        double[] predicted;
        double[][] jvm;
        if (a.forks() < 2 || b.forks() < 2) {
            predicted = new double[] {rounds.variance(), rounds.df()}; // nothing to predict from: the rounds alone
            jvm = null;
        } else if (variantA.equals(variantB)) {
            ForkSeries apart = a.minus(b);
            double[] own = own(apart);
            predicted = new double[] {own[0] / apart.forks(), own[1]};
            jvm = jvm(apart, apart.forks());
        } else {
            double[] na = sideNoise(variantA, operationA, a);
            double[] nb = sideNoise(variantB, operationB, b);
            double va = na[0] / a.forks();
            double vb = nb[0] / b.forks();
            predicted = new double[] {va + vb, (va + vb) * (va + vb) / (va * va / na[1] + vb * vb / nb[1])};
            double[][] ja = jvm(variantA, a.forks());
            double[][] jb = jvm(variantB, b.forks());
            jvm = new double[ja.length + jb.length][];
            System.arraycopy(ja, 0, jvm, 0, ja.length);
            System.arraycopy(jb, 0, jvm, ja.length, jb.length);
        }
        Component level = variantA.equals(variantB) ? Component.NONE : priors.run(variantA, variantB,
                operationA == null && operationB == null);
        return new PairNoise(rounds.mean(), n, Math.min(a.forks(), b.forks()), rounds, predicted, jvm, level);
    }

    private double[] sideNoise(String variant, String operation, ForkSeries s) {
        double[] e = operation == null ? null : own(variant, operation);
        return e != null ? e : own(s);
    }

    /**
     * Each comparison's variance terms, {value, df} each (the run's level as its own variance leaves it,
     * {@link Component#given}, the JVM levels', then the rounds' own noise last): the measure's comparisons moderate
     * how far their rounds spread beyond what their forks predict (a library × round interaction the forks cannot see
     * shows here), and each takes its forks' prediction times its moderated ratio.
     */
    public static List<double[][]> terms(List<PairNoise> all) {
        List<PairNoise> forked = all.stream().filter(c -> c.jvm() != null).toList();
        Moderation ratios = Moderation.fit(forked.stream().mapToDouble(PairNoise::ratio).toArray(),
                forked.stream().mapToDouble(c -> c.rounds().df()).toArray());
        List<double[][]> out = new ArrayList<>();
        for (PairNoise c : all) {
            List<double[]> own = new ArrayList<>();
            if (c.jvm() == null) {
                own.add(new double[] {c.rounds().ofMean(), c.rounds().df()});
            } else {
                double[] lambda = ratios.moderate(c.ratio(), c.rounds().df());
                own.addAll(List.of(c.jvm()));
                own.add(new double[] {lambda[0] * c.predicted()[0] / c.pairs(),
                        1 / (1 / lambda[1] + 1 / c.predicted()[1])});
            }
            List<double[]> t = new ArrayList<>(List.of(c.run().given(Satterthwaite.variance(
                    own.toArray(double[][]::new)), 1)));
            t.addAll(own);
            out.add(t.toArray(double[][]::new));
        }
        return out;
    }
}
