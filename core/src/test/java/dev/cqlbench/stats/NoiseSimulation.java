package dev.cqlbench.stats;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.analysis.HostSpeed;
import dev.cqlbench.analysis.Pooled;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.VarianceModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Synthetic runs with known truth for the run's real estimators ({@link RunNoise}, {@link PairedRatio}) and the real
 * calibration fit ({@link Calibration}), fast enough to count misses at the error each interval really spends
 * (10⁻⁴). A host is a calibration drawn from the same model (runs × JVMs × rounds, every variant) and fitted as
 * 'cqlbench calibrate' fits it; each run on that host takes its components. V variants × K JVMs × O operations × n
 * rounds on the log scale, every variant against the first in each operation, the truth a ratio of 1. A block is:
 * <ul>
 *   <li>the run's level for its variant (sd ω each: what whole runs move a ratio of two variants by is ω√2);</li>
 *   <li>its JVM's level: Gaussian (sd τ of its variant, shared by its operations in the given share), or one of
 *       two JIT outcomes (a share p of the JVMs {@code gap} slower than the others, centred);</li>
 *   <li>the library × round interaction (sd σ_g, per variant, operation and round; for every variant, or only for
 *       the second: a pair-specific one);</li>
 *   <li>its own noise: sd σ of its variant times its operation's factor, AR(1) of lag-1 ρ, Gaussian or Student-t
 *       (heavy tails) scaled to that sd.</li>
 * </ul>
 * The host's state in a round is the same for every block and cancels exactly, so it is left out.
 * <p>
 * Each interval's chance to miss is counted exactly where the model allows (Rao–Blackwell): given the JIT outcomes
 * drawn, a comparison's error is Gaussian with a known mean and variance and (for rounds independent of each other)
 * independent of every variance estimate the interval is made from, so its chance to miss its half-width h is
 * Φ((−h − shift)/s) + Φ((shift − h)/s). With heavy tails, or AR(1) noise (whose mean is not quite independent of
 * its deviations), misses are counted.
 */
