package dev.cqlbench.stats;

import java.util.List;

/**
 * A positive quantity of one variant (a typical time, a CPU per operation), the geometric mean of its blocks, with a
 * Student-t interval on the logarithms taken back, so it is never below zero and as wide, relatively, on each side.
 * <p>
 * With several forks (fresh JVMs of the variant, every one in every round) the figure is this run's host's: every
 * fork meets the host in the same state in a round, so the host's drift, which a rerun at another hour changes, is
 * part of the figure and not of its interval, while each JVM's own noise and the between-JVM variance τ² are:
 * var = τ²/K + σ²/(K·n), σ² the own noise's long-run variance ({@link ForkSeries#own}), degrees of freedom by
 * Satterthwaite. With one fork nothing separates host from JVM: the interval is the series' own (host included,
 * {@link LongRunVariance}) and says nothing of other JVMs.
 *
 * @param value   geometric mean of the blocks
 * @param lower   lower end of the interval
 * @param upper   upper end
 * @param level   the level the interval keeps (over every look the run took)
 * @param samples blocks it rests on
 * @param rounds  rounds it rests on
 * @param forks   JVMs it rests on
 * @param df      degrees of freedom of its t quantile
 */
public record Estimate(double value, double lower, double upper, double level, int samples, int rounds, int forks,
                       double df) {

    /** Fewer rounds than this give no interval ("too few samples"). */
    public static final int MIN_ROUNDS = 5;

    /**
     * The variant's figure from its forks' blocks, τ² from {@code jvm}; {@code alpha} the two-sided error this
     * interval may spend (less than 1 − level when the run looked several times), {@code level} the level it keeps.
     * Null with fewer than {@link #MIN_ROUNDS} rounds.
     */
    public static Estimate of(ForkSeries series, BetweenJvm jvm, double alpha, double level) {
        int n = series.rounds();
        int k = series.forks();
        if (n < MIN_ROUNDS) {
            return null;
        }
        double[][] terms;
        if (k >= 2) {
            LongRunVariance own = series.own();
            double[][] fork = jvm.terms(1.0 / k);
            terms = new double[fork.length + 1][];
            System.arraycopy(fork, 0, terms, 0, fork.length);
            terms[fork.length] = new double[] {own.variance() / ((double) k * n), own.df()};
        } else {
            LongRunVariance whole = LongRunVariance.of(series.roundMeans());
            terms = new double[][] {{whole.ofMean(), whole.df()}};
        }
        double mean = series.mean();
        double variance = Math.max(0, Satterthwaite.variance(terms));
        double df = Satterthwaite.df(terms);
        double half = Satterthwaite.quantile(alpha, df) * Math.sqrt(variance);
        return new Estimate(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), level, n * k, n, k, df);
    }

    /**
     * A positive series measured one value after another (per-second rates): geometric mean and interval from
     * {@link LongRunVariance}. Null with fewer than {@link #MIN_ROUNDS} positive values.
     */
    public static Estimate ofSeries(List<Double> values, double level) {
        double[] logs = values.stream().filter(v -> v > 0 && Double.isFinite(v)).mapToDouble(Math::log).toArray();
        if (logs.length < MIN_ROUNDS) {
            return null;
        }
        return of(ForkSeries.of(new double[][] {logs}), BetweenJvm.UNKNOWN, 1 - level, level);
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
        return new Estimate(value * factor, lower * factor, upper * factor, level, samples, rounds, forks, df);
    }
}
