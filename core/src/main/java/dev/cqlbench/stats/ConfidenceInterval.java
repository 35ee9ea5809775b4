package dev.cqlbench.stats;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Two-sided Student-t confidence interval of a mean.
 *
 * @param level e.g. 0.999
 */
public record ConfidenceInterval(double mean, double lower, double upper, double level, int samples) {

    public static final double DEFAULT_LEVEL = 0.999;

    /** Null when fewer than two samples: one sample says nothing about spread. */
    public static ConfidenceInterval of(List<Double> samples, double level) {
        int n = samples.size();
        if (n < 2) {
            return null;
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
}