record NoiseSimulation(int variants, int forks, int ops, int rounds, double[] sigma, double[] opScale, double[] tau,
                       double shared, double[] jitShare, double[] jitGap, double sigmaG, boolean pairOnly, double rho,
                       double tails, double omega, boolean sameLibrary, int calibrationRuns, int calibrationForks,
                       int calibrationRounds, double speedSd, double[] speedSlope, double indexNoise) {

    /**
     * Two libraries × the default JVMs each, four operations, 20 rounds, noise 8 % per block (this host's A/A with
     * CPUs split: 8–10 %), JVMs 0.5 % apart, no run-level component; calibrated as 'cqlbench calibrate' does by
     * default, 8 runs × 4 JVMs × 60 rounds.
     */
    static NoiseSimulation base() {
        return new NoiseSimulation(2, dev.cqlbench.run.Defaults.FORKS, 4, 20, new double[] {0.08, 0.08},
                new double[] {1, 1, 1, 1}, new double[] {0.005, 0.005}, 1, new double[2], new double[2], 0, false, 0,
                0, 0, false, 8, 4, 60, 0, new double[2], 0);
    }

    /** The record's components, to change some and make a new one ({@link #copy}). */
    private static final class Copy {
        int variants;
        int forks;
        int ops;
        int rounds;
        double[] sigma;
        double[] opScale;
        double[] tau;
        double shared;
        double[] jitShare;
        double[] jitGap;
        double sigmaG;
        boolean pairOnly;
        double rho;
        double tails;
        double omega;
        boolean sameLibrary;
        int calibrationRuns;
        int calibrationForks;
        int calibrationRounds;
        double speedSd;
        double[] speedSlope;
        double indexNoise;

        Copy(NoiseSimulation s) {
            variants = s.variants;
            forks = s.forks;
            ops = s.ops;
            rounds = s.rounds;
            sigma = s.sigma;
            opScale = s.opScale;
            tau = s.tau;
            shared = s.shared;
            jitShare = s.jitShare;
            jitGap = s.jitGap;
            sigmaG = s.sigmaG;
            pairOnly = s.pairOnly;
            rho = s.rho;
            tails = s.tails;
            omega = s.omega;
            sameLibrary = s.sameLibrary;
            calibrationRuns = s.calibrationRuns;
            calibrationForks = s.calibrationForks;
            calibrationRounds = s.calibrationRounds;
            speedSd = s.speedSd;
            speedSlope = s.speedSlope;
            indexNoise = s.indexNoise;
        }

        NoiseSimulation build() {
            return new NoiseSimulation(variants, forks, ops, rounds, sigma, opScale, tau, shared, jitShare, jitGap,
                    sigmaG, pairOnly, rho, tails, omega, sameLibrary, calibrationRuns, calibrationForks,
                    calibrationRounds, speedSd, speedSlope, indexNoise);
        }
    }

    /** This simulation with some components changed. */
    private NoiseSimulation copy(java.util.function.Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return c.build();
    }

    NoiseSimulation withVariants(int v) {
        double[] s = new double[v];
        double[] t = new double[v];
        Arrays.fill(s, sigma[0]);
        Arrays.fill(t, tau[0]);
        return copy(c -> {
            c.variants = v;
            c.sigma = s;
            c.tau = t;
            c.jitShare = new double[v];
            c.jitGap = new double[v];
            c.speedSlope = new double[v];
        });
    }

    NoiseSimulation withTau(double... t) {
        return copy(c -> c.tau = t);
    }

    /** The second variant's JVMs in two JIT outcomes, a share {@code p} of them {@code gap} slower, no other JVM effect. */
    NoiseSimulation withJit(double p, double gap) {
        double[] share = new double[variants];
        double[] g = new double[variants];
        share[1] = p;
        g[1] = gap;
        double[] t = tau.clone();
        t[1] = 0;
        return copy(c -> {
            c.tau = t;
            c.jitShare = share;
            c.jitGap = g;
        });
    }

    NoiseSimulation withSigma(double... s) {
        return copy(c -> c.sigma = s);
    }

    /** Each operation's noise times its factor. */
    NoiseSimulation withOperationScale(double... factors) {
        return copy(c -> c.opScale = factors);
    }

    NoiseSimulation withShared(double s) {
        return copy(c -> c.shared = s);
    }

    /** A library × round interaction of sd {@code g}: of every variant, or ({@code onePair}) of the second only. */
    NoiseSimulation withInteraction(double g, boolean onePair) {
        return copy(c -> {
            c.sigmaG = g;
            c.pairOnly = onePair;
        });
    }

    NoiseSimulation withRho(double r) {
        return copy(c -> c.rho = r);
    }

    /** Own noise Student-t with {@code df} degrees of freedom (scaled to the same sd). */
    NoiseSimulation withTails(double df) {
        return copy(c -> c.tails = df);
    }

    /** Each variant's level in a run off by N(0, ω²): a ratio of two moves by ω√2 from run to run. */
    NoiseSimulation withRunLevel(double w) {
        return copy(c -> c.omega = w);
    }

    /** Every variant one library (an A/A): the calibration pools them and measures ω of variants of one library. */
    NoiseSimulation asOneLibrary() {
        return copy(c -> c.sameLibrary = true);
    }

    NoiseSimulation withRounds(int n) {
        return copy(c -> c.rounds = n);
    }

    NoiseSimulation withForks(int k) {
        return copy(c -> c.forks = k);
    }

    /**
     * Whole runs on a host whose speed moves (sd {@code sd} of its speed index from run to run), the second variant's
     * level with it ({@code slope}), the speed index each run measures off by {@code noise}: what the 2-core host
     * showed of Spring Data over driver4 (its time moved with driver4's client CPU per operation).
     */
    NoiseSimulation withHostSpeed(double sd, double slope, double noise) {
        double[] slopes = new double[variants];
        slopes[1] = slope;
        return copy(c -> {
            c.speedSd = sd;
            c.speedSlope = slopes;
            c.indexNoise = noise;
        });
    }

    /** The calibration: {@code runs} runs × {@code k} JVMs × {@code n} rounds of the same model. */
    NoiseSimulation calibratedBy(int runs, int k, int n) {
        return copy(c -> {
            c.calibrationRuns = runs;
            c.calibrationForks = k;
            c.calibrationRounds = n;
        });
    }

    /** What a batch of runs showed: misses (expected, where counted exactly) and half-widths against an oracle's. */
    record Outcome(long questions, double misses, double alpha, double medianWidthOverOracle, double medianDf,
                   double[] missesByOperation, double tooWide) {

        double missRatio() {
            return misses / (questions * alpha);
        }
    }

    private String library(int v) {
        return sameLibrary ? "lib" : "lib" + v;
    }

    private boolean exact() {
        return tails == 0 && rho == 0;
    }

    /**
     * {@code hosts} hosts from {@code seed}, each calibrated once and running {@code runs} runs, each interval spending
     * {@code alpha}.
     */
    Outcome run(long seed, int hosts, int runs, double alpha) {
        SplittableRandom random = new SplittableRandom(seed);
        double z = new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2);
        double misses = 0;
        long questions = 0;
        long tooWide = 0;
        double[] byOp = new double[ops];
        double[] widths = new double[hosts * runs * (variants - 1) * ops];
        double[] dfs = new double[widths.length];
        int at = 0;
        Map<String, String> libraries = new LinkedHashMap<>();
        for (int v = 0; v < variants; v++) {
            libraries.put("v" + v, library(v));
        }
        // the calibration runs a well-behaved library beside the run's, as 'cqlbench calibrate' runs its default
        // pair with the libraries a team adds: how far whole runs move a ratio is measured on it too
        Map<String, String> calibrated = new LinkedHashMap<>(libraries);
        calibrated.put("v" + variants, "steady");
        for (int h = 0; h < hosts; h++) {
            List<Calibration.Run> calibration = new ArrayList<>();
            for (int c = 0; c < calibrationRuns; c++) {
                int[] k = new int[variants + 1];
                java.util.Arrays.fill(k, calibrationForks);
                Draw d = draw(random, k, calibrationRounds);
                calibration.add(new Calibration.Run(calibrated, Map.of(Measure.TIME, d.logs()), d.speed(), 0, 0));
            }
            Calibration.Host host = new Calibration.Host("simulated", 2, 1L << 34, "x", "17", "split");
            VarianceModel model = Calibration.fit(host, calibration, "2026-11-29", "simulated").model(libraries, host);
            RunNoise.Priors priors = model.priors(Measure.TIME);
            // each variant in the JVMs its calibrated spread asks for, as a run on this host would be
            int[] k = new int[variants];
            for (int v = 0; v < variants; v++) {
                k[v] = model.forks("v" + v, forks);
            }
            for (int i = 0; i < runs; i++) {
                Draw d = draw(random, k, rounds);
                Map<String, Map<String, ForkSeries>> series = new LinkedHashMap<>();
                d.logs().forEach((variant, byOperation) -> {
                    Map<String, ForkSeries> m = new LinkedHashMap<>();
                    byOperation.forEach((op, r) -> m.put(op, series(r)));
                    series.put(variant, m);
                });
                RunNoise noise = RunNoise.of(series, priors, 0);
                List<RunNoise.PairNoise> comparisons = new ArrayList<>();
                for (int v = 1; v < variants; v++) {
                    for (int o = 0; o < ops; o++) {
                        comparisons.add(noise.compare("v" + v, "op" + o, series.get("v" + v).get("op" + o), "v0",
                                "op" + o, series.get("v0").get("op" + o)));
                    }
                }
                List<double[][]> terms = RunNoise.terms(comparisons);
                int q = 0;
                for (int v = 1; v < variants; v++) {
                    for (int o = 0; o < ops; o++, q++) {
                        RunNoise.PairNoise c = comparisons.get(q);
                        Pooled.Raw raw = new Pooled.Raw(c.mean(), c.pairs(), c.forks(), terms.get(q),
                                terms.get(q).length - c.ownTerms());
                        VarianceModel.Speed speed = model.speed(Measure.TIME, "v" + v, "v0").orElse(null);
                        if (speed != null) {
                            raw = HostSpeed.adjusted(raw, speed, d.speed().get(speed.index()),
                                    model.of(Measure.TIME).run());
                        }
                        PairedRatio r = PairedRatio.of("v" + v, "v0", raw.mean(), raw.pairs(), raw.forks(),
                                raw.terms(), alpha, 1 - alpha);
                        double half = Math.log(r.upper() / r.lower()) / 2;
                        double conditional = Math.sqrt(conditionalVariance(v, o, k));
                        // the estimand: the ratio at the calibration's mean speed; what is left of the run's speed
                        // after the fitted slope took it out is a known shift given this run and the calibration
                        double atReference = speed == null ? 0 : speedSlope(v) * (speed.reference() - 0);
                        double shift = d.shift()[v] - d.shift()[0] + (speed == null ? speedSlope(v) * d.hostSpeed()
                                : speedSlope(v) * d.hostSpeed() - speed.sign() * speed.slope()
                                        * (d.speed().get(speed.index())[0] - speed.reference()) - atReference);
                        double miss = exact()
                                ? normalTail((half + shift) / conditional) + normalTail((half - shift) / conditional)
                                : (r.lower() > 1 || r.upper() < 1 ? 1 : 0);
                        misses += miss;
                        byOp[o] += miss;
                        tooWide += r.tooWide() ? 1 : 0;
                        questions++;
                        double indexPart = speed == null ? speedSlope(v) * speedSlope(v) * speedSd * speedSd
                                : speedSlope(v) * speedSlope(v) * indexNoise * indexNoise;
                        widths[at] = half / oracle(alpha, conditionalVariance(v, o, k) + shiftVariance(v, k)
                                + indexPart, indexPart, speed != null);
                        dfs[at++] = r.df();
                    }
                }
            }
        }
        for (int o = 0; o < ops; o++) {
            byOp[o] /= (double) hosts * runs * (variants - 1) * alpha;
        }
        return new Outcome(questions, misses, alpha, median(widths), median(dfs), byOp,
                (double) tooWide / questions);
    }

    /**
     * One run's draw: every variant's operations round by round (forks' log values), each variant's JIT shift, the
     * host's speed in the run and each variant's speed index as the run measures it ({value, its variance}).
     */
    private record Draw(Map<String, Map<String, SortedMap<Long, double[]>>> logs, double[] shift, double hostSpeed,
                        Map<String, double[]> speed) {}

    /** How far the second variant's level moves, relative to the first's, per unit of the host's speed. */
    private double speedSlope(int v) {
        return speedSlope[v] - speedSlope[0];
    }

    private Draw draw(SplittableRandom random, int[] forksOf, int n) {
        double innovation = Math.sqrt(1 - rho * rho);
        double tScale = tails > 2 ? Math.sqrt((tails - 2) / tails) : 1;
        Map<String, Map<String, SortedMap<Long, double[]>>> logs = new LinkedHashMap<>();
        double[] shift = new double[forksOf.length];
        double hostSpeed = speedSd * gaussian(random);
        Map<String, double[]> speed = new LinkedHashMap<>();
        for (int v = 0; v < forksOf.length; v++) {
            int k = forksOf[v];
            boolean steady = v >= variants; // the calibration's own well-behaved library
            if (speedSd > 0) {
                speed.put("v" + v, new double[] {hostSpeed + indexNoise * gaussian(random), indexNoise * indexNoise});
            }
            double sd = steady ? sigma[0] : sigma[v];
            double jvmSd = steady ? 0.005 : tau[v];
            double gap = steady ? 0 : jitGap[v];
            double share = steady ? 0 : jitShare[v];
            double run = omega * gaussian(random) + (steady ? 0 : speedSlope[v]) * hostSpeed;
            double[] jvm = new double[k];
            double[] state = new double[k];
            for (int f = 0; f < k; f++) {
                jvm[f] = gaussian(random);
                state[f] = gap > 0 ? gap * ((random.nextDouble() < share ? 1 : 0) - share) : 0;
                shift[v] += state[f] / k;
            }
            Map<String, SortedMap<Long, double[]>> byOp = new LinkedHashMap<>();
            for (int o = 0; o < ops; o++) {
                double[] interaction = new double[n];
                boolean interacts = sigmaG > 0 && !steady && (!pairOnly || v == 1);
                for (int r = 0; r < n; r++) {
                    interaction[r] = interacts ? sigmaG * gaussian(random) : 0;
                }
                double[][] y = new double[n][k];
                for (int f = 0; f < k; f++) {
                    double level = run + state[f]
                            + jvmSd * (Math.sqrt(shared) * jvm[f] + Math.sqrt(1 - shared) * gaussian(random));
                    double e = noise(random, tScale);
                    for (int r = 0; r < n; r++) {
                        if (r > 0) {
                            e = rho * e + innovation * noise(random, tScale);
                        }
                        y[r][f] = level + interaction[r] + sd * opScale[o] * e;
                    }
                }
                SortedMap<Long, double[]> rounds = new TreeMap<>();
                for (int r = 0; r < n; r++) {
                    rounds.put((long) r, y[r]);
                }
                byOp.put("op" + o, rounds);
            }
            logs.put("v" + v, byOp);
        }
        return new Draw(logs, shift, hostSpeed, speed);
    }

    /**
     * The variance of a comparison's error given the JIT outcomes drawn: run levels, Gaussian JVMs, rounds; each
     * variant in {@code k} JVMs.
     */
    double conditionalVariance(int v, int o, int[] k) {
        double interaction = sigmaG * sigmaG * (pairOnly ? 1 : 2);
        double own = (sigma[v] * sigma[v] / k[v] + sigma[0] * sigma[0] / k[0]) * opScale[o] * opScale[o];
        return 2 * omega * omega + tau[v] * tau[v] / k[v] + tau[0] * tau[0] / k[0]
                + (own * arMeanFactor() + interaction) / rounds;
    }

    /**
     * The oracle's half-width of a comparison of variance {@code variance}: it knows every component, but what moves
     * whole runs (2ω², and the speed index's noise where a slope was fitted, {@code indexPart}) only with the degrees
     * of freedom the calibration's runs lend it, so its quantile is Student's t with those (Satterthwaite; z where
     * nothing moves whole runs). No interval resting on a calibration of these runs can know more.
     */
    private double oracle(double alpha, double variance, double indexPart, boolean fitted) {
        double runs = 2 * omega * omega;
        double denominator = runs * runs / (calibrationRuns - 1.0)
                + (fitted ? indexPart * indexPart / (calibrationRuns - 2.0) : 0);
        double p = 1 - alpha / 2;
        double q = denominator <= 0 ? new NormalDistribution().inverseCumulativeProbability(p)
                : new org.apache.commons.math3.distribution.TDistribution(variance * variance / denominator)
                        .inverseCumulativeProbability(p);
        return q * Math.sqrt(variance);
    }

    /** The variance of the JIT outcomes' shift of a comparison's error. */
    double shiftVariance(int v, int[] k) {
        return jitGap[v] * jitGap[v] * jitShare[v] * (1 - jitShare[v]) / k[v]
                + jitGap[0] * jitGap[0] * jitShare[0] * (1 - jitShare[0]) / k[0];
    }

    /** n·Var(mean of n AR(1) values of unit variance), exactly. */
    private double arMeanFactor() {
        if (rho == 0) {
            return 1;
        }
        double s = rounds;
        for (int lag = 1; lag < rounds; lag++) {
            s += 2 * (rounds - lag) * Math.pow(rho, lag);
        }
        return s / rounds;
    }

    private double noise(SplittableRandom random, double tScale) {
        if (tails <= 0) {
            return gaussian(random);
        }
        double chi = 0;
        for (int i = 0; i < (int) tails; i++) {
            double g = gaussian(random);
            chi += g * g;
        }
        return tScale * gaussian(random) / Math.sqrt(chi / (int) tails);
    }

    private static ForkSeries series(SortedMap<Long, double[]> rounds) {
        int k = rounds.get(rounds.firstKey()).length;
        double[][] logs = new double[k][rounds.size()];
        int r = 0;
        for (double[] v : rounds.values()) {
            for (int f = 0; f < k; f++) {
                logs[f][r] = v[f];
            }
            r++;
        }
        return ForkSeries.of(logs);
    }

    private static double normalTail(double z) {
        return GroupSequential.upperTail(z);
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
