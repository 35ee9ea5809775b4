package dev.cqlbench.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.special.Erf;

/**
 * Exact two-sided boundaries of a group-sequential test (Lan and DeMets 1983): a statistic looked at after shares
 * t₁ &lt; t₂ &lt; … of its information, its error spent as a spending function gives it, each look's boundary found so
 * that the chance of crossing it <em>for the first time</em> there, under no effect, is exactly that look's
 * increment of the function. The looks' statistics are a Brownian motion's (independent increments, correlation
 * √(tᵢ/tⱼ)); the chance is computed by the one-dimensional recursion of Armitage, McPherson and Rowe (1969), the
 * density of the statistic on the region still open integrated look by look on a grid (Simpson's rule). Each look's
 * boundary is then a nominal two-sided error at which its interval is made: wider than a single look's, narrower
 * than a union over the looks (which spends only each increment and ignores that the looks share their data).
 * <p>
 * Where the real statistics are more correlated than √(tᵢ/tⱼ) (a part of the variance more rounds do not shrink),
 * the boundaries computed for √(tᵢ/tⱼ) are conservative: more correlation lets less error through.
 */
public final class GroupSequential {

    /** Points of the grid on which a look's density is carried (odd: Simpson's rule). */
    static final int GRID = 401;

    private static final Map<List<Double>, Double> CACHE = new ConcurrentHashMap<>();

    private GroupSequential() {}

    /** Lan and DeMets' Pocock-type spending function: the share of the error spent by share t of the information. */
    public static double pocock(double t) {
        double clamped = Math.max(0, Math.min(1, t));
        return Math.log1p((Math.E - 1) * clamped);
    }

    /**
     * The nominal two-sided error of the last of the looks at {@code fractions} (increasing shares of the planned
     * information, the last the look asked about; 1 or more at a run's end, which spends what is left), for a test
     * whose whole error is {@code alpha}, spent as {@link #pocock}: the error at which that look's interval is
     * made. 0 when the look adds no information.
     */
    public static double nominal(double alpha, double[] fractions) {
        if (fractions.length == 0) {
            throw new IllegalArgumentException("no look");
        }
        if (fractions.length == 1) {
            return alpha * pocock(fractions[0]);
        }
        Double[] key = new Double[fractions.length + 1];
        key[0] = alpha;
        for (int i = 0; i < fractions.length; i++) {
            key[i + 1] = fractions[i];
        }
        return CACHE.computeIfAbsent(List.of(key), k -> boundaries(alpha, fractions, GroupSequential::pocock)[
                fractions.length - 1]);
    }

    /**
     * The nominal two-sided error of every look at {@code fractions}, whole error {@code alpha}, spent by
     * {@code spending} (0 at 0, 1 at 1 and beyond).
     */
    static double[] boundaries(double alpha, double[] fractions, DoubleUnaryOperator spending) {
        int looks = fractions.length;
        double[] nominal = new double[looks];
        double[] info = new double[looks];
        double spentBefore = 0;
        double[] grid = null;
        double[] density = null;
        double lastInfo = 0;
        for (int j = 0; j < looks; j++) {
            double t = Math.min(1, fractions[j]);
            info[j] = t;
            double spent = alpha * spending.applyAsDouble(t);
            double increment = spent - spentBefore;
            if (j > 0 && (t <= lastInfo || increment <= 0)) {
                nominal[j] = 0; // no new information, or nothing left to spend: nothing to look at
                continue;
            }
            double c;
            if (density == null) {
                c = upperQuantile(increment / 2);
                double width = c * Math.sqrt(t);
                grid = grid(width);
                density = new double[GRID];
                for (int i = 0; i < GRID; i++) {
                    density[i] = phi(grid[i] / Math.sqrt(t)) / Math.sqrt(t);
                }
            } else {
                double step = t - lastInfo;
                double[] g = grid;
                double[] d = density;
                c = solve(z -> crossing(g, d, z * Math.sqrt(t), step), increment);
                double width = c * Math.sqrt(t);
                double[] next = grid(width);
                density = convolve(grid, density, next, step);
                grid = next;
            }
            nominal[j] = 2 * upperTail(c);
            spentBefore = spent;
            lastInfo = t;
        }
        return nominal;
    }

    /** The chance to leave [−w, w] at the next look, from the sub-density {@code d} on {@code g}, after {@code step}. */
    private static double crossing(double[] g, double[] d, double w, double step) {
        double sd = Math.sqrt(step);
        double[] f = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            f[i] = d[i] * (upperTail((w - g[i]) / sd) + upperTail((w + g[i]) / sd));
        }
        return simpson(f, g[1] - g[0]);
    }

    /** The sub-density on {@code to} after {@code step} more information, from {@code d} on {@code from}. */
    private static double[] convolve(double[] from, double[] d, double[] to, double step) {
        double sd = Math.sqrt(step);
        double h = from[1] - from[0];
        double[] out = new double[to.length];
        double[] f = new double[from.length];
        for (int i = 0; i < to.length; i++) {
            for (int k = 0; k < from.length; k++) {
                f[k] = d[k] * phi((to[i] - from[k]) / sd) / sd;
            }
            out[i] = simpson(f, h);
        }
        return out;
    }

    /** The z at which {@code crossing} equals {@code target} (it falls as z grows), by bisection. */
    private static double solve(DoubleUnaryOperator crossing, double target) {
        double lo = 0;
        double hi = 40;
        for (int i = 0; i < 100 && hi - lo > 1e-10; i++) {
            double mid = (lo + hi) / 2;
            if (crossing.applyAsDouble(mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double[] grid(double width) {
        double[] g = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            g[i] = -width + 2 * width * i / (GRID - 1);
        }
        return g;
    }

    private static double simpson(double[] f, double h) {
        double s = f[0] + f[f.length - 1];
        for (int i = 1; i < f.length - 1; i++) {
            s += (i % 2 == 1 ? 4 : 2) * f[i];
        }
        return s * h / 3;
    }

    private static double phi(double z) {
        return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
    }

    /** P(Z &gt; z) for a standard normal Z, precise far into the tail. */
    static double upperTail(double z) {
        return 0.5 * Erf.erfc(z / Math.sqrt(2));
    }

    /** The z with P(Z &gt; z) = p. */
    static double upperQuantile(double p) {
        return solve(GroupSequential::upperTail, p);
    }

    /** For tests: every look's nominal error at once. */
    static double[] all(double alpha, double... fractions) {
        return Arrays.copyOf(boundaries(alpha, fractions, GroupSequential::pocock), fractions.length);
    }
}
