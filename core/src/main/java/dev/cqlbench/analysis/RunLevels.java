package dev.cqlbench.analysis;

import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.LongRunVariance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What whole runs move a comparison by, as a calibration fits it ({@link Calibration#fit}): each run's paired log
 * ratio of a pair of variants, their spread over the runs less what each run's rounds and JVMs predict (ω²), pooled
 * over pairs, and the slope of a pair of libraries' ratio on the host's speed ({@link HostSpeed}).
 */
final class RunLevels {

    private RunLevels() {}

    /** One comparison in one run: its paired log ratio and what the run's rounds say of its variance. */
    record Paired(double mean, double rounds, double roundsDf, int forksA, int forksB) {}


    /**
     * One run of a pair of variants of two libraries for the host-speed fit: its paired ratio A over B by operation,
     * B the library first by name (whose client CPU is the speed index, the same whichever way round a run names
     * them), and B's speed index in that run.
     */
    record SpeedPoint(Calibration.Run run, String a, String b, Map<String, Paired> byOp, double speed) {}

    static java.util.Optional<SpeedPoint> speedPoint(Calibration.Run run, String a, String b,
                                                     Map<String, Paired> byOp) {
        String la = run.libraries().get(a);
        String lb = run.libraries().get(b);
        if (la.equals(lb) || byOp.isEmpty()) {
            return java.util.Optional.empty();
        }
        boolean flip = la.compareTo(lb) < 0; // B is the library first by name
        double[] x = run.speed().get(flip ? a : b);
        if (x == null) {
            return java.util.Optional.empty();
        }
        Map<String, Paired> oriented = new LinkedHashMap<>();
        byOp.forEach((op, p) -> oriented.put(op, flip ? new Paired(-p.mean(), p.rounds(), p.roundsDf(), p.forksB(),
                p.forksA()) : p));
        return java.util.Optional.of(new SpeedPoint(run, flip ? lb : la, flip ? la : lb, oriented, x[0]));
    }

    /** The host-speed slope of one pair of libraries over the runs that have every operation of its first. */
    static HostSpeed speed(List<SpeedPoint> points, Map<String, Double> tau2, double any, String from) {
        List<String> ops = new ArrayList<>(points.get(0).byOp().keySet());
        List<SpeedPoint> full = points.stream().filter(p -> p.byOp().keySet().containsAll(ops)).toList();
        List<double[]> ratios = new ArrayList<>();
        List<double[]> predicted = new ArrayList<>();
        List<Double> speeds = new ArrayList<>();
        double predictedDf = 0;
        String a = points.get(0).a();
        String b = points.get(0).b();
        for (SpeedPoint p : full) {
            double[] r = new double[ops.size()];
            double[] v = new double[ops.size()];
            for (int o = 0; o < ops.size(); o++) {
                Paired x = p.byOp().get(ops.get(o));
                r[o] = x.mean();
                v[o] = x.rounds() + tau2.getOrDefault(a, any) / x.forksA() + tau2.getOrDefault(b, any) / x.forksB();
                predictedDf += x.roundsDf();
            }
            ratios.add(r);
            predicted.add(v);
            speeds.add(p.speed());
        }
        return HostSpeed.fit(a, b, ratios, predicted, predictedDf, speeds, from);
    }

    /**
     * One comparison in one run, over the rounds both sides share: its mean paired log ratio, and the variance of
     * that mean its rounds show (their spread over n, batches of one round: this host's rounds are about
     * independent); null with too few rounds.
     */
    static Paired paired(SortedMap<Long, double[]> ra, SortedMap<Long, double[]> rb) {
        TreeSet<Long> common = new TreeSet<>(ra.keySet());
        common.retainAll(rb.keySet());
        if (common.size() < dev.cqlbench.stats.Estimate.MIN_ROUNDS) {
            return null;
        }
        double[] za = RoundSeries.series(ra, common).roundMeans();
        double[] zb = RoundSeries.series(rb, common).roundMeans();
        double[] d = new double[za.length];
        for (int r = 0; r < d.length; r++) {
            d[r] = za[r] - zb[r];
        }
        LongRunVariance v = LongRunVariance.of(d);
        return new Paired(v.mean(), v.ofMean(), v.df(), ra.get(ra.firstKey()).length, rb.get(rb.firstKey()).length);
    }

    /**
     * A variant's operations together, as a question over several operations reads them
     * ({@code RoundSeries#rounds}): per round in which every fork has every operation, each fork's mean log value.
     */
    static SortedMap<Long, double[]> overall(Map<String, SortedMap<Long, double[]>> byOp) {
        SortedMap<Long, double[]> out = new TreeMap<>();
        TreeSet<Long> common = null;
        for (SortedMap<Long, double[]> rounds : byOp.values()) {
            if (common == null) {
                common = new TreeSet<>(rounds.keySet());
            } else {
                common.retainAll(rounds.keySet());
            }
        }
        if (common == null) {
            return out;
        }
        for (Long round : common) {
            double[] mean = null;
            for (SortedMap<Long, double[]> rounds : byOp.values()) {
                double[] v = rounds.get(round);
                if (mean == null) {
                    mean = new double[v.length];
                } else if (mean.length != v.length) {
                    return new TreeMap<>(); // forks added to one operation's series only: none
                }
                for (int k = 0; k < v.length; k++) {
                    mean[k] += v[k] / byOp.size();
                }
            }
            out.put(round, mean);
        }
        return out;
    }

    /**
     * One pair of variants over the runs: {between-run variance of its paired log ratio (the mean over its
     * operations), its degrees of freedom, what the runs' own rounds and JVMs predict for it, that prediction's
     * degrees of freedom}; null with fewer than three runs.
     */
    static double[] betweenRuns(Map<String, List<Paired>> byOp, double tau2A, double tau2B) {
        double between = 0;
        double predicted = 0;
        double predictedDf = 0;
        int ops = 0;
        int runs = Integer.MAX_VALUE;
        for (List<Paired> list : byOp.values()) {
            if (list.size() < 3) {
                continue;
            }
            double mean = list.stream().mapToDouble(Paired::mean).average().orElseThrow();
            double b = list.stream().mapToDouble(p -> (p.mean() - mean) * (p.mean() - mean)).sum() / (list.size() - 1);
            double p = list.stream().mapToDouble(x -> x.rounds() + tau2A / x.forksA() + tau2B / x.forksB()).average()
                    .orElseThrow();
            between += b;
            predicted += p;
            predictedDf += list.stream().mapToDouble(Paired::roundsDf).sum();
            runs = Math.min(runs, list.size());
            ops++;
        }
        if (ops == 0) {
            return null;
        }
        between /= ops;
        predicted /= ops;
        // a run's level is shared by the pair's operations, their rounds' noise is not; ω² at its upper 90 % bound
        double df = Component.sharedDf(ops, runs - 1.0, between, Component.upper(between, runs - 1.0) - predicted);
        return new double[] {between, df, predicted, predictedDf};
    }

    /**
     * ω² of a calibration's pairs of variants ({a, b, same library, a's library, b's library} → operation → each
     * run's paired ratio): {of two libraries, of two variants of one library}, each pooled over its pairs
     * ({@link #runLevel}); {@link Component#NONE} where no pair of that kind had three runs.
     */
    static Component[] levels(Map<List<String>, Map<String, List<Paired>>> pairs, Map<String, Double> tau2,
                              double any, int libraries, String from) {
        List<double[]> differ = new ArrayList<>();
        List<double[]> alike = new ArrayList<>();
        pairs.forEach((k, byOp) -> {
            double[] between = betweenRuns(byOp, tau2.getOrDefault(k.get(3), any), tau2.getOrDefault(k.get(4), any));
            if (between != null) {
                (Boolean.parseBoolean(k.get(2)) ? alike : differ).add(between);
            }
        });
        return new Component[] {differ.isEmpty() ? Component.NONE : runLevel(differ, libraries, from),
                alike.isEmpty() ? Component.NONE : runLevel(alike, libraries, from + ", variants of one library")};
    }

    /**
     * ω² of several pairs: their between-run variance less what their runs predict, pooled by the precision of what
     * each predicts (a pair whose JVMs or rounds are noisy shows little of its runs' own level), at most the
     * degrees of freedom its runs give each library apart.
     */
    static Component runLevel(List<double[]> pairs, int libraries, String from) {
        double weights = 0;
        double between = 0;
        double predicted = 0;
        double predictedDf = 0;
        double denominator = 0;
        double most = 0;
        // a pair its runs predict no noise for (a measure alike in every round) weighs as the most precise other
        double floor = pairs.stream().mapToDouble(p -> p[2]).filter(v -> v > 0).min().orElse(1);
        for (double[] p : pairs) {
            double w = 1 / Math.pow(Math.max(p[2], floor), 2);
            weights += w;
            between += w * p[0];
            predicted += w * p[2];
            denominator += w * w * p[0] * p[0] / p[1];
            predictedDf += p[3];
            most = Math.max(most, p[1]);
        }
        // pairs share their libraries' runs: no more than a pair's degrees of freedom for each library but one
        double cap = most * Math.max(1, libraries - 1);
        double df = denominator > 0 ? Math.min(between * between / denominator, cap) : cap;
        between /= weights;
        predicted /= weights;
        return new Component(new double[][] {{between, df}, {-predicted, predictedDf}}, df,
                String.format(Locale.ROOT, "%s, %d pairs of variants", from, pairs.size()));
    }
}
