package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.HatshopSchema;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.analysis.Questions;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import dev.cqlbench.scenario.SchemaClash;
import dev.cqlbench.scenario.SqlAdmin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Study 03: Cassandra or a relational database for an order workload, and which Cassandra data model? */
public final class HatshopScenario extends Scenario<HatshopPlan> {

    static final String NAME = "hatshop";
    private static final List<String> TABLES = List.of(HatshopSchema.ORDERS, HatshopSchema.LINE_ITEMS,
            HatshopSchema.LINE_ITEMS_BY_ORDER);

    public HatshopScenario() {
        super(NAME, HatshopPlan.class, HatshopOptions::new,
                "Study 03: one seeded stream of hat-shop order events replayed against Cassandra (two data models, "
                + "driver 4 async) and MariaDB (JDBC + HikariCP), same events, same concurrency; per event type "
                + "latencies, overall time, and a per-order consistency check across databases.",
                List.of("--count", "2000", "--orders", "200", "--repetitions", "1", RunOption.CYCLES, "300",
                        RunOption.MAX_TIME, "45", "--warmup-events", "2000", "--worker-heap-mb", "384",
                        RunOption.FORKS, "1"));
    }


    @Override
    public String prepareSchema(HatshopPlan plan, SchemaAdmin admin) {
        String keyspace = plan.keyspace();
        for (String table : TABLES) {
            admin.refuseForeignTable(keyspace, table, HatshopSchema.COMMENT, NAME, "every replay");
        }
        boolean durable = OrderStore.Spec.DURABLE.equals(plan.durability());
        if (!Boolean.valueOf(durable).equals(admin.durableWrites(keyspace))) {
            // durable_writes is the keyspace's: never changed under tables that are not hatshop's
            List<String> others = admin.tables(keyspace).stream().filter(t -> !TABLES.contains(t)).sorted().toList();
            if (!others.isEmpty()) {
                throw new SchemaClash("--durability " + plan.durability() + " sets durable_writes = " + durable
                        + " on keyspace " + keyspace + ", which also holds " + String.join(", ", others)
                        + ": use a --keyspace of hatshop's own");
            }
        }
        boolean created = admin.ensureTable(keyspace, HatshopSchema.ORDERS_TABLE);
        admin.ensureTable(keyspace, HatshopSchema.LINE_ITEMS_TABLE);
        admin.ensureTable(keyspace, HatshopSchema.LINE_ITEMS_BY_ORDER_TABLE);
        if (!Boolean.valueOf(durable).equals(admin.durableWrites(keyspace))) {
            admin.execute("ALTER KEYSPACE " + keyspace + " WITH durable_writes = " + durable);
        }
        return "tables " + keyspace + ".{orders, line_items, line_items_by_order}" + (created ? " created" : " ready")
                + ", durable_writes = " + durable;
    }

    /** MariaDB's tables are the jdbc binding's to create; someone else's of the same names are refused. */
    @Override
    public String prepareSqlSchema(HatshopPlan plan, SqlAdmin admin) {
        // line items reference orders: the child goes first
        admin.refuseForeignTables(plan.keyspace(), List.of(HatshopSchema.LINE_ITEMS, HatshopSchema.ORDERS),
                HatshopSchema.COMMENT, NAME, "every replay");
        return "";
    }

    @Override
    public ScenarioRunner runner(HatshopPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        List<HatEvent> events = plan.events();
        if (!HatshopPlan.countsOf(events.iterator(), plan.steps()).equals(plan.eventCounts())) {
            throw new IllegalStateException("the worker's event stream differs from the orchestrator's");
        }
        Path out = instruments.outputDir();
        return new HatshopRunner(binding.open(plan.storeSpec(variant)), plan, events, plan.warmupStream(),
                instruments, out);
    }

    @Override
    public Doc report(Reading reading, HatshopPlan plan) {
        return HatshopReport.document(reading, plan);
    }

    @Override
    public List<Verdict> verdicts(Reading reading, HatshopPlan plan) {
        return HatshopVerdicts.of(reading, plan);
    }

    /** MariaDB: study 03 asks what Cassandra does against the relational database. */
    @Override
    public String reference() {
        return HatshopVerdicts.MARIADB;
    }

    /**
     * Each database or model against the reference, per event type and per replay, in time; and what study 03's
     * claims ask.
     */
    @Override
    public List<Question> questions(HatshopPlan plan, RunSettings settings) {
        return Questions.againstReference(settings, plan.operationLabels(), measures(plan));
    }

    @Override
    public List<Claim> claims(HatshopPlan plan, RunSettings settings) {
        return HatshopVerdicts.claims(settings, plan);
    }

    @Override
    public List<Measure> measures(HatshopPlan plan) {
        return List.of(Measure.TIME);
    }

    @Override
    public List<ChartSpec> charts(HatshopPlan plan) {
        List<String> replays = new ArrayList<>();
        plan.steps().forEach(n -> replays.add(HatshopPlan.label(HatshopPlan.ALL, n, plan.steps())));
        return List.of(ChartSpec.bars("mean total time of replaying the events (ms, lower is better)",
                        ChartSpec.MEAN_TOTAL_MILLIS).including(replays),
                ChartSpec.bars("mean total time per event type (ms)", ChartSpec.MEAN_TOTAL_MILLIS),
                ChartSpec.of(ChartSpec.PERCENTILES, "latency per event by percentile (µs)").including(replays),
                ChartSpec.of(ChartSpec.RESOURCES, "CPU per event and peak memory"));
    }

    @Override
    public List<String> problems(RunResult result, HatshopPlan plan) {
        return HatshopReport.problems(result, plan);
    }

    @Override
    public List<Object> commands() {
        return List.of(new EventsCommand());
    }
}
