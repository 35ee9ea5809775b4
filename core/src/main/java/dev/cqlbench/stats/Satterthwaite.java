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
            d += t[0] * t[0] / t[1];
        }
        return d <= 0 ? Double.POSITIVE_INFINITY : Math.max(1, v * v / d);
    }

    /** The two-sided quantile at {@code alpha} (e.g. 0.001 for 99.9 %) with {@code df} degrees of freedom. */
    static double quantile(double alpha, double df) {
        double p = 1 - alpha / 2;
        return Double.isInfinite(df) || df > 1e6
                ? new org.apache.commons.math3.distribution.NormalDistribution().inverseCumulativeProbability(p)
                : new TDistribution(df).inverseCumulativeProbability(p);
    }
}
