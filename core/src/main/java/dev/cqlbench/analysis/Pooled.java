package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.Estimate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Several whole runs of one command as one answer: each run's paired log ratio, averaged over the runs. What the runs
 * share (the host, the libraries) stays; what moves from run to run (its node, its data, its JVMs' warm-up) is now
 * seen R times. The variance of the mean over R runs is a run's variance (what moves whole runs, ω², plus what its
 * rounds and JVMs leave) over R: from the calibration's ω² with the runs' own terms, and from the runs' own spread,
 * each weighted by its degrees of freedom. With no calibration of ω², it is the runs' own spread over R with R − 1
 * degrees of freedom, the classic t over runs.
 */
public final class Pooled {

    private Pooled() {}

    /**
     * A question's estimate before an error is chosen for it.
     *
     * @param mean     its mean log ratio
     * @param pairs    the rounds it rests on
     * @param forks    the fewer JVMs of its two sides in one run
     * @param terms    its variance's Satterthwaite terms {value, df}: what the run's own level adds first, the
     *                 rounds' own noise last
     * @param runTerms how many of the first terms are the run's own level (a calibration's ω²)
     * @param shift    what stating it at the calibration's host speed moved its mean log ratio by (0: nothing)
     */
    public record Raw(double mean, int pairs, int forks, double[][] terms, int runTerms, double shift) {

        public Raw(double mean, int pairs, int forks, double[][] terms, int runTerms) {
            this(mean, pairs, forks, terms, runTerms, 0);
        }
    }

    /** Every question's estimate over the runs {@code parts}, each analysed on its own. */
    static Map<Question, Raw> raw(List<Analysis> parts, List<Question> questions) {
        List<Map<Question, Raw>> each = parts.stream().map(Analysis::raws).toList();
        Map<Question, Raw> out = new HashMap<>();
        for (Question q : questions) {
            List<Raw> runs = new ArrayList<>();
            for (Map<Question, Raw> m : each) {
                Raw r = m.get(q);
                if (r != null) {
                    runs.add(r);
                }
            }
            Component omega = parts.get(0).variance().run(q);
            out.put(q, runs.size() < 2 ? null : of(runs, omega));
        }
        return out;
    }

    /**
     * The mean over runs of their estimates, with what moves whole runs ({@code omega}, a calibration's). A run's
     * variance, ω² + its own, is estimated twice: by the calibration's ω² as the runs' own noise leaves it
     * ({@link Component#given}) plus that noise, and by the runs' own spread (R − 1 degrees of freedom), which holds
     * both; the two are weighted by their degrees of freedom, and their mean over R is the pooled mean's variance.
     */
    static Raw of(List<Raw> runs, Component omega) {
        int r = runs.size();
        double mean = 0;
        int pairs = 0;
        int forks = Integer.MAX_VALUE;
        for (Raw x : runs) {
            mean += x.mean() / r;
            pairs += x.pairs();
            forks = Math.min(forks, x.forks());
        }
        double spread = 0;
        for (Raw x : runs) {
            spread += (x.mean() - mean) * (x.mean() - mean) / (r - 1);
        }
        double w = omega.known() ? (r - 1.0) / (omega.weight() + r - 1) : 1;
        // each run's own terms (its level's left out), over R² and weighted; its rounds' noise summed, last
        List<double[]> own = new ArrayList<>();
        double within = 0;
        double rounds = 0;
        double roundsDenominator = 0;
        for (Raw x : runs) {
            double[][] t = x.terms();
            within += sum(t, x.runTerms()) / r;
            for (int i = x.runTerms(); i < t.length - 1; i++) {
                own.add(new double[] {(1 - w) * t[i][0] / ((double) r * r), t[i][1]});
            }
            double[] last = t[t.length - 1];
            double v = (1 - w) * last[0] / ((double) r * r);
            rounds += v;
            roundsDenominator += v * v / last[1];
        }
        List<double[]> terms = new ArrayList<>(List.of(omega.given(within, (1 - w) / r)));
        if (w > 0) {
            terms.add(new double[] {w * spread / r, r - 1});
        }
        terms.addAll(own);
        terms.add(new double[] {rounds, roundsDenominator <= 0 ? Double.POSITIVE_INFINITY
                : rounds * rounds / roundsDenominator});
        return new Raw(mean, pairs, forks, terms.toArray(double[][]::new), 0,
                runs.stream().mapToDouble(Raw::shift).average().orElse(0));
    }

    private static double sum(double[][] terms, int from) {
        double v = 0;
        for (int i = from; i < terms.length; i++) {
            v += terms[i][0];
        }
        return v;
    }

    /**
     * A variant's figure over the runs: the mean of their log figures, its variance their spread over R (each run's
     * host is part of its figure), at least what their own intervals leave; null where fewer than two runs have it.
     */
    static Estimate figure(List<Analysis> parts, String variant, String operation, Measure measure, double alpha,
                           double level) {
        List<Estimate> each = new ArrayList<>();
        List<Double> alphas = new ArrayList<>();
        for (Analysis a : parts) {
            Estimate e = a.figure(variant, operation, measure);
            if (e != null) {
                each.add(e);
                alphas.add(a.looks().nominal(1 - a.level()));
            }
        }
        int r = each.size();
        if (r < 2) {
            return null;
        }
        double mean = each.stream().mapToDouble(e -> Math.log(e.value())).average().orElseThrow();
        double spread = each.stream().mapToDouble(e -> Math.pow(Math.log(e.value()) - mean, 2)).sum() / (r - 1);
        double within = 0;
        for (int i = 0; i < r; i++) {
            Estimate e = each.get(i);
            double z = new org.apache.commons.math3.distribution.TDistribution(Math.max(1, e.df()))
                    .inverseCumulativeProbability(1 - alphas.get(i) / 2);
            double se = Math.log(e.upper() / e.lower()) / 2 / z;
            within += se * se / ((double) r * r);
        }
        int rounds = each.stream().mapToInt(Estimate::rounds).sum();
        // the runs' spread over R, at least what their own intervals leave: (spread/R − within) + within
        return Estimate.of(mean, rounds, each.get(0).forks(), new double[][] {{spread / r - within, r - 1},
                {within, Math.max(1, rounds - r)}}, alpha, level);
    }

    /** A variant's figure round by round over the runs, one after the other: run i's rounds after run i − 1's. */
    static Map<Long, Double> byRound(List<Analysis> parts, String variant, String operation, Measure measure) {
        java.util.TreeMap<Long, Double> out = new java.util.TreeMap<>();
        for (Analysis p : parts) {
            long from = out.isEmpty() ? 0 : out.lastKey() + 1;
            p.byRound(variant, operation, measure).forEach((round, value) -> out.put(from + round, value));
        }
        return out;
    }
}
