package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.scenario.ClientOption;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import dev.cqlbench.scenario.VerifyOption;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The mixes scenario's options and their defaults; the command line's and tests' way to a {@link MixesPlan}. */
public final class MixesOptions extends ScenarioOptions<MixesPlan> {

    /** The study's four mixes. */
    public static final List<String> STUDY = List.of("read95_update5", "update50_read50", "read65_update25_insert10",
            "insert90_read10");
    /** The keyspace of YCSB's table unless given. */
    static final String KEYSPACE = "ycsb";
    /** The library every mix runs on. */
    static final String LIBRARY = "driver4";
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    @Option(names = "--workload", split = ",", paramLabel = "NAME|FILE",
            description = "Workloads to run, in order (default: the study's four mixes).")
    List<String> workloads = new ArrayList<>(STUDY);

    @Option(names = "--concurrency", split = ",", paramLabel = "N",
            description = "Operations in flight, the study's \"concurrent threads\"; several values run each "
                    + "workload at each (default: ${DEFAULT-VALUE}). With --rate: the most in flight.")
    List<Integer> concurrencies = new ArrayList<>(List.of(32));

    @Option(names = "--duration", paramLabel = "TIME",
            description = "Length of each run phase, e.g. 30s, 2m, 500ms (default: 30s unless --ops is given: the "
                    + "study's claims compare mixes over at least 20 whole seconds each).")
    String duration;

    @Option(names = "--ops", paramLabel = "N", description = "Operations per run phase instead of --duration.")
    Long ops;

    @Mixin
    Shared shared = new Shared();

    @Mixin
    ClientOption client = new ClientOption();

    /** Workloads given as values rather than names (tests, benchmarks); null: load {@link #workloads}. */
    private List<Workload> given;

    @Option(names = "--repetitions",
            description = "Run phases per workload × concurrency per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = RunOption.CYCLES,
            description = "Cycles, each loading every workload again (default: ${DEFAULT-VALUE}).")
    int cycles = 1;

    @Option(names = "--warmup-ops", description = "Warmup per workload, before measuring, through the measured code: "
            + "up to this many records loaded, then this many operations of the mix at the highest --concurrency; then "
            + "the table is emptied. The JIT needs about this much to go quiet: the time it still spends compiling "
            + "during each measured phase is in the result (jitMillis) and the report (default: 200,000; for run "
            + "phases of a counted number of operations, ten times a phase's, 10,000 at least).")
    Integer warmupOps;

    @Option(names = "--warmup-max-s", paramLabel = "S", description = "After --warmup-ops, warmup goes on in rounds "
            + "while the JIT compiler still spends over a tenth of a round compiling, up to this many seconds in all; "
            + "0: --warmup-ops only (default: 60; for run phases of a counted number of operations, a second per 500 "
            + "of a phase's operations, 5 to 60).")
    Integer warmupMaxSeconds;

    /** Warm-up operations and seconds when phases run for a time: what the JIT needs to go quiet on this code. */
    static final int WARMUP_OPS = dev.cqlbench.run.Defaults.LOAD_WARMUP_OPS;
    static final int WARMUP_MAX_S = dev.cqlbench.run.Defaults.LOAD_WARMUP_MAX_SECONDS;

    /**
     * The warm-up a phase of {@code phaseOps} operations gets unless told (null: phases run for a time): in
     * proportion to the work it measures, so that a workload file of 1,000 operations is not warmed for two minutes
     * to measure one second; {ops, seconds}.
     */
    static int[] warmupFor(Long phaseOps) {
        if (phaseOps == null) {
            return new int[] {WARMUP_OPS, WARMUP_MAX_S};
        }
        int ops = (int) Math.min(WARMUP_OPS, Math.max(10_000, 10 * phaseOps));
        int seconds = (int) Math.min(WARMUP_MAX_S, Math.max(5, (phaseOps + 499) / 500));
        return new int[] {ops, seconds};
    }

