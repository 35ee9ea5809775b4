package dev.cqlbench.stats;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A against B on the same positive measure, each a series measured one value after another and not paired with the
 * other (per-second throughput of two phases, two targets, or before and during a node's join): Welch's two-sided
 * t-test on the logarithms, so the ratio of their geometric means has an interval that never goes below zero. Each
 * side's variance of its mean is its long-run variance over n ({@link LongRunVariance}, overlapping batch means),
 * since a second is much like the one before it, with that estimate's degrees of freedom; one batch size for both
 * sides, from their lag-1 correlation pooled. (Blocks run in the same
 * rounds are compared paired instead: {@link PairedRatio}.)
 *
 * @param meanA       geometric mean of A
 * @param interval    meanA / meanB, with its interval
 * @param significant whether the difference is real at the confidence level (p below 1 - level)
 */
public record Comparison(String a, String b, double meanA, double meanB, Ratio interval, double pValue,
                         double level, boolean significant) {

    /** A ratio of means and its interval's ends. */
    public record Ratio(double value, double lower, double upper) {}

    /** meanA / meanB. */
    public double ratio() {
        return interval.value();
    }

    public double ratioLower() {
        return interval.lower();
    }

    public double ratioUpper() {
        return interval.upper();
    }

    /**
     * Values a series needs for a comparison: how alike neighbours are cannot be told from fewer (eight seconds of a
     * series of lag-1 correlation 0.9 look like a trend).
     */
    public static final int MIN_SERIES = 20;

    /** Null when either side has fewer than {@link #MIN_SERIES} positive values. */
    public static Comparison ofSeries(String a, List<Double> seriesA, String b, List<Double> seriesB, double level) {
        double[] x = seriesA.stream().filter(v -> v > 0).mapToDouble(Math::log).toArray();
        double[] y = seriesB.stream().filter(v -> v > 0).mapToDouble(Math::log).toArray();
        if (x.length < MIN_SERIES || y.length < MIN_SERIES) {
            return null;
        }
        // one batch for both, from their lag-1 correlation pooled: not a lottery of each series' own few seconds
        double[] sx = LongRunVariance.lag1Sums(x);
        double[] sy = LongRunVariance.lag1Sums(y);
        int batch = LongRunVariance.batchSize((sx[0] + sy[0]) / Math.max(1e-300, sx[1] + sy[1]),
                Math.max(x.length, y.length));
        LongRunVariance lx = LongRunVariance.of(x, batch);
        LongRunVariance ly = LongRunVariance.of(y, batch);
        double va = lx.ofMean();
        double vb = ly.ofMean();
        double se = Math.sqrt(va + vb);
        double diff = lx.mean() - ly.mean();
        double p;
        double half;
        if (se == 0) {
            p = diff == 0 ? 1 : 0;
            half = 0;
        } else {
            double df = Satterthwaite.df(new double[][] {{va, lx.df()}, {vb, ly.df()}});
            TDistribution t = new TDistribution(Math.min(df, 1e6));
            half = t.inverseCumulativeProbability(1 - (1 - level) / 2) * se;
            p = 2 * t.cumulativeProbability(-Math.abs(diff) / se);
        }
        return new Comparison(a, b, Math.exp(lx.mean()), Math.exp(ly.mean()),
                new Ratio(Math.exp(diff), Math.exp(diff - half), Math.exp(diff + half)), p, level, p < 1 - level);
    }

    /** "+12.3 % (+10.1 to +14.6)" for A over B. */
    public String effect() {
        return PairedRatio.effect(interval.value(), interval.lower(), interval.upper());
    }
}
