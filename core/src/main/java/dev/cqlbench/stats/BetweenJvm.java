package dev.cqlbench.stats;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * How far fresh JVMs of one library sit apart, beyond their own noise, as a run's own forks show it (what its
 * report says; intervals take it with its prior, {@link RunNoise}): the between-JVM variance τ² on the log scale,
 * from the forks of several series pooled (variance components, as a nested analysis of variance estimates them).
 * A series' fork means spread by τ² plus the own noise a mean over n rounds keeps, σ²/n; σ² comes from the forks'
 * round-by-round deviations (many degrees of freedom), so τ² = mean spread − mean σ²/n, taken as 0 when negative.
 * Pooling assumes one τ² for the series it is given (the variants and operations of one measure): the
 * simulation suite checks that this holds its level when the effect differs from one operation to another and when it
 * is the same JVM effect in every operation.
 *
 * @param tau2       τ², at least 0
 * @param spread     the mean over series of the fork means' variance
 * @param spreadDf   its degrees of freedom: Σ (forks − 1)
 * @param within     the mean over series of their own noise's variance of a fork's mean, σ²/n
 * @param withinDf   its degrees of freedom
 * @param series     how many series it pools
 */
public record BetweenJvm(double tau2, double spread, double spreadDf, double within, double withinDf, int series) {

    /** No fork to tell JVMs apart: nothing is known of τ², and nothing is added for it. */
    public static final BetweenJvm UNKNOWN = new BetweenJvm(0, 0, 0, 0, 0, 0);

    /** Pooled over the series of at least two forks; {@link #UNKNOWN} without one. */
    public static BetweenJvm of(List<ForkSeries> all) {
        double spread = 0;
        double spreadDf = 0;
        double within = 0;
        double withinDf = 0;
        int n = 0;
        for (ForkSeries s : all) {
            LongRunVariance own = s.own();
            if (own == null) {
                continue;
            }
            spread += s.forkSpread();
            spreadDf += s.forks() - 1;
            within += own.variance() / s.rounds();
            withinDf += own.df();
            n++;
        }
        if (n == 0) {
            return UNKNOWN;
        }
        spread /= n;
        within /= n;
        return new BetweenJvm(Math.max(0, spread - within), spread, spreadDf, within, withinDf, n);
    }

    /** Whether forks told anything of τ². */
    public boolean known() {
        return series > 0;
    }

    /** τ as a relative figure: 0.004 is "0.4 %". */
    public double sd() {
        return Math.expm1(Math.sqrt(tau2));
    }

    /**
     * τ's interval at {@code level}: the spread's chi-squared interval less the own noise (taken as known, it has
     * far more degrees of freedom), each end at least 0. Null when not {@link #known()}.
     */
    public double[] sdInterval(double level) {
        if (!known() || spreadDf < 1) {
            return null;
        }
        ChiSquaredDistribution chi = new ChiSquaredDistribution(spreadDf);
        double alpha = 1 - level;
        double low = spread * spreadDf / chi.inverseCumulativeProbability(1 - alpha / 2) - within;
        double high = spread * spreadDf / chi.inverseCumulativeProbability(alpha / 2) - within;
        return new double[] {Math.expm1(Math.sqrt(Math.max(0, low))), Math.expm1(Math.sqrt(Math.max(0, high)))};
    }

    /** "between-JVM sd 0.4 % (0.0 to 1.3 %)" at {@code level}. */
    public String describe(double level) {
        if (!known()) {
            return "between-JVM sd not known (one JVM per variant, or too few rounds)";
        }
        double[] i = sdInterval(level);
        return String.format(Locale.ROOT, "between-JVM sd %.1f %% (%.1f to %.1f %%)", sd() * 100, i[0] * 100,
                i[1] * 100);
    }
}
