package dev.cqlbench.stats;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A positive quantity estimated from independent per-block values (a block's typical time per operation, its CPU per
 * operation): the geometric mean of the blocks, with a Student-t interval computed on the logarithms and taken back,
 * so it is never below zero and is as wide, relatively, on each side of a ratio as on the other.
 *
 * @param value   geometric mean of the blocks
 * @param lower   lower bound of the interval at {@code level}
 * @param upper   upper bound
 * @param level   confidence level, e.g. 0.999
 * @param samples blocks it rests on
 */
public record Estimate(double value, double lower, double upper, double level, int samples) {

    /**
     * Fewer blocks than this give no interval ("too few samples"): at 99.9 % the t quantile of 1 degree of freedom is
     * 637, of 3 degrees 12.9, of 4 degrees 8.6.
     */
    public static final int MIN_SAMPLES = 5;

    /** Null when fewer than {@link #MIN_SAMPLES} positive values. Values ≤ 0 are not samples of a positive quantity. */
    public static Estimate of(List<Double> values, double level) {
        double[] logs = values.stream().filter(v -> v > 0 && Double.isFinite(v)).mapToDouble(Math::log).toArray();
        if (logs.length < MIN_SAMPLES) {
            return null;
        }
        double[] interval = LogInterval.of(logs, level);
        if (interval == null) {
            return null;
        }
        return new Estimate(Math.exp(interval[0]), Math.exp(interval[1]), Math.exp(interval[2]), level, logs.length);
    }

    /** Half the interval's width relative to the value: 0.05 is "±5 %". */
    public double relativeHalfWidth() {
        return (upper - lower) / 2 / value;
    }

    /** Whether the interval is at least as narrow as {@code precision} (relative half-width). */
    public boolean meets(double precision) {
        return relativeHalfWidth() <= precision;
    }

    /** The same estimate in other units (µs instead of ns). */
    public Estimate scaled(double factor) {
        return new Estimate(value * factor, lower * factor, upper * factor, level, samples);
    }

    /**
     * Mean, lower and upper bound of the t-interval on values already on a log scale, given in the order they were
     * measured. Blocks a few seconds apart share the host's passing state, so neighbours are alike: as latte does,
     * the standard error and the degrees of freedom use the effective number of samples n·(1−ρ)/(1+ρ), ρ the lag-1
     * autocorrelation (taken as 0 when negative), which is what an AR(1) series of n values is worth. Null when
     * that is fewer than {@link #MIN_SAMPLES}: too few samples, however many blocks ran.
     */
    static final class LogInterval {

        private LogInterval() {}

        static double[] of(double[] logs, double level) {
            double[] m = moments(logs);
            int n = logs.length;
            double effective = effective(n, m[1], m[2]);
            if (effective < MIN_SAMPLES) {
                return null;
            }
            double se = Math.sqrt(m[1] / (n - 1) / effective);
            double t = new TDistribution(effective - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
            return new double[] {m[0], m[0] - t * se, m[0] + t * se};
        }

        /** What a series of values (in the order measured) is worth in independent samples: n·(1−ρ)/(1+ρ). */
        static double effective(double[] values) {
            if (values.length < 2) {
                return values.length;
            }
            double[] m = moments(values);
            return effective(values.length, m[1], m[2]);
        }

        /** Mean, sum of squared deviations, sum of products of neighbours' deviations. */
        private static double[] moments(double[] values) {
            int n = values.length;
            double mean = 0;
            for (double v : values) {
                mean += v;
            }
            mean /= n;
            double squares = 0;
            double lagged = 0;
            for (int i = 0; i < n; i++) {
                squares += (values[i] - mean) * (values[i] - mean);
                if (i > 0) {
                    lagged += (values[i] - mean) * (values[i - 1] - mean);
                }
            }
            return new double[] {mean, squares, lagged};
        }

        private static double effective(int n, double squares, double lagged) {
            // values alike to rounding error have no spread, hence no likeness between neighbours to speak of
            double rho = squares <= 1e-18 * n ? 0 : Math.max(0, Math.min(0.95, lagged / squares));
            return n * (1 - rho) / (1 + rho);
        }
    }
}
