package dev.cqlbench.stats;

import java.util.List;

/**
 * Two-sided Student-t confidence interval of the mean of values in the order they were measured (one per round, one
 * per repetition): the mean's variance is the series' long-run variance over n ({@link LongRunVariance}), since
 * neighbours share the host's passing state. Of a positive quantity (every value above zero: a time, a rate) it is
 * computed on the log scale around the geometric mean, so it never goes below zero ({@link #of}); of a quantity that
 * can be negative (a difference) around the arithmetic mean ({@link #ofDifferences}), whatever signs the values it
 * was given happen to have.
 *
 * @param level e.g. 0.999
 */
public record ConfidenceInterval(double mean, double lower, double upper, double level, int samples) {

    public static final double DEFAULT_LEVEL = 0.999;

    /**
     * Of a positive quantity (on the log scale when every value is above zero); null when fewer than
     * {@link Estimate#MIN_ROUNDS} samples ("too few samples").
     */
    public static ConfidenceInterval of(List<Double> samples, double level) {
        int n = samples.size();
        if (n < Estimate.MIN_ROUNDS) {
            return null;
        }
        if (samples.stream().allMatch(x -> x > 0 && Double.isFinite(x))) {
            Estimate e = Estimate.ofSeries(samples, level);
            return e == null ? null : new ConfidenceInterval(e.value(), e.lower(), e.upper(), level, n);
        }
        return ofDifferences(samples, level);
    }

    /**
     * Of a quantity that can be negative or zero, such as a difference: around the arithmetic mean, even when every
     * value it was given is positive (a difference's interval must be able to reach zero). Null when fewer than
     * {@link Estimate#MIN_ROUNDS} samples.
     */
    public static ConfidenceInterval ofDifferences(List<Double> samples, double level) {
        int n = samples.size();
        if (n < Estimate.MIN_ROUNDS) {
            return null;
        }
        LongRunVariance v = LongRunVariance.of(samples.stream().mapToDouble(Double::doubleValue).toArray());
        double half = Satterthwaite.quantile(1 - level, v.df()) * Math.sqrt(v.ofMean());
        return new ConfidenceInterval(v.mean(), v.mean() - half, v.mean() + half, level, n);
    }

    public double halfWidth() {
        return (upper - lower) / 2;
    }

    /** Half the width relative to the mean: 0.05 is "±5 %". */
    public double relativeHalfWidth() {
        return halfWidth() / Math.abs(mean);
    }
}
