package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.SqlSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.ScenarioOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import picocli.CommandLine.Option;

/**
 * The hatshop scenario's options and their defaults, presets included (the study's three experiments); the command
 * line's and tests' way to a {@link HatshopPlan} and its variants: Cassandra data models and MariaDB.
 */
public final class HatshopOptions extends ScenarioOptions<HatshopPlan> {

    /** Events per replay unless given. */
    static final int EVENTS = 5_000;
    /** At most this many live orders at any point of a generated stream, unless given. */
    static final int ORDERS = 500;
    /** Events in flight unless given: the study's pool of 4. */
    static final int CONCURRENCY = 4;
    /** {@code --preset mixed}: the study's Fig 4. */
    static final int MIXED_EVENTS = 200_000;
    /** {@code --preset updates}: n status updates after the orders are created (Fig 3). */
    static final List<Integer> UPDATE_STEPS = List.of(500, 5_000, 10_000, 100_000);
    /** {@code --sweep pool}: CREATE events per replay, and the pool sizes swept (Fig 2). */
    static final int SWEEP_EVENTS = 50_000;
    static final int SWEEP_MAX_POOL = 30;
    static final int REPETITIONS = 2;
    static final int SWEEP_REPETITIONS = 5;
    /**
     * At most 100 rounds of two replays (with and without the event log) each; a run stops sooner once every interval
     * meets --precision or --max-time is spent (about 30 rounds of 5,000 events on 2 cores).
     */
    static final int CYCLES = 100;
    static final int SWEEP_CYCLES = 1;
    /** The libraries the databases run on. */
    static final String CASSANDRA_LIBRARY = "driver4";
    static final String SQL_LIBRARY = "jdbc";

    @Option(names = "--database", split = ",", paramLabel = "DB",
            description = "Databases to compare: cassandra, mariadb (default: cassandra,mariadb).")
    List<String> databases;

    @Option(names = "--model", split = ",", paramLabel = "MODEL",
            description = "Cassandra data models: line_items (keyed by line item, the study's first) and/or "
                    + "line_items_by_order (partitioned by order, its second) (default: ${DEFAULT-VALUE}).")
    List<String> models = new ArrayList<>(List.of(OrderStore.Spec.LINE_ITEMS, OrderStore.Spec.LINE_ITEMS_BY_ORDER));

    @Option(names = "--count", split = ",", paramLabel = "N", description = "Events per replay; several values replay "
            + "growing prefixes of one stream (default: " + EVENTS + "; --preset updates: n updates after the orders "
            + "are created).")
    List<Integer> counts;

    @Option(names = "--orders", description = "At most this many live orders in a generated stream (default: "
            + ORDERS + ").")
    Integer orders;

    @Option(names = "--mix", description = "Generated stream: " + EventMix.NAMES + " (default: mixed).")
    String mix;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Replay this JSON-lines file (from './cqlbench events') instead of a generated stream.")
    Path eventsFile;

    @Option(names = "--concurrency", description = "Events in flight, for every database (default: " + CONCURRENCY
            + ", the study's pool; --sweep pool: the largest pool size).")
    Integer concurrency;

    @Option(names = "--pool-size", description = "MariaDB connections in the HikariCP pool (default: --concurrency).")
    Integer poolSize;

    @Option(names = "--repetitions", description = "Replays per cycle, each on emptied tables (default: " + REPETITIONS
            + "; --sweep pool: " + SWEEP_REPETITIONS + "). With the event log on, every other replay writes it and the "
            + "others do not, to measure it.")
    Integer repetitions;

    @Option(names = RunOption.CYCLES,
            description = "Cycles (rounds), variants in a new seeded-random order in each; the "
                    + "most a run takes, fewer once --precision is met or --max-time spent (default: " + CYCLES
                    + "; --sweep pool: " + SWEEP_CYCLES + ").")
    Integer cycles;

    @Option(names = "--warmup-events", description = "Events of a separate stream replayed per worker, then "
            + "discarded, again until the JIT is quiet (default: ${DEFAULT-VALUE}).")
    int warmupEvents = 5000;

    @Option(names = "--durability", description = "durable: each database's default (Cassandra durable_writes=true, "
            + "commit log synced periodically; InnoDB flushes its log at each commit); relaxed: durable_writes=false "
            + "and innodb_flush_log_at_trx_commit=2 (default: ${DEFAULT-VALUE}).")
    String durability = OrderStore.Spec.DURABLE;

    @Option(names = "--no-event-log", description = "Do not write the study's per-event CSV log.")
    boolean noEventLog;

    @Option(names = "--preset", description = "mixed or updates: the study's experiments (see below).")
    String preset;

    @Option(names = "--sweep", description = "pool: MariaDB's connection pool size sweep (see below).")
    String sweep;

