package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * The noise of one measure's figures and comparisons in a run, estimated from every series of the run at once so
 * that each interval rests on many degrees of freedom, not on its own few rounds. On the log scale a fork's block is
 * its variant's level, plus the host's state in that round (which every fork meets, and which cancels), plus the
 * JVM's own level (τ², what fresh JVMs of one library differ by), plus its own noise (σ²):
 * <ul>
 *   <li>σ² of each variant's operation, from its forks' deviations from the round's mean (the host left out),
 *       as a long-run variance with one batch size for the whole run (from the lag-1 correlation pooled over every
 *       series), moderated over the measure's series by empirical Bayes ({@link Moderation});</li>
 *   <li>τ² of each variant, from the spread of its forks' means over its operations less the part of that spread
 *       their own noise explains, with the degrees of freedom a JVM effect shared by every operation leaves (one
 *       per JVM when it dominates), and a prior: this host's JVMs of one library have differed by about
 *       {@code τ₀} (ν₀ degrees of freedom; {@link dev.cqlbench.run.Defaults#JVM_SD}); a variant whose own spread the
 *       prior cannot explain (a chi-squared test at {@link #CHECK}) keeps its own estimate;</li>
 *   <li>how far a comparison's round-by-round differences spread beyond what their forks' noise predicts (the
 *       host treating two libraries differently in a round), moderated over the measure's comparisons
 *       ({@link #comparison}).</li>
 * </ul>
 * The simulation suite (CoverageSimulationTest) checks every interval made this way at the error it spends.
 */
public final class RunNoise {

    /** The test level below which a variant's spread of JVMs is its own, not the prior's. */
    public static final double CHECK = 0.2;

    private final int batch;
    private final double tau0;
    private final double nu0;
    private final Map<String, Map<String, double[]>> own = new LinkedHashMap<>();
    private final Map<String, double[][]> jvm = new LinkedHashMap<>();

    private RunNoise(int batch, double tau0, double nu0) {
        this.batch = batch;
        this.tau0 = tau0;
        this.nu0 = nu0;
    }

    /**
     * From every single-operation series of the measure, by variant and operation (forks × rounds, log scale, each
     * over the rounds all its forks ran), with the prior of the JVMs' spread: sd {@code tau0} (log scale) worth
     * {@code nu0} degrees of freedom.
     */
    public static RunNoise of(Map<String, Map<String, ForkSeries>> series, double tau0, double nu0) {
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
        RunNoise noise = new RunNoise(LongRunVariance.batchSize(squares > 0 ? lagged / squares : 0, longest), tau0,
                nu0);
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
                noise.jvm.put(variant, noise.between(forked, noises));
            }
        });
        return noise;
    }

    /** The chi-squared quantile at 1 − {@link #CHECK} over df, df rounded to a hundredth and remembered. */
    private static double critical(double df) {
        double rounded = Math.max(0.01, Math.round(df * 100) / 100.0);
        return CRITICAL.computeIfAbsent(rounded,
                d -> new ChiSquaredDistribution(d).inverseCumulativeProbability(1 - CHECK) / d);
    }

    private static final Map<Double, Double> CRITICAL = new java.util.concurrent.ConcurrentHashMap<>();

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
     * {value, df}: (spread, moderated)/K and −(own noise)/K, whose sum estimates τ²/K; none where unknown.
     */
    public double[][] jvm(String variant, int forks) {
        double[][] t = jvm.get(variant);
        return t == null ? new double[0][] : scaled(t, 1.0 / forks);
    }

    /** The same for one series of its own (two operations of one JVM apart), from its spread alone. */
    public double[][] jvm(ForkSeries series, int forks) {
        double[] e = own(series);
        return e == null ? new double[0][] : scaled(between(List.of(series), List.of(e)), 1.0 / forks);
    }

    private static double[][] scaled(double[][] terms, double c) {
        double[][] out = new double[terms.length][];
        for (int i = 0; i < terms.length; i++) {
            out[i] = new double[] {(i == 1 ? -c : c) * terms[i][0], terms[i][1]};
        }
        return out;
    }

    /**
     * τ² of the JVMs behind these series (one variant's operations), as terms {{spread, df}, {own noise of a fork's
     * mean, df}[, {the prior's part, ∞}]} to be added as spread − own noise + prior: the mean over the series of the
     * fork means' spread, its degrees of freedom those a JVM effect shared by every series leaves; with the prior,
     * the run's part weighted by df/(ν₀ + df), unless the variant's own spread rejects the prior.
     */
    private double[][] between(List<ForkSeries> series, List<double[]> noises) {
        double spread = 0;
        double within = 0;
        double withinDf = 0;
        int forks = series.get(0).forks();
        for (int i = 0; i < series.size(); i++) {
            spread += series.get(i).forkSpread();
            within += noises.get(i)[0] / series.get(i).rounds();
            withinDf += noises.get(i)[1];
        }
        int o = series.size();
        spread /= o;
        within /= o;
        double tau2 = Math.max(0, spread - within);
        double df = o * (forks - 1.0) * spread * spread / (spread * spread + (o - 1) * tau2 * tau2);
        double critical = critical(df);
        if (nu0 <= 0 || spread / (tau0 * tau0 + within) > critical) {
            return new double[][] {{spread, df}, {within, withinDf}}; // its own: the prior cannot explain it
        }
        // τ² = (ν₀τ₀² + df·(spread − within))/(ν₀ + df): the prior's part is known, the run's part carries its df
        double w = df / (nu0 + df);
        return new double[][] {{w * spread, df}, {w * within, withinDf}, {(1 - w) * tau0 * tau0, Double.POSITIVE_INFINITY}};
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
     */
    public record Comparison(double mean, int pairs, int forks, LongRunVariance rounds, double[] predicted,
                             double[][] jvm) {

        double ratio() {
            return rounds.variance() / predicted[0];
        }
    }

    /**
     * A over B over the same rounds (forks × rounds, log scale): side A is variant {@code variantA}'s operation
     * {@code operationA} (null: several operations together, or a side without forks), B likewise; the two sides of one
     * variant are the same JVMs, two of its operations apart. Null with fewer than {@link Estimate#MIN_ROUNDS}
     * rounds.
     */
    public Comparison compare(String variantA, String operationA, ForkSeries a, String variantB, String operationB,
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
        return new Comparison(rounds.mean(), n, Math.min(a.forks(), b.forks()), rounds, predicted, jvm);
    }

    private double[] sideNoise(String variant, String operation, ForkSeries s) {
        double[] e = operation == null ? null : own(variant, operation);
        return e != null ? e : own(s);
    }

    /**
     * Each comparison's variance terms, {value, df} each (the JVM levels', then the rounds' own noise last): the
     * measure's comparisons moderate how far their rounds spread beyond what their forks predict (a library × round
     * interaction the forks cannot see shows here), and each takes its forks' prediction times its moderated ratio.
     */
    public static List<double[][]> terms(List<Comparison> all) {
        List<Comparison> forked = all.stream().filter(c -> c.jvm() != null).toList();
        Moderation ratios = Moderation.fit(forked.stream().mapToDouble(Comparison::ratio).toArray(),
                forked.stream().mapToDouble(c -> c.rounds().df()).toArray());
        List<double[][]> out = new ArrayList<>();
        for (Comparison c : all) {
            if (c.jvm() == null) {
                out.add(new double[][] {{c.rounds().ofMean(), c.rounds().df()}});
                continue;
            }
            double[] lambda = ratios.moderate(c.ratio(), c.rounds().df());
            double[][] t = new double[c.jvm().length + 1][];
            System.arraycopy(c.jvm(), 0, t, 0, c.jvm().length);
            t[c.jvm().length] = new double[] {lambda[0] * c.predicted()[0] / c.pairs(),
                    1 / (1 / lambda[1] + 1 / c.predicted()[1])};
            out.add(t);
        }
        return out;
    }
}
