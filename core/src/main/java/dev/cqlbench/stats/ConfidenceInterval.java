package dev.cqlbench.stats;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two-sided Student-t confidence interval of a mean. Of a positive quantity (every sample above zero: a time, a rate)
 * it is the {@link Estimate} on the log scale, around the geometric mean, so it never goes below zero; of a quantity
 * that can be negative (a difference) the interval of the arithmetic mean.
 *
 * @param level e.g. 0.999
 */
public record ConfidenceInterval(double mean, double lower, double upper, double level, int samples) {

    public static final double DEFAULT_LEVEL = 0.999;

    /** Null when fewer than {@link Estimate#MIN_SAMPLES} samples ("too few samples"). */
    public static ConfidenceInterval of(List<Double> samples, double level) {
        int n = samples.size();
        if (n < Estimate.MIN_SAMPLES) {
            return null;
        }
        if (samples.stream().allMatch(x -> x > 0 && Double.isFinite(x))) {
            Estimate e = Estimate.of(samples, level);
            return e == null ? null : new ConfidenceInterval(e.value(), e.lower(), e.upper(), level, n);
        }
        double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double sumSquares = samples.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
        double standardError = Math.sqrt(sumSquares / (n - 1)) / Math.sqrt(n);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
        return new ConfidenceInterval(mean, mean - t * standardError, mean + t * standardError, level, n);
    }

    public double halfWidth() {
        return (upper - lower) / 2;
    }

    /** Half the width relative to the mean: 0.05 is "±5 %". */
    public double relativeHalfWidth() {
        return halfWidth() / Math.abs(mean);
    }
}