    @Option(names = "--pool-sizes", split = ",", paramLabel = "N",
            description = "Pool sizes of --sweep pool (default: 1 to " + SWEEP_MAX_POOL + ").")
    List<Integer> poolSizes;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "A MariaDB/MySQL server to use instead of the "
            + "embedded MariaDB, e.g. jdbc:mariadb://db:3306/.")
    String jdbcUrl;

    @Option(names = "--jdbc-user", paramLabel = "USER", description = "User for --jdbc-url.")
    String jdbcUser;

    @Option(names = "--jdbc-password-env", paramLabel = "VAR",
            description = "Read the --jdbc-url password from this environment variable.")
    String jdbcPasswordEnv;

    public HatshopOptions() {
        super("hatshop");
    }

    private boolean poolSweep() {
        if (sweep == null) {
            if (poolSizes != null) {
                throw new BadSetting("--pool-sizes needs --sweep pool");
            }
            return false;
        }
        if (!sweep.equals("pool")) {
            throw new BadSetting("--sweep must be pool, got '" + sweep + "'");
        }
        if (preset != null) {
            throw new BadSetting("give either --preset or --sweep, not both");
        }
        return true;
    }

    private List<Integer> sweptSizes() {
        List<Integer> sizes = poolSizes != null ? List.copyOf(poolSizes)
                : IntStream.rangeClosed(1, SWEEP_MAX_POOL).boxed().toList();
        sizes.forEach(n -> Checks.positive("--pool-sizes", n));
        return sizes;
    }

    @Override
    public HatshopPlan plan() {
        boolean poolSweep = poolSweep();
        if (preset != null && !preset.equals("mixed") && !preset.equals("updates")) {
            throw new BadSetting("--preset must be mixed or updates, got '" + preset + "'");
        }
        boolean updates = "updates".equals(preset);
        int orderPool = orders != null ? orders : ORDERS;
        String eventMix = mix != null ? mix : updates ? "updates" : poolSweep ? "creates" : "mixed";
        if (EventMix.named(eventMix) == null) {
            throw new BadSetting("--mix must be one of " + EventMix.NAMES + ", got '" + eventMix + "'");
        }
        List<Integer> steps;
        if (counts != null) {
            counts.forEach(n -> Checks.positive("--count", n));
            steps = updates ? counts.stream().map(n -> n + orderPool).toList() : List.copyOf(counts);
        } else if (updates) {
            steps = UPDATE_STEPS.stream().map(n -> n + orderPool).toList();
        } else if ("mixed".equals(preset)) {
            steps = List.of(MIXED_EVENTS);
        } else if (poolSweep) {
            steps = List.of(SWEEP_EVENTS);
        } else {
            steps = List.of(EVENTS);
        }
        if (new LinkedHashSet<>(steps).size() != steps.size()) {
            throw new BadSetting("--count values must differ");
        }
        steps = steps.stream().sorted().toList();
        int pool = poolSweep && orders == null ? steps.get(steps.size() - 1) : orderPool;
        Checks.positive("--orders", pool);
        List<Integer> sizes = poolSweep ? sweptSizes() : List.of();
        int inFlight = concurrency != null ? concurrency
                : poolSweep ? sizes.stream().mapToInt(Integer::intValue).max().orElse(1) : CONCURRENCY;
        Checks.positive("--concurrency", inFlight);
        int connections = poolSize != null ? poolSize : inFlight;
        Checks.positive("--pool-size", connections);
        int reps = repetitions != null ? repetitions : poolSweep ? SWEEP_REPETITIONS : REPETITIONS;
        int cyc = cycles != null ? cycles : poolSweep ? SWEEP_CYCLES : CYCLES;
        Checks.positive("--repetitions", reps);
        Checks.positive(RunOption.CYCLES, cyc);
        Checks.notNegative("--warmup-events", warmupEvents);
        if (!durability.equals(OrderStore.Spec.DURABLE) && !durability.equals(OrderStore.Spec.RELAXED)) {
            throw new BadSetting("--durability must be durable or relaxed, got '" + durability + "'");
        }
        String file = null;
        if (eventsFile != null) {
            if (mix != null || orders != null) {
                throw new BadSetting("--events replays a file: drop --mix and --orders");
            }
            if (!Files.isReadable(eventsFile)) {
                throw new BadSetting("cannot read --events " + eventsFile);
            }
            file = eventsFile.toAbsolutePath().toString();
            if (counts == null && preset == null && !poolSweep) {
                steps = List.of(fileSize(eventsFile));
            }
        }
        HatshopPlan plan = new HatshopPlan(steps, new HatshopPlan.Source(pool, eventMix, file), inFlight, connections,
                new Repeats(reps, cyc, warmupEvents, seed, validKeyspace()), durability, !noEventLog, null);
        try {
            return plan.withCounts();
        } catch (UncheckedIOException e) {
            throw new BadSetting(e.getCause().getMessage().lines().findFirst().orElse("bad --events file"));
        } catch (IllegalArgumentException e) {
            throw new BadSetting(e.getMessage().lines().findFirst().orElse("bad --events file"));
        }
    }

    /**
     * One variant per Cassandra data model (on driver 4) and one for MariaDB (JDBC); a pool sweep has one MariaDB
     * variant per pool size.
     */
    @Override
    public Chosen<HatshopPlan> choose(LibraryCatalog catalog) {
        HatshopPlan plan = plan();
        List<String> given = databases != null ? databases : List.of("cassandra", "mariadb");
        Set<String> dbs = new LinkedHashSet<>(given.stream().map(String::strip).toList());
        for (String db : dbs) {
            if (!db.equals("cassandra") && !db.equals("mariadb")) {
                throw new BadSetting("--database must be cassandra and/or mariadb, got '" + db + "'");
            }
        }
        for (String model : models) {
            if (!model.equals(OrderStore.Spec.LINE_ITEMS) && !model.equals(OrderStore.Spec.LINE_ITEMS_BY_ORDER)) {
                throw new BadSetting("--model must be line_items and/or line_items_by_order, got '" + model + "'");
            }
        }
        List<Variant> variants = new ArrayList<>();
        if (poolSweep()) {
            Library sql = library(catalog, SQL_LIBRARY);
            if (databases != null && dbs.contains("cassandra")) {
                throw new BadSetting("--sweep pool sweeps MariaDB's connection pool; drop --database cassandra");
            }
            for (int size : new LinkedHashSet<>(sweptSizes())) {
                variants.add(new Variant("mariadb-pool" + size, sql, "MariaDB via JDBC and a HikariCP pool of " + size,
                        Map.of(HatshopPlan.MODEL, OrderStore.Spec.LINE_ITEMS, HatshopPlan.POOL_SIZE,
                                Integer.toString(size)), null));
            }
            return new Chosen<>(plan, variants, List.of());
        }
        for (String db : dbs) {
            if (db.equals("cassandra")) {
                Library cassandra = library(catalog, CASSANDRA_LIBRARY);
                for (String model : new LinkedHashSet<>(models)) {
                    variants.add(new Variant("cassandra-" + model, cassandra, "Cassandra via driver 4 async; line "
                            + "items " + (model.equals(OrderStore.Spec.LINE_ITEMS) ? "keyed by line item (study 03's "
                            + "first model)" : "partitioned by order (study 03's second model)"),
                            Map.of(HatshopPlan.MODEL, model), null));
                }
            } else {
                variants.add(new Variant("mariadb", library(catalog, SQL_LIBRARY), "MariaDB via JDBC (MariaDB Connector/J) and a HikariCP pool, "
                        + "orders + line_items", Map.of(HatshopPlan.MODEL, OrderStore.Spec.LINE_ITEMS), null));
            }
        }
        return new Chosen<>(plan, variants, List.of());
    }

    private static Library library(LibraryCatalog catalog, String name) {
        return catalog.find(name).filter(l -> l.implementsCapability(OrderStore.class)).orElseThrow(() ->
                new BadSetting("the hatshop scenario needs the " + name + " library, which is not built here"));
    }

    /** MariaDB: embedded unless {@code --jdbc-url} names one, its password from the environment. */
    @Override
    public Servers adjust(Servers servers, HatshopPlan plan) {
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:")) {
            throw new BadSetting("--jdbc-url must be a JDBC URL such as jdbc:mariadb://host:3306/, got '" + jdbcUrl
                    + "'");
        }
        if (jdbcUser != null && jdbcUrl == null) {
            throw new BadSetting("--jdbc-user needs --jdbc-url (the embedded MariaDB has its own user)");
        }
        return servers.withSql(new SqlSettings(jdbcUrl, jdbcUser, jdbcPassword(), Defaults.SQL_START_TIMEOUT_SECONDS));
    }

    private String jdbcPassword() {
        if (jdbcPasswordEnv == null) {
            return null;
        }
        if (jdbcUrl == null) {
            throw new BadSetting("--jdbc-password-env needs --jdbc-url");
        }
        return Checks.environment("--jdbc-password-env", jdbcPasswordEnv);
    }

    private static int fileSize(Path file) {
        try (var lines = Files.lines(file)) {
            long n = lines.filter(l -> !l.isBlank()).count();
            if (n == 0) {
                throw new BadSetting(file + " holds no events");
            }
            return Math.toIntExact(n);
        } catch (IOException | UncheckedIOException e) {
            throw new BadSetting("cannot read --events " + file + ": " + e.getMessage());
        }
    }
}
