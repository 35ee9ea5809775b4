package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.cluster.SqlSettings;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.BindingModule;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.scenario.hatshop.EventMix;
import dev.cqlbench.scenario.hatshop.HatEvents;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "hatshop", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 03: one seeded stream of hat-shop order events replayed against Cassandra (two data "
                + "models, driver 4 async) and MariaDB (JDBC + HikariCP), same events, same concurrency; per event "
                + "type latencies, overall time, and a per-order consistency check across databases.",
        footer = {"", "Presets (the study's three experiments; explicit options still win):",
            "  --preset mixed    200,000 random events over 500 orders (the study's Fig 4)",
            "  --preset updates  500 orders, then n = 500, 5,000, 10,000, 100,000 status updates (Fig 3)",
            "  --sweep pool      MariaDB only: 50,000 CREATE events at pool sizes 1..30, 5 runs each (Fig 2)",
            "", "Examples:",
            "  ./cqlbench run hatshop --count 20000 --orders 500 --out results/hatshop",
            "  ./cqlbench run hatshop --preset mixed",
            "  ./cqlbench run hatshop --sweep pool --pool-sizes 1,2,4,8,16,30",
            "  ./cqlbench events --seed 7 --count 50000 > e.jsonl; ./cqlbench run hatshop --events e.jsonl",
            "  ./cqlbench run hatshop --jdbc-url jdbc:mariadb://db:3306/ --jdbc-user bench --jdbc-password-env DB_PW"})
public final class HatshopCommand implements Callable<Integer> {

