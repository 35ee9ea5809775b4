package dev.cqlbench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Synthetic runs with known truth for the run's real estimators ({@link RunNoise}, {@link PairedRatio}), fast enough
 * to count misses at the error each interval really spends (10⁻⁴): V variants × K JVMs × O operations × n rounds
 * on the log scale, every variant against the first in each operation, the truth a ratio of 1. A block is the JVM's
 * level (sd τ of its variant, shared by its operations in the given share), plus the library × round interaction
 * (sd σ_g, one per variant, operation and round), plus its own noise (sd σ of its variant, AR(1) of lag-1 ρ); the
 * host's state in a round is the same for every block and cancels exactly, so it is left out.
 *
 * @param variants V
 * @param forks    K
 * @param ops      O
 * @param rounds   n
 * @param sigma    each variant's own noise sd
 * @param tau      each variant's between-JVM sd
 * @param shared   the share of the JVM effect common to a JVM's operations (1: the same in every one)
 * @param sigmaG   the library × round interaction's sd
 * @param rho      lag-1 correlation of each JVM's own noise
 */
record NoiseSimulation(int variants, int forks, int ops, int rounds, double[] sigma, double[] tau, double shared,
                       double sigmaG, double rho) {

    /**
     * Two libraries × the default JVMs each, four operations, 20 rounds, noise 8 % per block (this host's A/A with
     * CPUs split: 8–10 %), JVMs 0.5 % apart.
     */
    static NoiseSimulation base() {
        return new NoiseSimulation(2, dev.cqlbench.run.Defaults.FORKS, 4, 20, new double[] {0.08, 0.08},
                new double[] {0.005, 0.005}, 1, 0, 0);
    }

    NoiseSimulation withVariants(int v) {
        double[] s = new double[v];
        double[] t = new double[v];
        Arrays.fill(s, sigma[0]);
        Arrays.fill(t, tau[0]);
        return new NoiseSimulation(v, forks, ops, rounds, s, t, shared, sigmaG, rho);
    }

    NoiseSimulation withTau(double... t) {
        return new NoiseSimulation(variants, forks, ops, rounds, sigma, t, shared, sigmaG, rho);
    }

    NoiseSimulation withSigma(double... s) {
        return new NoiseSimulation(variants, forks, ops, rounds, s, tau, shared, sigmaG, rho);
    }

    NoiseSimulation withShared(double s) {
        return new NoiseSimulation(variants, forks, ops, rounds, sigma, tau, s, sigmaG, rho);
    }

    NoiseSimulation withInteraction(double g) {
        return new NoiseSimulation(variants, forks, ops, rounds, sigma, tau, shared, g, rho);
    }

    NoiseSimulation withRho(double r) {
        return new NoiseSimulation(variants, forks, ops, rounds, sigma, tau, shared, sigmaG, r);
    }

    NoiseSimulation withRounds(int n) {
        return new NoiseSimulation(variants, forks, ops, n, sigma, tau, shared, sigmaG, rho);
    }

    NoiseSimulation withForks(int k) {
        return new NoiseSimulation(variants, k, ops, rounds, sigma, tau, shared, sigmaG, rho);
    }

    /** The true variance of variant v's mean difference from variant 0 in one operation. */
    double trueVariance(int v) {
        double own = sigma[v] * sigma[v] + sigma[0] * sigma[0];
        double longRun = (1 + rho) / (1 - rho); // AR(1): the long-run variance over the plain one, for large n
        return (tau[v] * tau[v] + tau[0] * tau[0]) / forks + (own * longRun / forks + 2 * sigmaG * sigmaG) / rounds;
    }

    /** What a batch of runs showed: misses and half-widths against an oracle that knows the variance. */
    record Outcome(long questions, long misses, double alpha, double medianWidthOverOracle, double medianDf,
                   double[] missesByVariant) {

        double missRatio() {
            return misses / (questions * alpha);
        }
    }

    /** {@code runs} runs from {@code seed}, each interval spending {@code alpha}, the prior {@code tau0}, {@code nu0}. */
    Outcome run(long seed, int runs, double alpha, double tau0, double nu0) {
        SplittableRandom random = new SplittableRandom(seed);
        long misses = 0;
        long questions = 0;
        long[] byVariant = new long[variants];
        double z = new org.apache.commons.math3.distribution.NormalDistribution()
                .inverseCumulativeProbability(1 - alpha / 2);
        double[] ratios = new double[runs * (variants - 1) * ops];
        double[] dfs = new double[ratios.length];
        int at = 0;
        for (int i = 0; i < runs; i++) {
            double[][][][] y = generate(random);
            Map<String, Map<String, ForkSeries>> series = new LinkedHashMap<>();
            for (int v = 0; v < variants; v++) {
                Map<String, ForkSeries> byOp = new LinkedHashMap<>();
                for (int o = 0; o < ops; o++) {
                    byOp.put("op" + o, ForkSeries.of(y[v][o]));
                }
                series.put("v" + v, byOp);
            }
            RunNoise noise = RunNoise.of(series, tau0, nu0);
            List<RunNoise.Comparison> comparisons = new ArrayList<>();
            for (int v = 1; v < variants; v++) {
                for (int o = 0; o < ops; o++) {
                    comparisons.add(noise.compare("v" + v, "op" + o, series.get("v" + v).get("op" + o), "v0",
                            "op" + o, series.get("v0").get("op" + o)));
                }
            }
            List<double[][]> terms = RunNoise.terms(comparisons);
            int q = 0;
            for (int v = 1; v < variants; v++) {
                double oracle = z * Math.sqrt(trueVariance(v));
                for (int o = 0; o < ops; o++, q++) {
                    RunNoise.Comparison c = comparisons.get(q);
                    PairedRatio r = PairedRatio.of("v" + v, "v0", c.mean(), c.pairs(), c.forks(), terms.get(q), alpha,
                            1 - alpha);
                    boolean miss = r.lower() > 1 || r.upper() < 1;
                    misses += miss ? 1 : 0;
                    byVariant[v] += miss ? 1 : 0;
                    questions++;
                    ratios[at] = Math.log(r.upper() / r.lower()) / 2 / oracle;
                    dfs[at++] = r.df();
                }
            }
        }
        double[] perVariant = new double[variants];
        for (int v = 1; v < variants; v++) {
            perVariant[v] = byVariant[v] / ((double) runs * ops * alpha);
        }
        return new Outcome(questions, misses, alpha, median(ratios), median(dfs), perVariant);
    }

    /** y[v][o][k][r]. */
    private double[][][][] generate(SplittableRandom random) {
        double[][][][] y = new double[variants][ops][forks][rounds];
        double innovation = Math.sqrt(1 - rho * rho);
        for (int v = 0; v < variants; v++) {
            double[] jvm = new double[forks];
            for (int k = 0; k < forks; k++) {
                jvm[k] = gaussian(random);
            }
            for (int o = 0; o < ops; o++) {
                double[] interaction = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    interaction[r] = sigmaG * gaussian(random);
                }
                for (int k = 0; k < forks; k++) {
                    double level = tau[v] * (Math.sqrt(shared) * jvm[k] + Math.sqrt(1 - shared) * gaussian(random));
                    double e = gaussian(random);
                    for (int r = 0; r < rounds; r++) {
                        if (r > 0) {
                            e = rho * e + innovation * gaussian(random);
                        }
                        y[v][o][k][r] = level + interaction[r] + sigma[v] * e;
                    }
                }
            }
        }
        return y;
    }

    private static double gaussian(SplittableRandom random) {
        // Box–Muller from two uniforms (SplittableRandom has no nextGaussian on Java 17)
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
    }
}
