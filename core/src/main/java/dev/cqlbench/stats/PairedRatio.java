package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A against B on one positive measure (lower is better: time or CPU per operation), from the rounds both ran: each
 * round gives a paired ratio A/B of its blocks, run minutes apart at most, so what drifts on the host over the run
 * cancels; the geometric mean of those ratios gets a Student-t interval on the log scale, never below zero. The
 * difference is significant when the interval leaves out 1.
 *
 * @param ratio  geometric mean of the per-round ratios A/B
 * @param pairs  rounds in which both ran
 */
public record PairedRatio(String a, String b, double ratio, double lower, double upper, double level, int pairs) {

    public static final String TEST = "paired per-round ratio, t-interval on its logarithm";

    /**
     * Null when fewer than {@link Estimate#MIN_SAMPLES} rounds have both. Keys are rounds, values per-block figures;
     * {@code roundsA} iterates in the order the rounds ran (a sorted map), for the autocorrelation correction.
     */
    public static <K> PairedRatio of(String a, Map<K, Double> roundsA, String b, Map<K, Double> roundsB, double level) {
        List<Double> logs = new ArrayList<>();
        roundsA.forEach((round, x) -> {
            Double y = roundsB.get(round);
            if (x != null && y != null && x > 0 && y > 0) {
                logs.add(Math.log(x / y));
            }
        });
        if (logs.size() < Estimate.MIN_SAMPLES) {
            return null;
        }
        double[] interval = Estimate.LogInterval.of(logs.stream().mapToDouble(Double::doubleValue).toArray(), level);
        if (interval == null) {
            return null;
        }
        return new PairedRatio(Objects.requireNonNull(a), Objects.requireNonNull(b), Math.exp(interval[0]),
                Math.exp(interval[1]), Math.exp(interval[2]), level, logs.size());
    }

    public boolean significant() {
        return lower > 1 || upper < 1;
    }

    /** Half the interval's width relative to the ratio: the smallest difference this run could have told apart. */
    public double resolution() {
        return (upper - lower) / 2 / ratio;
    }

    /** "+12.3 % (+10.1 to +14.6)" for A over B. */
    public String effect() {
        return effect(ratio, lower, upper);
    }

    /** A ratio and its interval as a percentage change: "+12.3 % (+10.1 to +14.6)". */
    static String effect(double ratio, double lower, double upper) {
        return String.format(Locale.ROOT, "%+.1f %% (%+.1f to %+.1f)", (ratio - 1) * 100, (lower - 1) * 100,
                (upper - 1) * 100);
    }

    /** In words: "a takes 12.3 % more time than b (+10.1 to +14.6 %)", or no difference within what it could tell. */
    public String sentence(String measure) {
        if (!significant()) {
            return String.format(Locale.ROOT, "no significant difference in %s between %s and %s (%s; could tell "
                    + "±%.1f %%)", measure, a, b, effect(), resolution() * 100);
        }
        return String.format(Locale.ROOT, "%s takes %.1f %% %s %s than %s (%+.1f to %+.1f %%)", a,
                Math.abs(ratio - 1) * 100, ratio < 1 ? "less" : "more", measure, b,
                (lower - 1) * 100, (upper - 1) * 100);
    }
}
