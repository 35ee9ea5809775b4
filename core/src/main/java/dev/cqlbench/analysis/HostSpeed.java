package dev.cqlbench.analysis;

import dev.cqlbench.result.Block;
import dev.cqlbench.stats.Component;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a ratio of two libraries moves with the speed of the host it runs on. On the 2-core host, Spring Data's time
 * over driver4's moved from +2 to +10 % between runs an hour apart, far more than each run's rounds explained, and
 * it moved with how slow the host was: its correlation with driver4's own client CPU per operation over thirteen runs
 * was 0.91 (a slower host costs a library that works more on the client more). A calibration fits that slope over its
 * runs, the ratio against the speed index ({@link #index}: the reference library's client CPU per operation, which
 * every run measures), and what is left of the runs' spread once the slope is taken out ({@link #rest}). A run then
 * states its ratio at the calibration's mean speed, {@link #reference}: its own ratio moved along the slope from its
 * own speed to that one, with the slope's uncertainty in its interval. What a rerun sees, it sees at that speed too.
 *
 * @param a             the ratio's numerator's library (as {@link Calibration#key} names it)
 * @param b             its denominator's library, whose client CPU per operation is the speed index
 * @param slope         β: how much ln(A/B) moves with ln(B's client CPU per operation)
 * @param slopeVariance its variance
 * @param slopeDf       its degrees of freedom: the runs less two
 * @param reference     the calibration's mean speed index (ln ns of client CPU per operation)
 * @param rest          ω² left once the slope is taken out: what whole runs still move the ratio by
 */
public record HostSpeed(String a, String b, double slope, double slopeVariance, double slopeDf, double reference,
                        Component rest) {

    /**
     * Runs a pair needs before its slope is fitted: a slope leaves the pair's own rest runs − 2 degrees of freedom,
     * where the run level pooled over every pair has many more. Fitted on the 6 all-library runs of 2026-11-29,
     * every pair's rest had 4 and one run of Spring Data against driver4 could tell apart ±18 % at a question's
     * error (±7.3 % with the pooled run level); from the default calibration's 8 runs up, its own slope pays.
     */
    static final int MIN_RUNS = 8;

    /**
     * A variant's speed index in a run, from its full blocks: {mean over its rounds of ln(client CPU ns per operation),
     * that mean's variance (the rounds' spread over their number)}; null without client CPU in enough rounds.
     */
    public static double[] index(List<Block> blocks) {
        Map<Long, double[]> rounds = new TreeMap<>();
        for (Block b : blocks) {
            if (b.clientCpuNanos() != null && b.clientCpuNanos() > 0 && b.operations() > 0) {
                double[] r = rounds.computeIfAbsent(b.round(), k -> new double[2]);
                r[0] += Math.log((double) b.clientCpuNanos() / b.operations());
                r[1]++;
            }
        }
        if (rounds.size() < dev.cqlbench.stats.Estimate.MIN_ROUNDS) {
            return null;
        }
        double[] means = rounds.values().stream().mapToDouble(r -> r[0] / r[1]).toArray();
        double mean = java.util.Arrays.stream(means).average().orElseThrow();
        double squares = 0;
        for (double m : means) {
            squares += (m - mean) * (m - mean);
        }
        return new double[] {mean, squares / (means.length - 1) / means.length};
    }

    /**
     * The slope of one pair of libraries over a calibration's runs: {@code ratios} each run's mean paired log ratio
     * A over B by operation, {@code predicted} what each run's rounds and JVMs say of that ratio's variance (by
     * operation, with {@code predictedDf}), {@code speeds} each run's speed index; null with fewer than
     * {@link #MIN_RUNS} runs or a speed that did not move.
     */
    static HostSpeed fit(String a, String b, List<double[]> ratios, List<double[]> predicted, double predictedDf,
                         List<Double> speeds, String from) {
        int runs = ratios.size();
        if (runs < MIN_RUNS) {
            return null;
        }
        int ops = ratios.get(0).length;
        double xMean = speeds.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double[] opMeans = new double[ops];
        double[] mean = new double[runs];
        for (int i = 0; i < runs; i++) {
            for (int o = 0; o < ops; o++) {
                opMeans[o] += ratios.get(i)[o] / runs;
                mean[i] += ratios.get(i)[o] / ops;
            }
        }
        double yMean = java.util.Arrays.stream(mean).average().orElseThrow();
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < runs; i++) {
            double dx = speeds.get(i) - xMean;
            sxx += dx * dx;
            sxy += dx * (mean[i] - yMean);
        }
        if (!(sxx > 0)) {
            return null;
        }
        double slope = sxy / sxx;
        double residual = 0;
        for (int i = 0; i < runs; i++) {
            double e = mean[i] - yMean - slope * (speeds.get(i) - xMean);
            residual += e * e / (runs - 2);
        }
        // what whole runs still move each operation's ratio by once the slope is out, over what their rounds explain
        double between = 0;
        double explained = 0;
        for (int o = 0; o < ops; o++) {
            for (int i = 0; i < runs; i++) {
                double e = ratios.get(i)[o] - opMeans[o] - slope * (speeds.get(i) - xMean);
                between += e * e / (runs - 2) / ops;
                explained += predicted.get(i)[o] / runs / ops;
            }
        }
        double df = Component.sharedDf(ops, runs - 2.0, between, Component.upper(between, runs - 2.0) - explained);
        Component rest = new Component(new double[][] {{between, df}, {-explained, Math.max(1, predictedDf)}}, df,
                String.format(Locale.ROOT, "%s, %s over %s, the host's speed taken out", from, a, b));
        return new HostSpeed(a, b, slope, residual / sxx, runs - 2.0, xMean, rest);
    }

    /**
     * A question's estimate stated at the calibration's host speed ({@code s}): its mean moved along the slope from
     * this run's speed index ({@code x}: {value, its variance}, from the full blocks of the variant whose client CPU
     * it is, {@link #index}) to the
     * calibration's, the slope's uncertainty and the index's added to its variance before its rounds' term (which
     * stays last). Without the index (no client CPU measured), nothing is moved and the run-level part is
     * {@code unadjusted}, the one measured without the speed taken out.
     */
    public static Pooled.Raw adjusted(Pooled.Raw raw, dev.cqlbench.result.VarianceModel.Speed s, double[] x,
                                      Component unadjusted) {
        List<double[]> terms = new ArrayList<>(List.of(raw.terms()));
        double[] rounds = terms.remove(terms.size() - 1);
        if (x == null) {
            List<double[]> own = new ArrayList<>(terms.subList(raw.runTerms(), terms.size()));
            own.add(rounds);
            List<double[]> out = new ArrayList<>(List.of(unadjusted.given(own.stream().mapToDouble(t -> t[0]).sum(),
                    1)));
            int runTerms = out.size();
            out.addAll(own);
            return new Pooled.Raw(raw.mean(), raw.pairs(), raw.forks(), out.toArray(double[][]::new), runTerms);
        }
        double distance = x[0] - s.reference();
        terms.add(new double[] {distance * distance * s.slopeVariance(), s.slopeDf()});
        // the index's own noise, counted twice over where it is also the ratio's denominator's (CPU over its CPU)
        terms.add(new double[] {(s.slope() * s.slope() + 2 * Math.abs(s.slope())) * x[1],
                Math.max(1, raw.pairs() - 1)});
        terms.add(rounds);
        double shift = s.sign() * s.slope() * distance;
        return new Pooled.Raw(raw.mean() - shift, raw.pairs(), raw.forks(), terms.toArray(double[][]::new),
                raw.runTerms(), shift);
    }

    /** "+0.24 (sd 0.05, 12 df)". */
    public String describe() {
        return String.format(Locale.ROOT, "%+.2f (sd %.2f, %.0f df)", slope, Math.sqrt(slopeVariance), slopeDf);
    }

    /** The key of a pair as fitted, A over B. */
    static String key(String a, String b) {
        return a + " over " + b;
    }

    /** The pairs of different libraries a calibration's runs had, each once: {A, B} as their variants first met. */
    static List<String[]> pairs(List<String> libraries) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < libraries.size(); i++) {
            for (int j = i + 1; j < libraries.size(); j++) {
                if (!libraries.get(i).equals(libraries.get(j))) {
                    out.add(new String[] {libraries.get(i), libraries.get(j)});
                }
            }
        }
        return out;
    }
}
