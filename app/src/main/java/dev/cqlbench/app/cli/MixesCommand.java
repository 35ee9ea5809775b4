package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "mixes", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 05: standard read/update/insert/scan mixes, YCSB style (load, then run), on driver 4: "
                + "ops/s per workload × concurrency, latency per operation type from full histograms (response "
                + "and service time in open loop), a per-second timeline, errors by kind, every read checked.",
        footer = {"", "Workloads: built-in names (YCSB's workloada … workloadf; the study's read95_update5, "
                + "update50_read50, read65_update25_insert10, insert90_read10; insert_only, read_only) or a path to "
                + "a properties file with YCSB's keys: copy one from core/src/main/resources/dev/cqlbench/workloads/.",
            "", "Examples:",
            "  ./cqlbench run mixes --workload read95_update5,update50_read50,read65_update25_insert10,insert90_read10 "
                    + "--concurrency 16,32 --duration 20s --out results/mixes",
            "  ./cqlbench run mixes --workload workloada --rate 2000 --concurrency 256 --duration 60s   (open loop)",
            "  ./cqlbench run mixes --workload my-mix.properties --records 1000000 --ops 500000"})
public final class MixesCommand implements Callable<Integer> {

    static final List<String> STUDY = List.of("read95_update5", "update50_read50", "read65_update25_insert10",
            "insert90_read10");
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--workload", split = ",", paramLabel = "NAME|FILE",
            description = "Workloads to run, in order (default: the study's four mixes).")
    List<String> workloads = new ArrayList<>(STUDY);

    @Option(names = "--concurrency", split = ",", defaultValue = "32", paramLabel = "N",
            description = "Operations in flight, the study's \"concurrent threads\"; several values run each "
                    + "workload at each (default: ${DEFAULT-VALUE}). With --rate: the most in flight.")
    List<Integer> concurrencies;

    @Option(names = "--duration", paramLabel = "TIME",
            description = "Length of each run phase, e.g. 20s, 2m, 500ms (default: 20s unless --ops is given).")
    String duration;

    @Option(names = "--ops", paramLabel = "N", description = "Operations per run phase instead of --duration.")
    Long ops;

    @Option(names = "--rate", paramLabel = "OPS/S",
            description = "Open loop: start operations at this fixed rate, latency counted from each operation's "
                    + "intended start (default: closed loop).")
    Double rate;

    @Option(names = "--records", paramLabel = "N",
            description = "Records loaded per workload (default: each workload file's recordcount).")
    Integer records;

    @Option(names = "--field-count", paramLabel = "N", description = "Fields per record (default: the workloads').")
    Integer fieldCount;

    @Option(names = "--field-length", paramLabel = "N",
            description = "Characters per field (default: the workloads').")
    Integer fieldLength;

    @Option(names = "--target", paramLabel = "FILE",
            description = "A cluster named in a YAML file (contact points, datacenter, credentials from an environment "
                    + "variable or file, TLS, driver settings; or embedded-nodes: N); repeat it to run the same mixes on "
                    + "each and compare them (the study's table 6: ops/s per target and the ratio to the first).")
    List<Path> targetFiles = new ArrayList<>();

    @Option(names = "--load-concurrency", defaultValue = "64",
            description = "Inserts in flight during the load phase (default: ${DEFAULT-VALUE}).")
    int loadConcurrency;

    @Option(names = "--repetitions", defaultValue = "1",
            description = "Run phases per workload × concurrency per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions;

    @Option(names = "--cycles", defaultValue = "1",
            description = "Cycles, each loading every workload again (default: ${DEFAULT-VALUE}).")
    int cycles;

    @Option(names = "--warmup-ops", defaultValue = "200000",
            description = "Warmup per workload, before measuring, through the measured code: up to this many records "
                    + "loaded, then this many operations of the mix at the highest --concurrency; then the table is "
                    + "emptied. The JIT needs about this much to go quiet: the time it still spends compiling during "
                    + "each measured phase is in the result (jitMillis) and the report (default: ${DEFAULT-VALUE}).")
    int warmupOps;

    @Option(names = "--warmup-max-s", defaultValue = "60", paramLabel = "S",
            description = "After --warmup-ops, warmup goes on in rounds while the JIT compiler still spends over a "
                    + "tenth of a round compiling, up to this many seconds in all; 0: --warmup-ops only "
                    + "(default: ${DEFAULT-VALUE}).")
    int warmupMaxSeconds;

    @Mixin
    VerifyOption verifyOption;

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        return RunExecution.execute(settings(), output.directory("mixes"), output, run.context());
    }

    RunSettings settings() {
        worker.defaultHeap(spec, WorkerOptions.SMALL_HEAP_MB);
        if (new LinkedHashSet<>(workloads).size() != workloads.size()) {
            throw usage("--workload values must differ");
        }
        concurrencies.forEach(c -> Checks.positive("--concurrency", c));
        if (new LinkedHashSet<>(concurrencies).size() != concurrencies.size()) {
            throw usage("--concurrency values must differ");
        }
        if (duration != null && ops != null) {
            throw usage("give either --duration or --ops, not both");
        }
        long millis = ops != null ? 0 : parseDuration(duration == null ? "20s" : duration);
        if (ops != null) {
            Checks.positive("--ops", ops);
        }
        if (rate != null && !(rate > 0)) {
            throw usage("--rate must be above 0, got " + rate);
        }
        if (records != null) {
            Checks.positive("--records", records);
        }
        if (fieldCount != null) {
            Checks.positive("--field-count", fieldCount);
        }
        if (fieldLength != null) {
            Checks.positive("--field-length", fieldLength);
        }
        Checks.positive("--load-concurrency", loadConcurrency);
        Checks.positive("--repetitions", repetitions);
        Checks.positive("--cycles", cycles);
        Checks.notNegative("--warmup-ops", warmupOps);
        Checks.notNegative("--warmup-max-s", warmupMaxSeconds);
        scenario.validated();
        List<Workload> loaded = new ArrayList<>();
        for (String name : workloads) {
            try {
                loaded.add(Workload.load(name.strip()).withSizes(records, fieldCount, fieldLength));
            } catch (IOException | IllegalArgumentException e) {
                throw usage("--workload " + name + ": " + e.getMessage());
            }
        }
        if (loaded.stream().map(Workload::fieldCount).distinct().count() > 1
                || loaded.stream().map(Workload::fieldLength).distinct().count() > 1) {
            throw usage("the workloads differ in fieldcount or fieldlength; give --field-count and --field-length");
        }
        if (loaded.stream().map(Workload::name).distinct().count() != loaded.size()) {
            throw usage("two workloads have the same name");
        }
        String keyspace = spec.commandLine().getParseResult().hasMatchedOption("--keyspace") ? scenario.keyspace
                : "ycsb";
        MixesPlan plan = new MixesPlan(loaded, concurrencies, millis, ops == null ? 0 : ops, rate == null ? 0 : rate,
                loadConcurrency, loaded.get(0).fieldCount(), loaded.get(0).fieldLength(), repetitions, cycles,
                warmupOps, scenario.seed, keyspace, verifyOption.verify, warmupMaxSeconds * 1000L);
        dev.cqlbench.app.cluster.TargetSettings defaults = target.toSettings(spec);
        if (targetFiles.isEmpty()) {
            return new RunSettings("mixes", BindingCatalog.resolve(List.of("driver4"), "mixes"), plan, defaults,
                    worker.jvmArgs(), worker.timeout(), scenario.confidence, List.of());
        }
        if (!defaults.embedded() || defaults.nodes() != null) {
            throw usage("--target files name their clusters: drop --contact-points and --nodes");
        }
        java.util.Map<String, dev.cqlbench.app.cluster.TargetSettings> byVariant = new java.util.LinkedHashMap<>();
        List<dev.cqlbench.app.orchestrate.BindingModule> variants = new ArrayList<>();
        for (Path file : targetFiles) {
            dev.cqlbench.app.cluster.TargetFile t = dev.cqlbench.app.cluster.TargetFile.read(file);
            String variant = "driver4@" + t.name();
            if (byVariant.containsKey(variant)) {
                throw usage("two --target files are named '" + t.name() + "': give one a name: line");
            }
            byVariant.put(variant, t.settings(defaults));
            variants.add(new dev.cqlbench.app.orchestrate.BindingModule(variant, "driver4",
                    "Apache Cassandra Java driver 4.x on target " + t.name() + " (" + file.getFileName() + ")", true,
                    null, java.util.Set.of("mixes")));
        }
        return new RunSettings("mixes", variants, plan, defaults, worker.jvmArgs(), worker.timeout(),
                scenario.confidence, List.of(), null, null, byVariant);
    }

    static long parseDuration(String text) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw usage("--duration must look like 20s, 2m, 500ms or 1h, got '" + text + "'");
        }
        long n;
        try {
            n = Math.min(Long.parseLong(m.group(1)), 1_000_000_000L);
        } catch (NumberFormatException e) {
            throw usage("--duration is too long: '" + text + "'");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long millis = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        if (millis < 1) {
            throw usage("--duration must be above 0, got '" + text + "'");
        }
        return millis;
    }

    private static CqlbenchException usage(String message) {
        return new CqlbenchException(ExitCode.USAGE, message);
    }
}
