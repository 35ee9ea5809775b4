package dev.cqlbench.stats;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A against B on the same positive measure from unpaired samples (lower is better, e.g. total time of a repetition):
 * Welch's two-sided t-test, which does not assume equal variances, on the logarithms of the samples, so the ratio of
 * their geometric means has an interval that never goes below zero. (Blocks run in the same rounds are compared
 * paired instead: {@link PairedRatio}.)
 *
 * @param meanA       geometric mean of A
 * @param ratio       meanA / meanB
 * @param significant whether the difference is real at the confidence level (p below 1 - level)
 */
public record Comparison(String a, String b, double meanA, double meanB, double ratio, double ratioLower,
                         double ratioUpper, double pValue, double level, boolean significant) {

    public static final String TEST = "Welch's two-sided t-test on the logarithms of repetition totals";

    /** Values a series needs for a comparison ({@link #ofSeries}). */
    public static final int MIN_SERIES = 20;

    /** Null when either side has fewer than {@link Estimate#MIN_ROUNDS} positive samples. */
    public static Comparison of(String a, List<Double> samplesA, String b, List<Double> samplesB, double level) {
        return compare(a, samplesA, b, samplesB, level, false);
    }

    /**
     * The same for two series measured one value after another (per-second throughput): each side's variance of its
     * mean is its long-run variance over n ({@link LongRunVariance}, overlapping batch means), since a second is
     * much like the one before it, with that estimate's degrees of freedom. Null when either side has fewer than
     * {@link #MIN_SERIES} values: how alike neighbours are cannot be told from fewer (eight seconds of a series of
     * lag-1 correlation 0.9 look like a trend).
     */
    public static Comparison ofSeries(String a, List<Double> seriesA, String b, List<Double> seriesB, double level) {
        return compare(a, seriesA, b, seriesB, level, true);
    }

    private static Comparison compare(String a, List<Double> samplesA, String b, List<Double> samplesB, double level,
                                      boolean series) {
        double[] x = samplesA.stream().filter(v -> v > 0).mapToDouble(Math::log).toArray();
        double[] y = samplesB.stream().filter(v -> v > 0).mapToDouble(Math::log).toArray();
        int least = series ? MIN_SERIES : Estimate.MIN_ROUNDS;
        if (x.length < least || y.length < least) {
            return null;
        }
        LongRunVariance lx = series ? LongRunVariance.of(x) : LongRunVariance.of(x, 1);
        LongRunVariance ly = series ? LongRunVariance.of(y) : LongRunVariance.of(y, 1);
        double meanA = lx.mean();
        double meanB = ly.mean();
        double va = lx.ofMean();
        double vb = ly.ofMean();
        double se = Math.sqrt(va + vb);
        double p;
        double half;
        double diff = meanA - meanB;
        if (se == 0) {
            p = meanA == meanB ? 1 : 0;
            half = 0;
        } else {
            double df = Satterthwaite.df(new double[][] {{va, lx.df()}, {vb, ly.df()}});
            TDistribution t = new TDistribution(Math.min(df, 1e6));
            half = t.inverseCumulativeProbability(1 - (1 - level) / 2) * se;
            p = 2 * t.cumulativeProbability(-Math.abs(diff) / se);
        }
        return new Comparison(a, b, Math.exp(meanA), Math.exp(meanB), Math.exp(diff), Math.exp(diff - half),
                Math.exp(diff + half), p, level, p < 1 - level);
    }

    /** "+12.3 % (+10.1 to +14.6)" for A over B. */
    public String effect() {
        return PairedRatio.effect(ratio, ratioLower, ratioUpper);
    }

    /** In the study's words: "X is 19% faster than Y", or that no difference was shown. */
    public String sentence() {
        if (!significant) {
            return String.format(Locale.ROOT, "no significant difference between %s and %s (%+.0f%%, p=%.2g)",
                    a, b, (ratio - 1) * 100, pValue);
        }
        if (ratio < 1) {
            return String.format(Locale.ROOT, "%s is %.0f%% faster than %s (takes %.0f%%–%.0f%% less time, p=%.2g)",
                    a, (1 - ratio) * 100, b, (1 - ratioUpper) * 100, (1 - ratioLower) * 100, pValue);
        }
        return String.format(Locale.ROOT, "%s is %.0f%% slower than %s (takes %.0f%%–%.0f%% more time, p=%.2g)",
                a, (ratio - 1) * 100, b, (ratioLower - 1) * 100, (ratioUpper - 1) * 100, pValue);
    }
}
