package dev.cqlbench.analysis;

import dev.cqlbench.result.Environment;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.JvmSpread;
import dev.cqlbench.stats.LongRunVariance;
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
                          Map<Measure, Fit> measures) {

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
     */
    public record Fit(Map<String, Component> jvm, Component jvmAny, Component run, Component runSame,
                      Component round, Map<String, HostSpeed> speeds) {
        public Fit {
            jvm = Map.copyOf(jvm);
            speeds = speeds == null ? Map.of() : Map.copyOf(speeds);
        }
    }

    public Calibration {
        measures = Map.copyOf(measures);
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
                if (!a.equals(b) && (straight != null || reverse != null)) {
                    HostSpeed h = straight != null ? straight : reverse;
                    speeds.put(VarianceModel.pair(a, b), new VarianceModel.Speed(straight != null ? b : a,
                            straight != null ? 1 : -1, h.slope(), h.slopeVariance(), h.slopeDf(), h.reference(),
                            h.rest()));
                }
            }));
            out.put(measure, new VarianceModel.Components(jvm, fit.run(), fit.runSame(), speeds));
        });
        List<String> why = new ArrayList<>();
        if (!own) {
            why.add("measured on " + host.describe() + ", not on this host, " + here.describe());
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
        return fit(Host.of(results.get(0).environment()), results.stream().map(Run::of).toList(), measured, how);
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
        return new Calibration(host, measured, how, runs.size(), turns > 0 ? seconds / turns : 0, out);
    }

    /** One variant's JVMs in one run: its operations' spread of fork means and their own noise's share. */
    private record Unit(JvmSpread jvm) {}

    /** One comparison in one run: its paired log ratio and what the run's rounds say of its variance. */
    private record Paired(double mean, double rounds, double roundsDf, int forksA, int forksB) {}

    private static Fit fit(List<Run> runs, Measure measure, String measured, String how) {
        String from = String.format(Locale.ROOT, "calibration of %s (%s)", measured, how);
        Map<String, List<Unit>> units = new TreeMap<>();
        // {a, b, same library, a's library, b's library} → operation → its runs
        Map<List<String>, Map<String, List<Paired>>> pairs = new LinkedHashMap<>();
        // {A's library, B's library} (B first by name: its client CPU is the speed index) → each run's first pair
        Map<List<String>, List<SpeedPoint>> bySpeed = new LinkedHashMap<>();
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
                    Map<String, List<Paired>> byOp = pairs.computeIfAbsent(List.of(a, b, Boolean.toString(same),
                            keys.get(a), keys.get(b)), k -> new LinkedHashMap<>());
                    Map<String, Paired> thisRun = new LinkedHashMap<>();
                    logs.get(a).forEach((op, ra) -> {
                        SortedMap<Long, double[]> rb = logs.get(b).get(op);
                        Paired p = rb == null ? null : paired(ra, rb);
                        if (p != null) {
                            byOp.computeIfAbsent(op, k -> new ArrayList<>()).add(p);
                            thisRun.put(op, p);
                        }
                    });
                    speedPoint(run, a, b, thisRun).ifPresent(point -> {
                        List<SpeedPoint> list = bySpeed.computeIfAbsent(List.of(point.a(), point.b()),
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
        List<double[]> differ = new ArrayList<>();
        List<double[]> alike = new ArrayList<>();
        for (Map.Entry<List<String>, Map<String, List<Paired>>> e : pairs.entrySet()) {
            List<String> k = e.getKey();
            double[] between = betweenRuns(e.getValue(), tau2.getOrDefault(k.get(3), any.variance()),
                    tau2.getOrDefault(k.get(4), any.variance()));
            if (between != null) {
                (Boolean.parseBoolean(k.get(2)) ? alike : differ).add(between);
            }
            for (List<Paired> list : e.getValue().values()) {
                for (Paired p : list) {
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
            HostSpeed fitted = speed(points, tau2, any.variance(), from);
            if (fitted != null) {
                speeds.put(HostSpeed.key(pair.get(0), pair.get(1)), fitted);
            }
        });
        return new Fit(jvm, any, differ.isEmpty() ? Component.NONE : runLevel(differ, libraries, from),
                alike.isEmpty() ? Component.NONE : runLevel(alike, libraries, from + ", variants of one library"),
                round, speeds);
    }

    /**
     * One run of a pair of variants of two libraries for the host-speed fit: its paired ratio A over B by operation,
     * B the library first by name (whose client CPU is the speed index, the same whichever way round a run names
     * them), and B's speed index in that run.
     */
    private record SpeedPoint(Run run, String a, String b, Map<String, Paired> byOp, double speed) {}

    private static java.util.Optional<SpeedPoint> speedPoint(Run run, String a, String b, Map<String, Paired> byOp) {
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
    private static HostSpeed speed(List<SpeedPoint> points, Map<String, Double> tau2, double any, String from) {
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

    /** A variant's operations in one run: the mean of their fork means' spread and of their own noise's share. */
    private static Unit unit(java.util.Collection<ForkSeries> ops) {
        List<ForkSeries> series = List.copyOf(ops);
        List<double[]> noises = new ArrayList<>();
        for (ForkSeries s : series) {
            LongRunVariance own = s.own();
            noises.add(own == null ? new double[] {0, 1} : new double[] {own.variance(), own.df()});
        }
        return new Unit(JvmSpread.of(series, noises));
    }

    /**
     * τ² of units pooled: their spreads' mean less their own noise's mean, each with its degrees of freedom. A unit's
     * operations share its JVMs' levels and not their noise, so its spread has between K − 1 and o(K − 1) degrees of
     * freedom ({@link #sharedDf}), counted with τ² at its upper 90 % bound: a τ² that happened to come out small
     * lends its spread no confidence it may lack.
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

    /**
     * One comparison in one run, over the rounds both sides share: its mean paired log ratio, and the variance of
     * that mean its rounds show (their spread over n, batches of one round: this host's rounds are about
     * independent); null with too few rounds.
     */
    private static Paired paired(SortedMap<Long, double[]> ra, SortedMap<Long, double[]> rb) {
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
     * One pair of variants over the runs: {between-run variance of its paired log ratio (the mean over its
     * operations), its degrees of freedom, what the runs' own rounds and JVMs predict for it, that prediction's
     * degrees of freedom}; null with fewer than three runs.
     */
    private static double[] betweenRuns(Map<String, List<Paired>> byOp, double tau2A, double tau2B) {
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
     * ω² of several pairs: their between-run variance less what their runs predict, pooled by the precision of what
     * each predicts (a pair whose JVMs or rounds are noisy shows little of its runs' own level), at most the
     * degrees of freedom its runs give each library apart.
     */
    private static Component runLevel(List<double[]> pairs, int libraries, String from) {
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
