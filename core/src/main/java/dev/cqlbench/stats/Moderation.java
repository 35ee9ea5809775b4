package dev.cqlbench.stats;

import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.special.Gamma;

/**
 * Empirical Bayes moderation of many variance estimates of one kind (Smyth 2004, limma's squeezeVar): each
 * estimate s²ᵢ with dᵢ degrees of freedom is taken as a draw around its own true variance, and the true variances
 * of a group (a library's operations) as drawn around the group's s₀² with d₀ prior degrees of freedom (a scaled
 * inverse chi-squared), fitted by moments on the log scale: s₀² from each group's mean, d₀ from the spread within the
 * groups beyond what sampling explains. Each estimate is then (d₀s₀² + dᵢs²ᵢ)/(d₀ + dᵢ) with d₀ + dᵢ degrees of freedom
 * (at most its group's Σ dᵢ): alike estimates lend each other their degrees of freedom (d₀ large when their spread is
 * what sampling alone explains), an estimate unlike the others keeps mostly its own (d₀ small).
 */
public final class Moderation {

    private final Map<Integer, double[]> groups;
    private final double d0;

    /** @param groups group → {s₀², Σ dᵢ}; @param d0 the prior degrees of freedom (infinite: no excess spread) */
    private Moderation(Map<Integer, double[]> groups, double d0) {
        this.groups = groups;
        this.d0 = d0;
    }

    /** One group: every estimate alike. */
    public static Moderation fit(double[] s2, double[] df) {
        return fit(s2, df, new int[s2.length]);
    }

    /** Estimates {@code s2} with {@code df} degrees of freedom each, in groups {@code group} (each its own scale). */
    public static Moderation fit(double[] s2, double[] df, int[] group) {
        Map<Integer, double[]> sums = new HashMap<>(); // group → {Σ e, n, Σ d}
        double[] e = new double[s2.length];
        for (int i = 0; i < s2.length; i++) {
            if (usable(s2[i], df[i])) {
                e[i] = Math.log(s2[i]) - Gamma.digamma(df[i] / 2) + Math.log(df[i] / 2);
                double[] g = sums.computeIfAbsent(group[i], k -> new double[3]);
                g[0] += e[i];
                g[1]++;
                g[2] += df[i];
            }
        }
        double squares = 0;
        double trigamma = 0;
        int n = 0;
        for (int i = 0; i < s2.length; i++) {
            if (usable(s2[i], df[i])) {
                double[] g = sums.get(group[i]);
                double mean = g[0] / g[1];
                squares += (e[i] - mean) * (e[i] - mean);
                trigamma += Gamma.trigamma(df[i] / 2);
                n++;
            }
        }
        int freedom = n - sums.size();
        double d0 = 0;
        if (freedom > 0) {
            double excess = squares / freedom - trigamma / n;
            d0 = excess <= 0 ? Double.POSITIVE_INFINITY : 2 * trigammaInverse(excess);
        }
        Map<Integer, double[]> out = new HashMap<>();
        double prior = d0;
        sums.forEach((g, sum) -> {
            double mean = sum[0] / sum[1];
            double scale = prior > 0 && Double.isFinite(prior)
                    ? Math.exp(mean + Gamma.digamma(prior / 2) - Math.log(prior / 2)) : Math.exp(mean);
            out.put(g, new double[] {scale, sum[2]});
        });
        return new Moderation(out, d0);
    }

    private static boolean usable(double s2, double df) {
        return s2 > 0 && df > 0 && Double.isFinite(s2);
    }

    /** d₀: the prior's degrees of freedom. */
    public double df() {
        return d0;
    }

    /** An estimate of group 0 moderated ({@link #moderate(double, double, int)}). */
    public double[] moderate(double s2, double df) {
        return moderate(s2, df, 0);
    }

    /**
     * An estimate {@code s2} with {@code df} degrees of freedom of group {@code group}, moderated: {value, degrees of
     * freedom}. With d₀ infinite its group's scale, worth the degrees of freedom the group rests on; with no prior
     * (a group alone, nothing to fit), itself.
     */
    public double[] moderate(double s2, double df, int group) {
        double[] g = groups.get(group);
        if (g == null || d0 <= 0 || !usable(s2, df)) {
            return new double[] {s2, df};
        }
        if (Double.isInfinite(d0)) {
            return new double[] {g[0], g[1]};
        }
        return new double[] {(d0 * g[0] + df * s2) / (d0 + df), Math.min(d0 + df, g[1])};
    }

    /** y with trigamma(y) = x, x > 0 (trigamma is decreasing): Newton's steps with a numeric slope. */
    static double trigammaInverse(double x) {
        if (x > 1e7) {
            return 1 / Math.sqrt(x);
        }
        if (x < 1e-6) {
            return 1 / x;
        }
        double y = 0.5 + 1 / x;
        for (int i = 0; i < 50; i++) {
            double tri = Gamma.trigamma(y);
            double h = 1e-6 * Math.max(1, y);
            double slope = (Gamma.trigamma(y + h) - tri) / h;
            double next = y - (tri - x) / slope;
            if (next <= 0) {
                next = y / 2;
            }
            if (Math.abs(next - y) < 1e-10 * y) {
                return next;
            }
            y = next;
        }
        return y;
    }
}