    @Option(names = "--records", paramLabel = "N",
            description = "Records loaded per workload (default: each workload file's recordcount).")
    Integer records;

    @Option(names = "--field-count", paramLabel = "N", description = "Fields per record (default: the workloads').")
    Integer fieldCount;

    @Option(names = "--field-length", paramLabel = "N", description = "Characters per field (default: the workloads').")
    Integer fieldLength;

    /** The options mixes and scale-out share: how fast, how loaded, how checked. */
    public static final class Shared {

        @Option(names = "--rate", paramLabel = "OPS/S", description = "Open loop: start operations at this fixed "
                + "rate, latency counted from each operation's intended start (default, or 0: closed loop).")
        Double rate;

        @Option(names = "--load-concurrency",
                description = "Inserts in flight during the load phase (default: ${DEFAULT-VALUE}).")
        int loadConcurrency = 64;

        @Mixin
        VerifyOption verify = new VerifyOption();

        @Option(names = "--threads", paramLabel = "N", description = "Dispatching threads in the worker, each with its "
                + "share of --concurrency, of the operations and of --rate: for a client machine of many cores, "
                + "where one thread would be the limit (default: ${DEFAULT-VALUE}).")
        int threads = 1;

        void check() {
            Checks.positive("--threads", threads);
            if (rate != null && !(rate >= 0 && Double.isFinite(rate))) {
                throw new BadSetting("--rate must be 0 (closed loop) or above, got " + rate);
            }
            Checks.positive("--load-concurrency", loadConcurrency);
        }

        double rate() {
            return rate == null ? 0 : rate;
        }
    }

    /** The workloads by name or file, with the sizes given (null: the workload's own). */
    static List<Workload> load(List<String> names, Integer records, Integer fieldCount, Integer fieldLength) {
        Checks.positiveIfGiven("--records", records);
        Checks.positiveIfGiven("--field-count", fieldCount);
        Checks.positiveIfGiven("--field-length", fieldLength);
        List<Workload> loaded = new ArrayList<>();
        for (String name : names) {
            try {
                loaded.add(WorkloadFile.load(name.strip()).withSizes(records, fieldCount, fieldLength));
            } catch (IOException | IllegalArgumentException e) {
                throw new BadSetting("--workload " + name + ": " + e.getMessage());
            }
        }
        if (loaded.stream().map(Workload::fieldCount).distinct().count() > 1
                || loaded.stream().map(Workload::fieldLength).distinct().count() > 1) {
            throw new BadSetting("the workloads differ in fieldcount or fieldlength; give --field-count and "
                    + "--field-length");
        }
        if (loaded.stream().map(w -> w.fieldLengths() + "/" + w.orderedKeys() + "/" + w.padding()).distinct().count()
                > 1) {
            throw new BadSetting("the workloads differ in fieldlengthdistribution, insertorder or zeropadding, which "
                    + "shape the table's values and keys: run them separately");
        }
        if (loaded.stream().map(Workload::name).distinct().count() != loaded.size()) {
            throw new BadSetting("two workloads have the same name");
        }
        return loaded;
    }

    public MixesOptions() {
        super(KEYSPACE);
    }

