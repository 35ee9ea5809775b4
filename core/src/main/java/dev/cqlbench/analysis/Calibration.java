package dev.cqlbench.analysis;

import dev.cqlbench.result.Environment;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.Maps;
import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.JvmSpread;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import dev.cqlbench.result.Rounds;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What whole runs of one command on one host showed of the variance no single run can measure of itself (a
 * dimensioning experiment, as Kalibera and Jones ask for): several runs, each with fresh JVMs, a node of its own and
 * its own data, each variant in several JVMs. Fitted by moments on the nested design (runs, JVMs within a run,
 * rounds within a JVM; for a balanced design what REML gives where it is not negative), per measure:
 * <ul>
 *   <li>τ² of each library (its version named): how far its fresh JVMs' means sit apart beyond their own noise, as
 *       the runs' spread of fork means less their own noise's share, every run and operation pooled;</li>
 *   <li>ω² of a comparison: how far whole runs move a paired ratio beyond what each run's own rounds and JVMs
 *       predict for it, for two libraries and for two variants of one library apart.</li>
 * </ul>
 * Each is kept as the parts it was estimated from, each with its degrees of freedom ({@link Component}), so a run
 * that takes it carries its uncertainty. Stored per host; a run resolves from it what its variants' intervals take
 * ({@link #model}).
 *
 * @param host     the host its runs ran on
 * @param measured when (ISO-8601 date)
 * @param how      what ran, in a line: the command, runs × JVMs × rounds
 * @param runs     how many runs it rests on
 * @param turnSeconds the mean time one JVM's turn of a measured round took (its blocks and what is around them):
 *                 what a round of V variants × K JVMs costs on this host, about V·K times this
 * @param measures the fit of each measure
 */
public record Calibration(Host host, String measured, String how, int runs, double turnSeconds,
                          Map<Measure, Fit> measures, String scenario) {

    /** The scenario 'cqlbench calibrate' runs: the workload a calibration's host-speed slopes were fitted on. */
    public static final String SCENARIO = "crud";

    /**
     * The host a calibration holds for: same name, CPUs, memory, architecture, Java feature release and placement
     * of servers and clients.
     */
    public record Host(String name, int cpus, long memoryBytes, String arch, String javaRelease, String placement) {

        /** The host of a run's environment. */
        public static Host of(Environment e) {
            // the machine's CPUs, not the ones cqlbench was pinned to
            int cpus = e.placement() != null && e.placement().machineCpus() > 0 ? e.placement().machineCpus()
                    : e.availableProcessors();
            return new Host(e.hostName(), cpus, e.physicalMemoryBytes(), e.osArch(), feature(e.orchestratorJava()),
                    e.placement() == null ? "shared" : e.placement().mode());
        }

        private static String feature(String version) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)").matcher(
                    Objects.requireNonNullElse(version, ""));
            return m.find() ? m.group(1) : "?";
        }

        /** Whether a calibration measured on {@code other} holds here. */
        public boolean sameAs(Host other) {
            return other != null && Objects.equals(name, other.name) && cpus == other.cpus
                    && Math.abs(memoryBytes - other.memoryBytes) <= 0.05 * Math.max(memoryBytes, other.memoryBytes)
                    && Objects.equals(arch, other.arch) && Objects.equals(javaRelease, other.javaRelease)
                    && Objects.equals(placement, other.placement);
        }

        /** "ci-host (2 CPUs, 24 GiB, Java 17, placement split)". */
        public String describe() {
            return String.format(Locale.ROOT, "%s (%d CPUs, %.0f GiB, Java %s, placement %s)", name, cpus,
                    memoryBytes / (double) (1L << 30), javaRelease, placement);
        }
    }

    /**
     * One measure's components.
     *
     * @param jvm     τ² of each library measured, by its key ({@link #key})
     * @param jvmAny  τ² pooled over every library measured: what a library not measured is taken to have
     * @param run     ω² of a paired ratio of two libraries, pooled over the pairs and operations measured
     * @param runSame ω² of a paired ratio of two variants of one library
     * @param round   the variance of one round's paired log difference of two variants of two JVMs each: what a
     *                ratio's interval shrinks from, as one over its rounds
     * @param speeds  how each pair of libraries measured moves with the host's speed ({@link HostSpeed}), by
     *                {@link HostSpeed#key}: a run of that pair states its ratio at the calibration's mean speed
     * @param runOverall     ω² of a ratio of two libraries over all their operations together (the mean of its
     *                       operations' log ratios, as a question over several operations asks it), fitted on that
     *                       mean: its runs' spread and what their rounds predict for it are those of the mean, which
     *                       a run's own noise for such a question is compared with ({@link Component#given});
     *                       calibrations written before it: {@code run}
     * @param runSameOverall the same for two variants of one library; before it: {@code runSame}
     */
    public record Fit(Map<String, Component> jvm, Component jvmAny, Component run, Component runSame,
                      Component round, Map<String, HostSpeed> speeds, Component runOverall,
                      Component runSameOverall) {
        public Fit {
            jvm = Maps.sorted(jvm);
            speeds = Maps.sorted(speeds);
            runOverall = runOverall == null || !runOverall.known() ? run : runOverall;
            runSameOverall = runSameOverall == null || !runSameOverall.known() ? runSame : runSameOverall;
        }
    }

    public Calibration {
        measures = Maps.sorted(measures);
        scenario = scenario == null ? SCENARIO : scenario; // calibrations written before this field: all of crud
    }

    /** A library as a calibration knows it: its name and the version its worker reported ("driver4 4.19.3"). */
    public static String key(String library, String version) {
        return library + (version == null || version.isBlank() ? "" : " " + version);
    }

    /** Every library a calibration measured, by key. */
    public List<String> libraries() {
        TreeSet<String> out = new TreeSet<>();
        measures.values().forEach(f -> out.addAll(f.jvm().keySet()));
        return List.copyOf(out);
    }

    /**
     * What a run on {@code here} with these variants (variant → library key) takes from this calibration: each
     * variant's library's τ² (a library not measured: the pooled one, and the model says so), ω² for its
     * comparisons. Measured on another host, it is taken as an assumption, and the model says that too.
     */
    public VarianceModel model(Map<String, String> libraries, Host here) {
        return model(libraries, here, scenario);
    }

    /**
     * The same for a run of {@code runScenario}: a host-speed slope holds for the workload it was fitted on (its speed
     * index is that workload's client CPU per operation), so a run of another scenario states its ratios as measured.
     */
    public VarianceModel model(Map<String, String> libraries, Host here, String runScenario) {
        boolean sameWork = scenario.equals(runScenario);
        boolean own = host.sameAs(here);
        String source = String.format(Locale.ROOT, "%s calibration of %s: %s", own ? "this host's" : "the",
                measured, how);
        List<String> missing = new ArrayList<>();
        Map<Measure, VarianceModel.Components> out = new EnumMap<>(Measure.class);
        measures.forEach((measure, fit) -> {
            Map<String, Component> jvm = new LinkedHashMap<>();
            libraries.forEach((variant, key) -> {
                Component c = fit.jvm().get(key);
                if (c == null && !missing.contains(key)) {
                    missing.add(key);
                }
                jvm.put(variant, c != null ? c : fit.jvmAny());
            });
            Map<String, VarianceModel.Speed> speeds = new LinkedHashMap<>();
            libraries.forEach((a, la) -> libraries.forEach((b, lb) -> {
                HostSpeed straight = fit.speeds().get(HostSpeed.key(la, lb));
                HostSpeed reverse = fit.speeds().get(HostSpeed.key(lb, la));
                if (sameWork && !a.equals(b) && (straight != null || reverse != null)) {
                    HostSpeed h = straight != null ? straight : reverse;
                    speeds.put(VarianceModel.pair(a, b), new VarianceModel.Speed(straight != null ? b : a,
                            straight != null ? 1 : -1, h.slope(), h.slopeVariance(), h.slopeDf(), h.reference(),
                            h.rest()));
                }
            }));
            out.put(measure, new VarianceModel.Components(jvm, fit.run(), fit.runSame(), speeds, fit.runOverall(),
                    fit.runSameOverall()));
        });
        List<String> why = new ArrayList<>();
        if (!own) {
            why.add("measured on " + host.describe() + ", not on this host, " + here.describe());
        }
        if (!sameWork && measures.values().stream().anyMatch(f -> !f.speeds().isEmpty())) {
            why.add("its host-speed slopes, fitted on " + scenario + ", not applied to " + runScenario);
        }
        if (!missing.isEmpty()) {
            why.add(String.join(", ", missing) + " not measured: taken to have the measured libraries' pooled spread "
                    + "of JVMs");
        }
        return new VarianceModel(source, why.isEmpty() ? null : String.join("; ", why), libraries, out);
    }

    /**
     * One run of a calibration as its fit reads it: each variant's library ({@link #key}), and for each measure each
     * variant's operations round by round, each fork's log value.
     */
    public record Run(Map<String, String> libraries, Map<Measure, Map<String, Map<String, SortedMap<Long, double[]>>>> logs,
                      Map<String, double[]> speed, double seconds, int turns) {

        /** A result's run: its full blocks, its variants' libraries as their workers reported them. */
        public static Run of(RunResult result) {
            RoundSeries series = new RoundSeries(result.plan(), result.blocks());
            Map<String, String> keys = new LinkedHashMap<>();
            for (VariantResult v : result.variants()) {
                keys.put(v.variant(), key(v.library(), v.libraryVersion()));
            }
            Map<Measure, Map<String, Map<String, SortedMap<Long, double[]>>>> logs = new EnumMap<>(Measure.class);
            for (Measure m : Measure.values()) {
                Map<String, Map<String, SortedMap<Long, double[]>>> byVariant = new LinkedHashMap<>();
                series.byVariant().forEach((variant, ops) -> {
                    if (!keys.containsKey(variant)) {
                        return;
                    }
                    for (String op : ops.keySet()) {
                        SortedMap<Long, double[]> rounds = series.rounds(
                                new dev.cqlbench.result.Question.Side(variant, List.of(op)), m);
                        if (rounds.size() >= dev.cqlbench.stats.Estimate.MIN_ROUNDS
                                && rounds.get(rounds.firstKey()).length >= 2) {
                            byVariant.computeIfAbsent(variant, k -> new LinkedHashMap<>()).put(op, rounds);
                        }
                    }
                });
                if (!byVariant.isEmpty()) {
                    logs.put(m, byVariant);
                }
            }
            Map<String, double[]> speed = new LinkedHashMap<>();
            series.byVariant().forEach((variant, ops) -> {
                double[] x = HostSpeed.index(ops.values().stream().flatMap(List::stream).toList());
                if (x != null) {
                    speed.put(variant, x);
                }
            });
            Rounds r = result.rounds();
            return new Run(keys, logs, speed, r == null ? 0 : r.seconds(), r == null ? 0
                    : (r.run() + r.settling()) * r.forks() * result.settings().variants().size());
        }
    }

    /**
     * The calibration of these results (runs of one command on one host, each variant in two JVMs or more), named
     * {@code how}, dated {@code measured}.
     */
    public static Calibration fit(List<RunResult> results, String measured, String how) {
        Calibration c = fit(Host.of(results.get(0).ranOn().environment()), results.stream().map(Run::of).toList(),
                measured,
                how);
        return new Calibration(c.host, measured, how, c.runs, c.turnSeconds, c.measures,
                results.get(0).settings().scenario());
    }

    /** The calibration of these runs on {@code host}. */
    public static Calibration fit(Host host, List<Run> runs, String measured, String how) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a calibration needs two runs or more, got " + runs.size());
        }
        Map<Measure, Fit> out = new EnumMap<>(Measure.class);
        for (Measure m : Measure.values()) {
            Fit fit = fit(runs, m, measured, how);
            if (fit != null) {
                out.put(m, fit);
            }
        }
        double seconds = runs.stream().mapToDouble(Run::seconds).sum();
        double turns = runs.stream().mapToDouble(Run::turns).sum();
        return new Calibration(host, measured, how, runs.size(), turns > 0 ? seconds / turns : 0, out, SCENARIO);
    }

    /** One variant's JVMs in one run: its operations' spread of fork means and their own noise's share. */
    private record Unit(JvmSpread jvm) {}

    private static Fit fit(List<Run> runs, Measure measure, String measured, String how) {
        String from = String.format(Locale.ROOT, "calibration of %s (%s)", measured, how);
        Map<String, List<Unit>> units = new TreeMap<>();
        // {a, b, same library, a's library, b's library} → operation → its runs
        Map<List<String>, Map<String, List<RunLevels.Paired>>> pairs = new LinkedHashMap<>();
        // the same pairs over all their operations together: each run's paired ratio of the mean over operations
        Map<List<String>, Map<String, List<RunLevels.Paired>>> overall = new LinkedHashMap<>();
        // {A's library, B's library} (B first by name: its client CPU is the speed index) → each run's first pair
        Map<List<String>, List<RunLevels.SpeedPoint>> bySpeed = new LinkedHashMap<>();
        for (Run run : runs) {
            Map<String, Map<String, SortedMap<Long, double[]>>> logs = run.logs().getOrDefault(measure, Map.of());
            Map<String, String> keys = run.libraries();
            logs.forEach((variant, ops) -> units.computeIfAbsent(keys.get(variant), k -> new ArrayList<>())
                    .add(unit(ops.values().stream().map(r -> RoundSeries.series(r, r.keySet())).toList())));
            List<String> variants = new ArrayList<>(logs.keySet());
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    String a = variants.get(i);
                    String b = variants.get(j);
                    boolean same = keys.get(a).equals(keys.get(b));
                    Map<String, List<RunLevels.Paired>> byOp = pairs.computeIfAbsent(List.of(a, b,
                            Boolean.toString(same),
                            keys.get(a), keys.get(b)), k -> new LinkedHashMap<>());
                    Map<String, RunLevels.Paired> thisRun = new LinkedHashMap<>();
                    logs.get(a).forEach((op, ra) -> {
                        SortedMap<Long, double[]> rb = logs.get(b).get(op);
                        RunLevels.Paired p = rb == null ? null : RunLevels.paired(ra, rb);
                        if (p != null) {
                            byOp.computeIfAbsent(op, k -> new ArrayList<>()).add(p);
                            thisRun.put(op, p);
                        }
                    });
                    RunLevels.Paired all = logs.get(a).size() > 1 && logs.get(a).keySet().equals(logs.get(b).keySet())
                            ? RunLevels.paired(RunLevels.overall(logs.get(a)), RunLevels.overall(logs.get(b))) : null;
                    if (all != null) {
                        overall.computeIfAbsent(List.of(a, b, Boolean.toString(same), keys.get(a), keys.get(b)),
                                k -> new LinkedHashMap<>()).computeIfAbsent("all", k -> new ArrayList<>()).add(all);
                    }
                    RunLevels.speedPoint(run, a, b, thisRun).ifPresent(point -> {
                        List<RunLevels.SpeedPoint> list = bySpeed.computeIfAbsent(List.of(point.a(), point.b()),
                                k -> new ArrayList<>());
                        if (list.stream().noneMatch(x -> x.run() == run)) {
                            list.add(point); // one pair of variants a run: pairs sharing a variant share its noise
                        }
                    });
                }
            }
        }
        if (units.isEmpty()) {
            return null;
        }
        Map<String, Component> jvm = new LinkedHashMap<>();
        List<Unit> all = new ArrayList<>();
        units.forEach((library, list) -> {
            jvm.put(library, pooled(list, from));
            all.addAll(list);
        });
        Component any = pooled(all, from + ", every library pooled");
        Map<String, Double> tau2 = new LinkedHashMap<>();
        jvm.forEach((library, c) -> tau2.put(library, c.variance()));
        double roundSum = 0;
        double roundDf = 0;
        int roundCount = 0;
        for (Map.Entry<List<String>, Map<String, List<RunLevels.Paired>>> e : pairs.entrySet()) {
            for (List<RunLevels.Paired> list : e.getValue().values()) {
                for (RunLevels.Paired p : list) {
                    // one round's variance as two JVMs a side would show it: its forks' means over K_A and K_B
                    double scale = 1 / (1.0 / p.forksA() + 1.0 / p.forksB());
                    roundSum += p.rounds() * (p.roundsDf() + 1) * scale;
                    roundDf += p.roundsDf();
                    roundCount++;
                }
            }
        }
        Component round = roundCount == 0 ? Component.NONE
                : Component.of(roundSum / roundCount, roundDf, from + ", one round of two JVMs a side");
        int libraries = units.size();
        Map<String, HostSpeed> speeds = new LinkedHashMap<>();
        bySpeed.forEach((pair, points) -> {
            HostSpeed fitted = RunLevels.speed(points, tau2, any.variance(), from);
            if (fitted != null) {
                speeds.put(HostSpeed.key(pair.get(0), pair.get(1)), fitted);
            }
        });
        Component[] byOperation = RunLevels.levels(pairs, tau2, any.variance(), libraries, from);
        Component[] together = RunLevels.levels(overall, tau2, any.variance(), libraries,
                from + ", over all operations");
        return new Fit(jvm, any, byOperation[0], byOperation[1], round, speeds, together[0], together[1]);
    }

    /** A variant's operations in one run: the mean of their fork means' spread and of their own noise's share. */
    private static Unit unit(java.util.Collection<ForkSeries> ops) {
        return new Unit(JvmSpread.of(ops, 0));
    }

    /**
     * τ² of units pooled: their spreads' mean less their own noise's mean, each with its degrees of freedom. A unit's
     * operations share its JVMs' levels and not their noise, so its spread has between K − 1 and o(K − 1) degrees
     * of freedom ({@link Component#sharedDf}), counted with τ² at its upper 90 % bound: a τ² that happened to come
     * out small lends its spread no confidence it may lack.
     */
    private static Component pooled(List<Unit> units, String from) {
        double spread = 0;
        double within = 0;
        double withinDf = 0;
        double jvms = 0;
        for (Unit u : units) {
            spread += u.jvm().spread() / units.size();
            within += u.jvm().within() / units.size();
            withinDf += u.jvm().withinDf();
            jvms += u.jvm().forks() - 1;
        }
        double upper = Component.upper(spread, jvms) - within;
        double spreadDf = 0;
        for (Unit u : units) {
            spreadDf += Component.sharedDf(u.jvm().ops(), u.jvm().forks() - 1, spread, upper);
        }
        return new Component(new double[][] {{spread, spreadDf}, {-within, withinDf}}, spreadDf,
                String.format(Locale.ROOT, "%s, %d JVM sets", from, units.size()));
    }
}
