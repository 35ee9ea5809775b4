package dev.cqlbench.stats;

/**
 * The variance a series' mean has when neighbouring values are alike, without assuming how they are alike:
 * overlapping batch means (Meketon and Schmeiser, 1984). The series is cut into every run of {@code b} consecutive
 * values; the spread of those runs' means, scaled by {@code b}, estimates the long-run variance σ², so the mean's
 * variance is σ²/n. A lag-1 correction assumes an AR(1) series and is biased low in short ones; batch means assume
 * only that values further apart than a batch are nearly independent. The batch is twice the bandwidth Andrews
 * (1991) derives for this kernel from the series' lag-1 correlation (1.1447·(α·n)^(1/3), α = 4ρ²/((1−ρ)²(1+ρ)²)),
 * at least one value (a series whose lag-1 correlation is not positive keeps its plain variance and n − 1 degrees
 * of freedom) and at most a quarter of the series:
 * twice, because the lag-1 correlation of a short series is biased low (at 99 %, AR(1) series of ρ 0.7 and 60
 * values missed 4.2 % with Andrews' bandwidth, 1.8 % with twice it). The lag-1 correlation only chooses how wide
 * the batches are, never the variance itself: the simulation suite shows this holds its level on white noise, on
 * AR(1) noise of lag-1 correlation 0.5 and beside a slow drift.
 *
 * @param mean     the series' mean
 * @param variance the long-run variance σ² (the mean's variance is σ²/n)
 * @param df       degrees of freedom of that estimate: 1.5·(n/b − 1) for batches of b > 1 (Meketon and Schmeiser),
 *                 n − 1 for b = 1
 * @param n        values in the series
 * @param batch    b
 */
public record LongRunVariance(double mean, double variance, double df, int n, int batch) {

    /** Fewer values than this give no estimate. */
    public static final int MIN_VALUES = 3;

    /** The batch for these values: twice Andrews' AR(1) bandwidth, at least 1, at most n/4 (see above). */
    public static int batchSize(double[] values) {
        return batchSize(lag1(values), values.length);
    }

    /**
     * The batch for series whose lag-1 autocorrelation, pooled over all of them, is {@code rho} and whose length is
     * {@code n}: the rule above with one correlation for many series (one batch size for a run, {@link RunNoise}).
     */
    public static int batchSize(double rho, int n) {
        double r = Math.max(0, Math.min(0.97, rho));
        double alpha = 4 * r * r / ((1 - r) * (1 - r) * (1 + r) * (1 + r));
        int andrews = (int) Math.ceil(2 * 1.1447 * Math.cbrt(alpha * n));
        return Math.max(1, Math.min(andrews, n / 4));
    }

    /** Lag-1 autocorrelation, 0 when negative. */
    private static double lag1(double[] values) {
        double[] sums = lag1Sums(values);
        return sums[1] <= 1e-18 * values.length ? 0 : Math.max(0, sums[0] / sums[1]);
    }

    /**
     * {Σ lagged products, Σ squares} of a series about its mean: its lag-1 autocorrelation is their ratio, and
     * several series' pooled is the ratio of their sums.
     */
    static double[] lag1Sums(double[] values) {
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= values.length;
        double squares = 0;
        double lagged = 0;
        for (int i = 0; i < values.length; i++) {
            squares += (values[i] - mean) * (values[i] - mean);
            if (i > 0) {
                lagged += (values[i] - mean) * (values[i - 1] - mean);
            }
        }
        return new double[] {lagged, squares};
    }

    /** Null with fewer than {@link #MIN_VALUES} values. */
    public static LongRunVariance of(double[] values) {
        return values.length < MIN_VALUES ? null : of(values, batchSize(values));
    }

    /** With a batch of one's choosing (1: the plain sample variance). */
    public static LongRunVariance of(double[] values, int batch) {
        int n = values.length;
        if (n < MIN_VALUES) {
            return null;
        }
        int b = Math.max(1, Math.min(batch, n - 1));
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        if (b == 1) {
            double squares = 0;
            for (double v : values) {
                squares += (v - mean) * (v - mean);
            }
            return new LongRunVariance(mean, squares / (n - 1), n - 1, n, 1);
        }
        double window = 0;
        for (int i = 0; i < b; i++) {
            window += values[i];
        }
        double squares = 0;
        for (int i = 0; ; i++) {
            double d = window / b - mean;
            squares += d * d;
            if (i + b >= n) {
                break;
            }
            window += values[i + b] - values[i];
        }
        double variance = (double) n * b / ((double) (n - b) * (n - b + 1)) * squares;
        double df = Math.max(1, 1.5 * ((double) n / b - 1));
        return new LongRunVariance(mean, variance, df, n, b);
    }

    /** The variance of the series' mean: σ²/n. */
    public double ofMean() {
        return variance / n;
    }
}
