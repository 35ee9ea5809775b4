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
     * A variant's figure from its forks' blocks: {@code mean} the mean log value over {@code rounds} rounds of
     * {@code forks} JVMs, its variance the sum of {@code terms} ({value, df}; never below the last, the own noise),
     * spending {@code alpha} two-sided and keeping {@code level}.
     */
    public static Estimate of(double mean, int rounds, int forks, double[][] terms, double alpha, double level) {
        double variance = Math.max(terms[terms.length - 1][0], Satterthwaite.variance(terms));
        double df = Satterthwaite.df(terms);
        double half = Satterthwaite.quantile(alpha, df) * Math.sqrt(variance);
        return new Estimate(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), level, rounds * forks,
                rounds, forks, df);
    }

    /**
     * A series of one JVM (log scale): its own long-run variance, host included (nothing separates the two). Null
     * with fewer than {@link #MIN_ROUNDS} values.
     */
    public static Estimate ofOneJvm(double[] logs, double alpha, double level) {
        if (logs.length < MIN_ROUNDS) {
            return null;
        }
        LongRunVariance whole = LongRunVariance.of(logs);
        return of(whole.mean(), logs.length, 1, new double[][] {{whole.ofMean(), whole.df()}}, alpha, level);
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
        return ofOneJvm(logs, 1 - level, level);
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
