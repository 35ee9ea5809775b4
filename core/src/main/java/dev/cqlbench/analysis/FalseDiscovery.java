package dev.cqlbench.analysis;

import java.util.Arrays;

/**
 * The Benjamini–Hochberg rule over a run's descriptive comparisons: with R of their m p-values at most i·q/m for the
 * largest such rank i, R are marked, and each interval is made at 1 − R·q/m (Benjamini and Yekutieli's intervals for
 * the selected, which cover as a set at that rate), so that a mark is exactly an interval that leaves out 1.
 */
final class FalseDiscovery {

    private FalseDiscovery() {}

    /** The level of every descriptive interval, from their p-values and the false-discovery rate {@code q}. */
    static double level(double[] pValues, double q) {
        int m = pValues.length;
        double[] p = pValues.clone();
        Arrays.sort(p);
        int marked = 0;
        for (int i = m; i >= 1; i--) {
            if (p[i - 1] <= i * q / m) {
                marked = i;
                break;
            }
        }
        return 1 - Math.max(1, marked) * q / m;
    }
}
