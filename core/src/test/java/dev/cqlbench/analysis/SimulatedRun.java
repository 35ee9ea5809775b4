package dev.cqlbench.analysis;

import dev.cqlbench.binding.Library;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.crud.CrudOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A crud run with known truth, block by block, shaped as the 2-core host measures one (log scale): the host's state,
 * shared by every JVM in a round (AR(1), sd 10 %, lag-1 ρ 0.5); each block's own noise (sd 12 %); per model, on top:
 * <ul>
 *   <li>{@link Model#IID}: nothing more; own noise independent from round to round;</li>
 *   <li>{@link Model#AR1}: each JVM's own noise AR(1) with ρ 0.5;</li>
 *   <li>{@link Model#DRIFT}: that, plus a slow drift of each JVM (AR(1), sd 3 %, ρ 0.98);</li>
 *   <li>{@link Model#JVM}: each JVM off by its own level, N(0, 1 %), the same in every operation and measure;</li>
 *   <li>{@link Model#WARMUP}: the second variant still warming: +10 % at its first round, fading with a time
 *       constant of 20/3 rounds (95 % gone by round 20), its JIT compiler busy in proportion (twice the excess as a
 *       share of the block's time), which is the signal {@link Settling} waits on;</li>
 *   <li>{@link Model#STEP}: the warm-up step a real Spring Data run showed (+30 % and more in its first rounds,
 *       +3 to +27 % later): +35 % at its first round, fading with a time constant of 6 rounds, its JIT busy in
 *       proportion;</li>
 *   <li>{@link Model#HET}: JVMs of the reference 0.5 % apart, of every other variant 2 % (heterogeneous between-JVM
 *       variance), the same in every operation and measure;</li>
 *   <li>{@link Model#INTERACTION}: the host treating libraries differently in a round: each variant's operation
 *       and measure off by N(0, 3 %) in each round, on top of {@link Model#IID}.</li>
 * </ul>
 * Typical time and client CPU per operation are generated alike, independently, but for one thing: in every model
 * each JVM's client CPU is off by its own level, N(0, 2 %), as five runs of driver4 and Spring Data on the 2-core host
 * showed (between-JVM sd pooled over their 40 series 2.3 %; in time about 0). Nothing here is estimated: the
 * real {@link Settling}, {@link Stopper} and {@link Analysis} take the blocks as the orchestrator hands them over.
 */
final class SimulatedRun {

    enum Model { IID, AR1, DRIFT, JVM, WARMUP, STEP, HET, INTERACTION }

    static final List<String> OPERATIONS = List.of("write", "read", "update", "delete");
    static final double HOST_SD = 0.10;
    static final double HOST_RHO = 0.5;
    static final double OWN_SD = 0.12;
    static final double OWN_RHO = 0.5;
    static final double DRIFT_SD = 0.03;
    static final double DRIFT_RHO = 0.98;
    static final double JVM_SD = 0.01;
    static final double CPU_JVM_SD = 0.02;
    static final double WARMUP = 0.10;
    static final double WARMUP_ROUNDS = 20.0 / 3;
    static final double STEP = 0.35;
    static final double STEP_ROUNDS = 6;
    static final double HET_REFERENCE_SD = 0.005;
    static final double HET_SD = 0.02;
    static final double INTERACTION_SD = 0.03;

    final Model model;
    final int forks;
    /** Each variant's true level (log) above the reference's, the same in both measures and every operation. */
    final double[] effects;
    final RunSettings settings;
    /** What the run asks: its scenario's questions. */
    final dev.cqlbench.result.Family asked;
    private final SplittableRandom random;
    private final double[][][][] own;
    private final double[][][][] drift;
    private final double[][] jvm;
    private final double[][] cpuJvm;
    private double host;
    /** The host's state in each round, in order. */
    final List<Double> hostByRound = new ArrayList<>();
    final List<Block> blocks = new ArrayList<>();
    private int round;

    /**
     * {@code effects[v]}: variant v's true log level above the first (effects[0] = 0); {@code cap} its most rounds;
     * {@code precision} 0 for a run of every round.
     */
    SimulatedRun(long seed, Model model, int forks, double[] effects, int cap, double precision, double level,
                 double familyLevel) {
        this.model = model;
        this.forks = forks;
        this.effects = effects.clone();
        this.random = new SplittableRandom(seed);
        int v = effects.length;
        own = new double[v][forks][OPERATIONS.size()][2];
        drift = new double[v][forks][OPERATIONS.size()][2];
        jvm = new double[v][forks];
        cpuJvm = new double[v][forks];
        for (int a = 0; a < v; a++) {
            for (int k = 0; k < forks; k++) {
                jvm[a][k] = model == Model.JVM ? JVM_SD * random.nextGaussian()
                        : model == Model.HET ? (a == 0 ? HET_REFERENCE_SD : HET_SD) * random.nextGaussian() : 0;
                cpuJvm[a][k] = CPU_JVM_SD * random.nextGaussian();
                for (int o = 0; o < OPERATIONS.size(); o++) {
                    for (int m = 0; m < 2; m++) {
                        own[a][k][o][m] = OWN_SD * random.nextGaussian();
                        drift[a][k][o][m] = DRIFT_SD * random.nextGaussian();
                    }
                }
            }
        }
        host = HOST_SD * random.nextGaussian();
        clockRandom = new SplittableRandom(seed ^ 0x5DEECE66DL);
        variance = calibrating ? dev.cqlbench.result.VarianceModel.none(Map.of()) : calibrated(model, v, forks);
        List<Variant> variants = new ArrayList<>();
        for (int a = 0; a < v; a++) {
            String name = name(a);
            variants.add(new Variant(name, new Library(name, "simulated", true, List.of(), null, List.of(),
                    Library.CASSANDRA, null, null), name, Map.of(), null));
        }
        settings = RunSettings.builder().scenario("crud")
                .plan(new CrudOptions().with("--cycles", Integer.toString(cap), "--ops", "100").plan())
                .variants(variants).processes(Processes.defaults().withForks(forks))
                .asked(new Asked(name(0), List.of(), level, familyLevel, new Stopping(precision, 0))).build();
        asked = dev.cqlbench.scenario.Scenarios.family(settings);
    }

    static String name(int variant) {
        return "v" + variant;
    }

    /** The JIT share each JVM's blocks would show in the next round (the warm-up's signal). */
    private double excess(int variant) {
        if (variant != 1) {
            return 0;
        }
        return model == Model.WARMUP ? WARMUP * Math.exp(-round / WARMUP_ROUNDS)
                : model == Model.STEP ? STEP * Math.exp(-round / STEP_ROUNDS) : 0;
    }

    /**
     * Runs the next round; its blocks are kept when {@code measured}. Returns, per JVM (variant-major, then fork),
     * whether its round was quiet by {@link Settling}.
     */
    boolean[] round(boolean measured) {
        host = HOST_RHO * host + HOST_SD * Math.sqrt(1 - HOST_RHO * HOST_RHO) * random.nextGaussian();
        boolean[] quiet = new boolean[effects.length * forks];
        for (int a = 0; a < effects.length; a++) {
            double warm = excess(a);
            double[][] interaction = new double[OPERATIONS.size()][2];
            for (double[] row : interaction) {
                row[0] = INTERACTION_SD * random.nextGaussian();
                row[1] = INTERACTION_SD * random.nextGaussian();
            }
            for (int k = 0; k < forks; k++) {
                long jit = 0;
                long total = 0;
                for (int o = 0; o < OPERATIONS.size(); o++) {
                    double[] value = new double[2];
                    for (int m = 0; m < 2; m++) {
                        double e;
                        if (model != Model.AR1 && model != Model.DRIFT) {
                            e = OWN_SD * random.nextGaussian();
                            if (model == Model.INTERACTION) {
                                e += interaction[o][m];
                            }
                        } else {
                            own[a][k][o][m] = OWN_RHO * own[a][k][o][m]
                                    + OWN_SD * Math.sqrt(1 - OWN_RHO * OWN_RHO) * random.nextGaussian();
                            e = own[a][k][o][m];
                        }
                        if (model == Model.DRIFT) {
                            drift[a][k][o][m] = DRIFT_RHO * drift[a][k][o][m]
                                    + DRIFT_SD * Math.sqrt(1 - DRIFT_RHO * DRIFT_RHO) * random.nextGaussian();
                            e += drift[a][k][o][m];
                        }
                        value[m] = Math.exp(Math.log(m == 0 ? 250 : 80) + effects[a] + host + jvm[a][k]
                                + (m == 1 ? cpuJvm[a][k] : 0) + warm + e);
                    }
                    long typicalNanos = Math.round(value[0] * 1000);
                    long blockJit = Math.round(2 * warm * 100 * typicalNanos / 1e6);
                    jit += blockJit;
                    total += 100 * typicalNanos;
                    if (measured) {
                        blocks.add(Block.builder().variant(name(a)).fork(k).cycle(round).operation(OPERATIONS.get(o))
                                .measured(Measurement.of(100, 100 * typicalNanos).withTypicalNanos(typicalNanos)
                                .withClientCpuNanos(Math.round(value[1] * 1000 * 100)).withJitMillis(blockJit))
                                .build());
                    }
                }
                quiet[a * forks + k] = Settling.quiet(jit, total / 1e6);
            }
        }
        if (measured) {
            hostByRound.add(host);
        }
        round++;
        return quiet;
    }

    /** The host's mean over the measured rounds: part of every variant's own figure on this run's host. */
    double hostMean() {
        return hostByRound.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /**
     * The run as the orchestrator runs it: settling, then rounds until the stopping rule, its planned rounds or its
     * time. The plan comes from the clock as the orchestrator's does: each round takes {@link #ROUND_SECONDS} give
     * or take a fifth (settling rounds half as long again), the time limit is {@link #MAX_SECONDS}, the plan is made
     * after settling and again after each round until the first look; none of it depends on the comparisons.
     */
    Analysis run() {
        Settling settling = new Settling(effects.length * forks, dev.cqlbench.run.Defaults.settlingRounds(
                settings.plan().cycles()));
        double clock = 0;
        while (settling.settling()) {
            settling.round(round(false));
            clock += 1.5 * pace();
        }
        int cap = settings.plan().cycles();
        Stopper stopper = new Stopper(cap, settings.asked().stopping().adaptive());
        stopper.plan(0, settling.rounds() == 0 ? 0 : clock / settling.rounds(), MAX_SECONDS - clock);
        double settled = clock;
        int finished = 0;
        while (finished < cap) {
            round(true);
            finished++;
            clock += pace();
            if (clock >= MAX_SECONDS || stopper.reachedPlan(finished) || finished >= cap) {
                break;
            }
            stopper.plan(finished, (clock - settled) / finished, MAX_SECONDS - clock);
            if (stopper.looksAt(finished)) {
                Analysis[] seen = new Analysis[1];
                boolean stop = stopper.look(finished,
                        looks -> seen[0] = Analysis.at(settings, asked, blocks, looks, variance, frozen));
                if (!frozen.frozen()) {
                    frozen = Analysis.frozenBatch(seen[0]);
                }
                if (stop) {
                    break;
                }
            }
        }
        stoppedAt = hostByRound.size();
        return Analysis.at(settings, asked, blocks, stopper.at(finished, stopper.stoppedAtLook()), variance, frozen);
    }

    /** The batch the first look freezes, as the orchestrator keeps it (0 before it: chosen from the data). */
    private dev.cqlbench.result.Batches frozen = dev.cqlbench.result.Batches.CHOSEN;

    /** Seconds a measured round takes, give or take a fifth (drawn apart from the blocks: the clock is no data). */
    private double pace() {
        return ROUND_SECONDS * (0.8 + 0.4 * clockRandom.nextDouble());
    }

    private final SplittableRandom clockRandom;

    /** A measured round's seconds, about. */
    static final double ROUND_SECONDS = 1.0;
    /** The time limit: rounds for about 150 measured rounds after settling. */
    static final double MAX_SECONDS = 180;

    /**
     * What these runs take from outside: this model's host calibrated as 'cqlbench calibrate' calibrates one
     * ({@link #calibrated}).
     */
    final dev.cqlbench.result.VarianceModel variance;

    /** Whether this run is one of a calibration's (it takes nothing from outside). */
    private static final ThreadLocal<Boolean> CALIBRATING = ThreadLocal.withInitial(() -> false);
    private final boolean calibrating = CALIBRATING.get();

    private static final Map<List<Object>, dev.cqlbench.result.VarianceModel> CALIBRATED =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The host of a model with {@code variants} variants, calibrated once as 'cqlbench calibrate' calibrates one: 8
     * runs × 4 JVMs × 60 settled rounds of the same model (each its own draw), fitted by {@link Calibration#fit}; the
     * runs' {@code forks} as they run.
     */
    static dev.cqlbench.result.VarianceModel calibrated(Model model, int variants, int forks) {
        return CALIBRATED.computeIfAbsent(List.of(model, variants), k -> {
            CALIBRATING.set(true);
            try {
                List<Calibration.Run> runs = new ArrayList<>();
                Map<String, String> libraries = new java.util.LinkedHashMap<>();
                for (int a = 0; a < variants; a++) {
                    libraries.put(name(a), name(a));
                }
                for (int i = 0; i < 8; i++) {
                    SimulatedRun r = new SimulatedRun(31_000L * (model.ordinal() + 1) + i, model, 4,
                            new double[variants], 60, 0, 0.999, 0.99);
                    r.run();
                    RoundSeries series = new RoundSeries(r.settings.plan(), r.blocks);
                    Map<dev.cqlbench.result.Measure, Map<String, Map<String, java.util.SortedMap<Long, double[]>>>>
                            logs = new java.util.EnumMap<>(dev.cqlbench.result.Measure.class);
                    for (dev.cqlbench.result.Measure m : List.of(dev.cqlbench.result.Measure.TIME,
                            dev.cqlbench.result.Measure.CLIENT_CPU)) {
                        Map<String, Map<String, java.util.SortedMap<Long, double[]>>> byVariant =
                                new java.util.LinkedHashMap<>();
                        for (String variant : libraries.keySet()) {
                            for (String op : OPERATIONS) {
                                byVariant.computeIfAbsent(variant, x -> new java.util.LinkedHashMap<>()).put(op,
                                        series.rounds(new dev.cqlbench.result.Question.Side(variant, List.of(op)), m));
                            }
                        }
                        logs.put(m, byVariant);
                    }
                    runs.add(new Calibration.Run(libraries, logs, Map.of(), 0, 0));
                }
                Calibration.Host host = new Calibration.Host("simulated", 2, 1L << 34, "x", "17", "split");
                return Calibration.fit(host, runs, "2026-11-29", "simulated").model(libraries, host);
            } finally {
                CALIBRATING.set(false);
            }
        });
    }

    /** Measured rounds when the run ended. */
    int stoppedAt;
}
