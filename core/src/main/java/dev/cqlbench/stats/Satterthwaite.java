package dev.cqlbench.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A variance made of independently estimated parts, each with its degrees of freedom, and the Student-t quantile it
 * calls for: Welch–Satterthwaite's df = (Σ vᵢ)² / Σ (vᵢ² / dfᵢ).
 */
final class Satterthwaite {

    private Satterthwaite() {}

    /** Σ vᵢ of terms {vᵢ, dfᵢ}. */
    static double variance(double[][] terms) {
        double v = 0;
        for (double[] t : terms) {
            v += t[0];
        }
        return v;
    }

    static double df(double[][] terms) {
        double v = variance(terms);
        double d = 0;
        for (double[] t : terms) {
            d += Double.isInfinite(t[1]) ? 0 : t[0] * t[0] / t[1];
        }
        return d <= 0 ? Double.POSITIVE_INFINITY : Math.max(1, v * v / d);
    }

    /**
     * The two-sided quantile at {@code alpha} (e.g. 0.001 for 99.9 %) with {@code df} degrees of freedom, taken down to a
     * tenth (a hair wider, never narrower) and remembered: a run's analysis and the simulation suite ask for the same
     * few again and again.
     */
    static double quantile(double alpha, double df) {
        double rounded = Double.isInfinite(df) || df > 1e6 ? Double.POSITIVE_INFINITY
                : Math.max(1, Math.floor(df * 10) / 10.0);
        return QUANTILES.computeIfAbsent(java.util.List.of(alpha, rounded), k -> {
            double p = 1 - alpha / 2;
            return Double.isInfinite(rounded)
                    ? new org.apache.commons.math3.distribution.NormalDistribution().inverseCumulativeProbability(p)
                    : new TDistribution(rounded).inverseCumulativeProbability(p);
        });
    }

    private static final java.util.Map<java.util.List<Double>, Double> QUANTILES =
            new java.util.concurrent.ConcurrentHashMap<>();
}
