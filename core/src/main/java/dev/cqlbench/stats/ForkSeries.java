package dev.cqlbench.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.StatUtils;

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

    /** Fork k's values, round by round. */
    public double[] fork(int k) {
        return logs[k].clone();
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
        double sum = 0;
        for (double[] fork : logs) {
            for (double x : fork) {
                sum += x;
            }
        }
        return logs[0].length == 0 ? Double.NaN : sum / (logs.length * logs[0].length);
    }

    /** Each fork's mean over the rounds. */
    public double[] forkMeans() {
        double[] m = new double[logs.length];
        for (int k = 0; k < logs.length; k++) {
            double sum = 0;
            for (double x : logs[k]) {
                sum += x;
            }
            m[k] = logs[k].length == 0 ? Double.NaN : sum / logs[k].length;
        }
        return m;
    }

    /** The variance of the forks' means (n − 1 denominator); 0 with one fork. */
    public double forkSpread() {
        double[] m = forkMeans();
        return m.length < 2 ? 0 : StatUtils.variance(m);
    }

    /**
     * One fork's own noise, the host left out: its long-run variance from each fork's deviation from the round's
     * mean over forks (which every fork shares, so the host's state cancels), scaled by K/(K−1) since each deviation
     * also carries a K-th of the others' noise; degrees of freedom (K−1) times a fork's. Null with one fork or too
     * few rounds.
     */
    public LongRunVariance own() {
        int batch = 1;
        for (double[] deviation : deviations()) {
            batch = Math.max(batch, LongRunVariance.batchSize(deviation));
        }
        return own(batch);
    }

    /** The same with batches of {@code batch} rounds (one batch size for a whole run, {@link RunNoise}). */
    public LongRunVariance own(int batch) {
        int k = forks();
        int n = rounds();
        if (k < 2 || n < LongRunVariance.MIN_VALUES) {
            return null;
        }
        double[][] u = deviations();
        double sum = 0;
        LongRunVariance one = null;
        for (double[] deviation : u) {
            one = LongRunVariance.of(deviation, batch);
            sum += one.variance();
        }
        double variance = sum / k * k / (k - 1);
        return new LongRunVariance(mean(), variance, one.df() * (k - 1), n, one.batch());
    }

    /** Each fork's deviation from the round's mean over forks, round by round (the host left out). */
    public double[][] deviations() {
        double[] z = roundMeans();
        double[][] u = new double[forks()][rounds()];
        for (int f = 0; f < u.length; f++) {
            for (int r = 0; r < z.length; r++) {
                u[f][r] = logs[f][r] - z[r];
            }
        }
        return u;
    }

    /** Fork by fork, this series less {@code other}'s (the same forks and rounds): two operations of one JVM apart. */
    public ForkSeries minus(ForkSeries other) {
        if (other.forks() != forks() || other.rounds() != rounds()) {
            throw new IllegalArgumentException("series of different forks or rounds");
        }
        double[][] d = new double[forks()][rounds()];
        for (int f = 0; f < d.length; f++) {
            for (int r = 0; r < d[f].length; r++) {
                d[f][r] = logs[f][r] - other.logs[f][r];
            }
        }
        return new ForkSeries(d);
    }
}