    private static final List<Integer> UPDATE_STEPS = List.of(500, 5_000, 10_000, 100_000);

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--database", split = ",", defaultValue = "cassandra,mariadb", paramLabel = "DB",
            description = "Databases to compare: cassandra, mariadb (default: ${DEFAULT-VALUE}).")
    List<String> databases;

    @Option(names = "--model", split = ",", defaultValue = "line_items,line_items_by_order", paramLabel = "MODEL",
            description = "Cassandra data models: line_items (keyed by line item, the study's first) and/or "
                    + "line_items_by_order (partitioned by order, its second) (default: ${DEFAULT-VALUE}).")
    List<String> models;

    @Option(names = "--count", split = ",", paramLabel = "N",
            description = "Events per replay; several values replay growing prefixes of one stream "
                    + "(default: 20000; --preset updates: n updates after the orders are created).")
    List<Integer> counts;

    @Option(names = "--orders", description = "At most this many live orders in a generated stream (default: 500).")
    Integer orders;

    @Option(names = "--mix", description = "Generated stream: " + EventMix.NAMES + " (default: mixed).")
    String mix;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Replay this JSON-lines file (from './cqlbench events') instead of a generated stream.")
    Path eventsFile;

    @Option(names = "--concurrency", description = "Events in flight, for every database (default: 4, the study's "
            + "pool; --sweep pool: the largest pool size).")
    Integer concurrency;

    @Option(names = "--pool-size", description = "MariaDB connections in the HikariCP pool (default: --concurrency).")
    Integer poolSize;

    @Option(names = "--repetitions", description = "Replays per cycle, each on emptied tables (default: 2; --sweep "
            + "pool: 5). With the event log on, every other replay writes it and the others do not, to measure it.")
    Integer repetitions;

    @Option(names = "--cycles", description = "Cycles; variants run in a new seeded-random order in each "
            + "(default: 2; --sweep pool: 1).")
    Integer cycles;

    @Option(names = "--warmup-events", defaultValue = "5000",
            description = "Events of a separate stream replayed once per worker, then discarded (default: ${DEFAULT-VALUE}).")
    int warmupEvents;

    @Option(names = "--durability", defaultValue = "durable",
            description = "durable: each database's default (Cassandra durable_writes=true, commit log synced "
                    + "periodically; InnoDB flushes its log at each commit); relaxed: durable_writes=false and "
                    + "innodb_flush_log_at_trx_commit=2 (default: ${DEFAULT-VALUE}).")
    String durability;

    @Option(names = "--no-event-log", description = "Do not write the study's per-event CSV log.")
    boolean noEventLog;

    @Option(names = "--preset", description = "mixed or updates: the study's experiments (see below).")
    String preset;

    @Option(names = "--sweep", description = "pool: MariaDB's connection pool size sweep (see below).")
    String sweep;

    @Option(names = "--pool-sizes", split = ",", paramLabel = "N",
            description = "Pool sizes of --sweep pool (default: 1 to 30).")
    List<Integer> poolSizes;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "A MariaDB/MySQL server to use instead of the embedded MariaDB, e.g. jdbc:mariadb://db:3306/.")
    String jdbcUrl;

    @Option(names = "--jdbc-user", paramLabel = "USER", description = "User for --jdbc-url.")
    String jdbcUser;

    @Option(names = "--jdbc-password-env", paramLabel = "VAR",
            description = "Read the --jdbc-url password from this environment variable.")
    String jdbcPasswordEnv;

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
        RunSettings settings = settings(output.directory("hatshop"));
        return RunExecution.execute(settings, output.directory("hatshop"), output, run.context());
    }

    RunSettings settings(Path out) {
        boolean poolSweep = false;
        if (sweep != null) {
            if (!sweep.equals("pool")) {
                throw usage("--sweep must be pool, got '" + sweep + "'");
            }
            if (preset != null) {
                throw usage("give either --preset or --sweep, not both");
            }
            poolSweep = true;
        } else if (poolSizes != null) {
            throw usage("--pool-sizes needs --sweep pool");
        }
        if (preset != null && !preset.equals("mixed") && !preset.equals("updates")) {
            throw usage("--preset must be mixed or updates, got '" + preset + "'");
        }
        boolean updates = "updates".equals(preset);
        int orderPool = orders != null ? orders : 500;
        String eventMix = mix != null ? mix : updates ? "updates" : poolSweep ? "creates" : "mixed";
        if (EventMix.named(eventMix) == null) {
            throw usage("--mix must be one of " + EventMix.NAMES + ", got '" + eventMix + "'");
        }
        List<Integer> steps;
        if (counts != null) {
            counts.forEach(n -> Checks.positive("--count", n));
            steps = updates ? counts.stream().map(n -> n + orderPool).toList() : List.copyOf(counts);
        } else if (updates) {
            steps = UPDATE_STEPS.stream().map(n -> n + orderPool).toList();
        } else if ("mixed".equals(preset)) {
            steps = List.of(200_000);
        } else if (poolSweep) {
            steps = List.of(50_000);
        } else {
            steps = List.of(20_000);
        }
        if (new LinkedHashSet<>(steps).size() != steps.size()) {
            throw usage("--count values must differ");
        }
        steps = steps.stream().sorted().toList();
        int pool = poolSweep && orders == null ? steps.get(steps.size() - 1) : orderPool;
        Checks.positive("--orders", pool);
        List<Integer> sizes = poolSweep ? (poolSizes != null ? List.copyOf(poolSizes)
                : IntStream.rangeClosed(1, 30).boxed().toList()) : List.of();
        sizes.forEach(n -> Checks.positive("--pool-sizes", n));
        int inFlight = concurrency != null ? concurrency
                : poolSweep ? sizes.stream().mapToInt(Integer::intValue).max().orElse(1) : 4;
        Checks.positive("--concurrency", inFlight);
        int connections = poolSize != null ? poolSize : inFlight;
        Checks.positive("--pool-size", connections);
        int reps = repetitions != null ? repetitions : poolSweep ? 5 : 2;
        int cyc = cycles != null ? cycles : poolSweep ? 1 : 2;
        Checks.positive("--repetitions", reps);
        Checks.positive("--cycles", cyc);
        Checks.notNegative("--warmup-events", warmupEvents);
        if (!durability.equals(OrderStore.Spec.DURABLE) && !durability.equals(OrderStore.Spec.RELAXED)) {
            throw usage("--durability must be durable or relaxed, got '" + durability + "'");
        }
        scenario.validated();
        String keyspace = spec.commandLine().getParseResult().hasMatchedOption("--keyspace") ? scenario.keyspace
                : "hatshop";
        String file = null;
        if (eventsFile != null) {
            if (mix != null || orders != null) {
                throw usage("--events replays a file: drop --mix and --orders");
            }
            if (!Files.isReadable(eventsFile)) {
                throw usage("cannot read --events " + eventsFile);
            }
            file = eventsFile.toAbsolutePath().toString();
            if (counts == null && preset == null && !poolSweep) {
                steps = List.of(fileSize(eventsFile));
            }
        }
        List<BindingModule> variants = variants(poolSweep, sizes);
        HatshopPlan plan = new HatshopPlan(steps, pool, eventMix, file, inFlight, connections, reps, cyc, warmupEvents,
                scenario.seed, keyspace, durability, !noEventLog, out.toAbsolutePath().toString(), null);
        try {
            plan = plan.withCounts();
        } catch (UncheckedIOException e) {
            throw usage(e.getCause().getMessage().lines().findFirst().orElse("bad --events file"));
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage().lines().findFirst().orElse("bad --events file"));
        }
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:")) {
            throw usage("--jdbc-url must be a JDBC URL such as jdbc:mariadb://host:3306/, got '" + jdbcUrl + "'");
        }
        if (jdbcUser != null && jdbcUrl == null) {
            throw usage("--jdbc-user needs --jdbc-url (the embedded MariaDB has its own user)");
        }
        SqlSettings sql = new SqlSettings(jdbcUrl, jdbcUser, jdbcPassword(), Duration.ofMinutes(3));
        return new RunSettings("hatshop", variants, plan, target.toSettings(spec), worker.jvmArgs(), worker.timeout(),
                scenario.confidence, List.of(), sql);
    }

    private List<BindingModule> variants(boolean poolSweep, List<Integer> sizes) {
        Set<String> dbs = new LinkedHashSet<>(databases.stream().map(String::strip).toList());
        for (String db : dbs) {
            if (!db.equals("cassandra") && !db.equals("mariadb")) {
                throw usage("--database must be cassandra and/or mariadb, got '" + db + "'");
            }
        }
        for (String model : models) {
            if (!model.equals(OrderStore.Spec.LINE_ITEMS) && !model.equals(OrderStore.Spec.LINE_ITEMS_BY_ORDER)) {
                throw usage("--model must be line_items and/or line_items_by_order, got '" + model + "'");
            }
        }
        List<BindingModule> out = new ArrayList<>();
        if (poolSweep) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--database") && dbs.contains("cassandra")) {
                throw usage("--sweep pool sweeps MariaDB's connection pool; drop --database cassandra");
            }
            for (int size : new LinkedHashSet<>(sizes)) {
                out.add(BindingCatalog.mariaDbPool(size));
            }
            return out;
        }
        for (String db : dbs) {
            if (db.equals("cassandra")) {
                for (String model : new LinkedHashSet<>(models)) {
                    out.addAll(BindingCatalog.resolve(List.of(HatshopPlan.CASSANDRA_PREFIX + model), "hatshop"));
                }
            } else {
                out.addAll(BindingCatalog.resolve(List.of(HatshopPlan.MARIADB), "hatshop"));
            }
        }
        return out;
    }

    private static int fileSize(Path file) {
        try (var lines = Files.lines(file)) {
            long n = lines.filter(l -> !l.isBlank()).count();
            if (n == 0) {
                throw usage(file + " holds no events");
            }
            return Math.toIntExact(n);
        } catch (IOException | UncheckedIOException e) {
            throw usage("cannot read --events " + file + ": " + e.getMessage());
        }
    }

    private String jdbcPassword() {
        if (jdbcPasswordEnv == null) {
            return null;
        }
        if (jdbcUrl == null) {
            throw usage("--jdbc-password-env needs --jdbc-url");
        }
        String value = System.getenv(jdbcPasswordEnv);
        if (value == null) {
            throw usage("environment variable " + jdbcPasswordEnv + " (from --jdbc-password-env) is not set");
        }
        return value;
    }

    private static CqlbenchException usage(String message) {
        return new CqlbenchException(ExitCode.USAGE, message);
    }
}
