package dev.cqlbench.stats;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.TestUtils;

/**
 * A against B on the same measure (lower is better, e.g. total time of a repetition): the ratio of means,
 * its confidence interval, and Welch's two-sided t-test, which does not assume equal variances.
 *
 * @param ratio       meanA / meanB
 * @param significant whether the difference is real at the confidence level (p below 1 - level)
 */
public record Comparison(String a, String b, double meanA, double meanB, double ratio, double ratioLower,
                         double ratioUpper, double pValue, double level, boolean significant) {

    public static final String TEST = "Welch's two-sided t-test on repetition totals";

    /** Null when either side has fewer than two samples. */
    public static Comparison of(String a, List<Double> samplesA, String b, List<Double> samplesB, double level) {
        if (samplesA.size() < 2 || samplesB.size() < 2) {
            return null;
        }
        double[] x = samplesA.stream().mapToDouble(Double::doubleValue).toArray();
        double[] y = samplesB.stream().mapToDouble(Double::doubleValue).toArray();
        double meanA = mean(x);
        double meanB = mean(y);
        double va = variance(x, meanA) / x.length;
        double vb = variance(y, meanB) / y.length;
        double se = Math.sqrt(va + vb);
        double p;
        double half;
        if (se == 0) {
            p = meanA == meanB ? 1 : 0;
            half = 0;
        } else {
            double df = (va + vb) * (va + vb)
                    / (va * va / (x.length - 1) + vb * vb / (y.length - 1));
            half = new TDistribution(df).inverseCumulativeProbability(1 - (1 - level) / 2) * se;
            p = TestUtils.tTest(x, y);
        }
        double diff = meanA - meanB;
        return new Comparison(a, b, meanA, meanB, meanA / meanB, (diff - half) / meanB + 1, (diff + half) / meanB + 1,
                p, level, p < 1 - level);
    }

    /** In the study's words: "X is 19% faster than Y", or that no difference was shown. */
    public String sentence() {
        if (!significant) {
            return String.format(Locale.ROOT, "no significant difference between %s and %s (%+.0f%%, p=%.2g)",
                    a, b, (ratio - 1) * 100, pValue);
        }
        if (ratio < 1) {
            return String.format(Locale.ROOT, "%s is %.0f%% faster than %s (takes %.0f%%–%.0f%% less time, p=%.2g)",
                    a, (1 - ratio) * 100, b, (1 - ratioUpper) * 100, (1 - ratioLower) * 100, pValue);
        }
        return String.format(Locale.ROOT, "%s is %.0f%% slower than %s (takes %.0f%%–%.0f%% more time, p=%.2g)",
                a, (ratio - 1) * 100, b, (ratioLower - 1) * 100, (ratioUpper - 1) * 100, pValue);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double variance(double[] values, double mean) {
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }
}