    @Override
    public MixesPlan plan() {
        Checks.notEmpty("--workload", workloads);
        Checks.notEmpty("--concurrency", concurrencies);
        Checks.distinct("--workload", workloads);
        concurrencies.forEach(c -> Checks.positive("--concurrency", c));
        if (concurrencies.stream().anyMatch(c -> c < shared.threads)) {
            throw new BadSetting("--threads " + shared.threads + " needs --concurrency of at least as many (each "
                    + "thread keeps its share of the operations in flight)");
        }
        Checks.distinct("--concurrency", concurrencies);
        if (duration != null && ops != null) {
            throw new BadSetting("give either --duration or --ops, not both");
        }
        List<Workload> loaded = given != null ? given : load(workloads, records, fieldCount, fieldLength);
        Long ops = this.ops != null || duration != null ? this.ops : operationCount(loaded);
        long millis = ops != null ? 0 : millis("--duration", duration == null ? "30s" : duration);
        Checks.positiveIfGiven("--ops", ops);
        Checks.positive("--repetitions", repetitions);
        Checks.positive(RunOption.CYCLES, cycles);
        int[] warmup = warmupFor(ops);
        int warmupOps = this.warmupOps != null ? this.warmupOps : warmup[0];
        int warmupMaxSeconds = this.warmupMaxSeconds != null ? this.warmupMaxSeconds : warmup[1];
        Checks.notNegative("--warmup-ops", warmupOps);
        Checks.notNegative("--warmup-max-s", warmupMaxSeconds);
        shared.check();
        ClientShard shard = client.shard();
        if (shard.shared() && (workloads.size() > 1 || concurrencies.size() > 1 || cycles > 1)) {
            throw new BadSetting("--client " + client.given() + " runs one --workload at one --concurrency in one "
                    + "cycle (all clients start it together)");
        }
        if (shard.shared() && ops != null && repetitions > 1) {
            throw new BadSetting("--client " + client.given() + " with --repetitions needs --duration: every client "
                    + "starts each repetition at the same instant");
        }
        if (ops != null && ops < shard.count()) {
            throw new BadSetting("--ops " + ops + " is fewer than the " + shard.count() + " clients");
        }
        return new MixesPlan(loaded, concurrencies,
                new MixesPlan.RunPhase(millis, ops == null ? 0 : ops, shared.rate(), shared.threads),
                shared.loadConcurrency, new Repeats(repetitions, cycles, warmupOps, seed, validKeyspace()),
                shared.verify.verify(), warmupMaxSeconds * 1000L, shard);
    }

    /**
     * The operations of a run phase the workload files give (YCSB's operationcount), when neither --duration nor
     * --ops does; null when none gives one. Files that disagree are refused: a plan has one phase length.
     */
    private static Long operationCount(List<Workload> loaded) {
        java.util.Set<Long> counts = new java.util.TreeSet<>();
        loaded.forEach(w -> counts.add(w.operationCount() == null ? 0L : w.operationCount()));
        if (counts.equals(java.util.Set.of(0L))) {
            return null;
        }
        if (counts.size() > 1) {
            throw new BadSetting("the workloads' operationcount differ (" + String.join(", ", loaded.stream()
                    .map(w -> w.name() + ": " + (w.operationCount() == null ? "none" : w.operationCount())).toList())
                    + "): give --ops or --duration for every run phase");
        }
        return counts.iterator().next();
    }

    @Override
    public Chosen<MixesPlan> choose(LibraryCatalog catalog) {
        return new Chosen<>(plan(), Variants.resolve(List.of(LIBRARY), MixesScenario.NAME,
                Variants.ofLibraries(catalog, KeyValueStore.class), catalog), List.of());
    }

    @Override
    public int workerHeapMb() {
        return Defaults.SMALL_WORKER_HEAP_MB;
    }

    /** A duration as users type it (20s, 2m, 500ms, 1h; a bare number is seconds), in milliseconds above 0. */
    public static long millis(String option, String text) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new BadSetting(option + " must look like 20s, 2m, 500ms or 1h, got '" + text + "'");
        }
        long n;
        try {
            n = Math.min(Long.parseLong(m.group(1)), 1_000_000_000L);
        } catch (NumberFormatException e) {
            throw new BadSetting(option + " is too long: '" + text + "'");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        long millis = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            default -> n * 1000;
        };
        if (millis < 1) {
            throw new BadSetting(option + " must be above 0, got '" + text + "'");
        }
        return millis;
    }

    /** These workloads, as they are (no file, no size override). */
    public MixesOptions workloadsGiven(List<Workload> values) {
        given = List.copyOf(values);
        workloads = values.stream().map(Workload::name).toList();
        return this;
    }

    /** The shared options (rate, load concurrency, verification) of another command (scale-out). */
    public MixesOptions shared(Shared value) {
        shared = value;
        return this;
    }
}
