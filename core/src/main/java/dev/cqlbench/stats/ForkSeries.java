package dev.cqlbench.stats;

import java.util.Arrays;

/**
 * One figure of one variant as its forks measured it, round by round, on the log scale: {@code logs[k][r]} is fork
 * k's block in the r-th round every fork ran (rounds aligned, in the order they ran). Every fork is a fresh JVM of
 * the same library running in the same rounds, so what differs between forks in one round is each JVM's own noise,
 * and what differs between their means over the run is that noise averaged plus each JVM's own level (its JIT
 * outcome, code layout, where its threads ran): the between-JVM component no single JVM can show.
 */
public final class ForkSeries {

    private final double[][] logs;

    private ForkSeries(double[][] logs) {
        this.logs = logs;
    }

    /** Forks × rounds, every row as long as the first; at least one fork. */
    public static ForkSeries of(double[][] logs) {
        if (logs.length == 0) {
            throw new IllegalArgumentException("no fork");
        }
        for (double[] row : logs) {
            if (row.length != logs[0].length) {
                throw new IllegalArgumentException("forks with different rounds");
            }
        }
        return new ForkSeries(Arrays.stream(logs).map(double[]::clone).toArray(double[][]::new));
    }

    public int forks() {
        return logs.length;
    }

    public int rounds() {
        return logs[0].length;
    }

    /** The mean over forks in each round: the variant's value in that round. */
    public double[] roundMeans() {
        double[] z = new double[rounds()];
        for (double[] fork : logs) {
            for (int r = 0; r < z.length; r++) {
                z[r] += fork[r];
            }
        }
        for (int r = 0; r < z.length; r++) {
            z[r] /= logs.length;
        }
        return z;
    }

    /** The mean over every fork and round. */
    public double mean() {
        return Arrays.stream(roundMeans()).average().orElse(Double.NaN);
    }

    /** Each fork's mean over the rounds. */
    public double[] forkMeans() {
        return Arrays.stream(logs).mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
    }

    /** The variance of the forks' means (n − 1 denominator); 0 with one fork. */
    public double forkSpread() {
        double[] m = forkMeans();
        if (m.length < 2) {
            return 0;
        }
        double mean = Arrays.stream(m).average().orElseThrow();
        return Arrays.stream(m).map(x -> (x - mean) * (x - mean)).sum() / (m.length - 1);
    }

    /**
     * One fork's own noise, the host left out: its long-run variance from each fork's deviation from the round's
     * mean over forks (which every fork shares, so the host's state cancels), scaled by K/(K−1) since each deviation
     * also carries a K-th of the others' noise; degrees of freedom (K−1) times a fork's. Null with one fork or too
     * few rounds.
     */
    public LongRunVariance own() {
        int k = forks();
        int n = rounds();
        if (k < 2 || n < LongRunVariance.MIN_VALUES) {
            return null;
        }
        double[] z = roundMeans();
        double[][] u = new double[k][n];
        int batch = 1;
        for (int f = 0; f < k; f++) {
            for (int r = 0; r < n; r++) {
                u[f][r] = logs[f][r] - z[r];
            }
            batch = Math.max(batch, LongRunVariance.batchSize(u[f]));
        }
        double sum = 0;
        LongRunVariance one = null;
        for (double[] deviation : u) {
            one = LongRunVariance.of(deviation, batch);
            sum += one.variance();
        }
        double variance = sum / k * k / (k - 1);
        return new LongRunVariance(mean(), variance, one.df() * (k - 1), n, one.batch());
    }
}
