package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How far one variant's JVMs sit apart over its operations in one run: the spread of its forks' means (their
 * level, τ², plus what their own noise leaves in a mean over the run, σ²/n) and that noise's part, each averaged over
 * the operations weighted by how precisely the operation shows a JVM's level (one over its noise's part, squared: a
 * noisy operation's spread says little of τ², and averaged alike it would drown a quiet one's). A JVM's level is
 * shared by its operations and their noise is not, so the spread has between K − 1 and K − 1 times the operations'
 * number of degrees of freedom ({@link Component#sharedDf}).
 *
 * @param spread   the weighted mean over operations of the fork means' variance
 * @param within   the weighted mean of their own noise's part, σ²/n
 * @param withinDf its degrees of freedom, every operation's added
 * @param forks    K
 * @param ops      the operations' effective number, (Σw)²/Σw²
 */
public record JvmSpread(double spread, double within, double withinDf, int forks, double ops) {

    /** From each operation's series and its own noise's variance of one round and degrees of freedom. */
    public static JvmSpread of(List<ForkSeries> series, List<double[]> noises) {
        int n = series.size();
        double[] parts = new double[n];
        double weights = 0;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            parts[i] = noises.get(i)[0] / series.get(i).rounds();
        }
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = parts[i] > 0 ? 1 / (parts[i] * parts[i]) : 1;
            weights += w[i];
            squares += w[i] * w[i];
        }
        double spread = 0;
        double within = 0;
        double withinDf = 0;
        for (int i = 0; i < n; i++) {
            spread += w[i] / weights * series.get(i).forkSpread();
            within += w[i] / weights * parts[i];
            withinDf += noises.get(i)[1];
        }
        return new JvmSpread(spread, within, Math.max(1, withinDf), series.get(0).forks(), weights * weights / squares);
    }

    /** The spread's degrees of freedom, τ² counted at its upper bound ({@link Component#upper}). */
    public double spreadDf() {
        return Component.sharedDf(ops, forks - 1.0, spread, Component.upper(spread, forks - 1.0) - within);
    }

    /**
     * Whether these JVMs sit further apart than a calibration said their library's do ({@code calibrated}, τ² with
     * its degrees of freedom): their spread over what the calibration and their own noise predict for it, against
     * the F distribution of their degrees of freedom and the calibration's, beyond its {@code level} quantile. Never
     * without a calibration: there is nothing to disagree with.
     */
    public boolean beyond(Component calibrated, double level) {
        if (!calibrated.known() || forks < 2) {
            return false;
        }
        double expected = calibrated.variance() + within;
        double df = spreadDf();
        return expected > 0 && spread / expected > new org.apache.commons.math3.distribution.FDistribution(df,
                calibrated.weight()).inverseCumulativeProbability(level);
    }

    /**
     * The variants whose JVMs sit further apart than their {@code calibrated} spread says they should ({@link #beyond}
     * at {@code level}), from each variant's operations' series ({@code byVariant}), their own noise over batches of
     * {@code batch} rounds.
     */
    public static List<String> apart(Map<String, Map<String, ForkSeries>> byVariant, int batch,
                                     Function<String, Component> calibrated, double level) {
        List<String> out = new ArrayList<>();
        byVariant.forEach((variant, ops) -> {
            if (of(ops.values(), batch).beyond(calibrated.apply(variant), level)) {
                out.add(variant);
            }
        });
        return out;
    }

    /**
     * The spread of one library's operations' series, each with its own noise over batches of {@code batch} rounds
     * (0: the batch each series chooses).
     */
    public static JvmSpread of(java.util.Collection<ForkSeries> ops, int batch) {
        List<ForkSeries> list = List.copyOf(ops);
        List<double[]> noises = new ArrayList<>();
        for (ForkSeries s : list) {
            LongRunVariance own = batch > 0 ? s.own(batch) : s.own();
            noises.add(own == null ? new double[] {0, 1} : new double[] {own.variance(), own.df()});
        }
        return of(list, noises);
    }
}
