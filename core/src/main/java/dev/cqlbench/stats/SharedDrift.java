package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The part of many figures' spread that the host causes: the movement every series shares from round to round.
 * Each series (a variant's operation, its values by round) is modelled on the log scale as its own level plus a
 * round effect common to all series plus its own noise, fitted by alternating means (a two-way additive model that
 * tolerates rounds a series lacks). The round effects are the host's drift: every variant runs in its own worker
 * process, so what moves them all together in the same round is the machine (its speed, its other tenants, the
 * server they share), not a library. Removing the round effect from a series leaves its own noise: the interval it
 * would have on a steady host. That interval is a diagnostic, not a figure: a rerun at another moment meets the
 * host in another state, so the figures keep their full intervals, and paired comparisons cancel the drift anyway.
 *
 * @param spread    the round effects' standard deviation, taken back from the log scale (0.13 = "±13 %")
 * @param rho       lag-1 autocorrelation of the round effects (0 when negative): how slowly the host drifts
 * @param rounds    rounds that at least two series share
 * @param series    how many series the effects rest on
 */
public record SharedDrift(double spread, double rho, int rounds, int series) {

    /**
     * Fewer series than this give no diagnostic: each series' own noise makes up 1/k of a round's effect, so with
     * few series the round effect would swallow a good part of the noise it is meant to set apart.
     */
    public static final int MIN_SERIES = 6;

    private static final int ITERATIONS = 20;

    /** Null with fewer than {@link #MIN_SERIES} series or fewer than {@link Estimate#MIN_ROUNDS} shared rounds. */
    public static SharedDrift of(List<Map<Long, Double>> byRound) {
        if (byRound.size() < MIN_SERIES) {
            return null;
        }
        List<Map<Long, Double>> logs = new ArrayList<>();
        for (Map<Long, Double> s : byRound) {
            Map<Long, Double> l = new TreeMap<>();
            s.forEach((round, v) -> {
                if (v != null && v > 0 && Double.isFinite(v)) {
                    l.put(round, Math.log(v));
                }
            });
            logs.add(l);
        }
        TreeSet<Long> shared = new TreeSet<>();
        Map<Long, Integer> seen = new TreeMap<>();
        logs.forEach(l -> l.keySet().forEach(r -> seen.merge(r, 1, Integer::sum)));
        seen.forEach((r, n) -> {
            if (n >= 2) {
                shared.add(r);
            }
        });
        if (shared.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        Map<Long, Double> effect = new TreeMap<>();
        shared.forEach(r -> effect.put(r, 0.0));
        double[] level0 = new double[logs.size()];
        for (int it = 0; it < ITERATIONS; it++) {
            for (int i = 0; i < logs.size(); i++) {
                double sum = 0;
                int n = 0;
                for (Map.Entry<Long, Double> e : logs.get(i).entrySet()) {
                    sum += e.getValue() - effect.getOrDefault(e.getKey(), 0.0);
                    n++;
                }
                level0[i] = n == 0 ? 0 : sum / n;
            }
            double centre = 0;
            for (Long r : shared) {
                double sum = 0;
                int n = 0;
                for (int i = 0; i < logs.size(); i++) {
                    Double v = logs.get(i).get(r);
                    if (v != null) {
                        sum += v - level0[i];
                        n++;
                    }
                }
                effect.put(r, sum / n);
                centre += sum / n;
            }
            double mean = centre / shared.size();
            effect.replaceAll((r, e) -> e - mean);
        }
        double[] e = effect.values().stream().mapToDouble(Double::doubleValue).toArray();
        return new SharedDrift(Math.exp(sd(e)) - 1, rho(e), shared.size(), logs.size());
    }

    private static double sd(double[] v) {
        return Math.sqrt(StatUtils.variance(v));
    }

    /** Lag-1 autocorrelation, 0 when negative: a description of how slowly the host drifts, not a correction. */
    private static double rho(double[] v) {
        double[] sums = LongRunVariance.lag1Sums(v);
        return sums[1] <= 0 ? 0 : Math.max(0, sums[0] / sums[1]);
    }
}
