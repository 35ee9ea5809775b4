package dev.cqlbench.scenario.mixes;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.MixesSchema;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.SchemaAdmin;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A scenario that runs YCSB workloads ({@link MixesPlan}), whatever it does to the cluster meanwhile: YCSB's table,
 * the runner, the report, the key table, the charts, one JVM per variant. The mixes scenario and scale-out are two of
 * them, each with its own options; scale-out changes the cluster on purpose while it measures.
 */
public abstract class WorkloadScenario extends Scenario<MixesPlan> {

    /** Whether the cluster changes on purpose while it measures: nodes of its own, the join's verdicts. */
    private final boolean changesCluster;

    protected WorkloadScenario(String name, Supplier<? extends ScenarioOptions<MixesPlan>> options, String summary,
                               List<String> demo, boolean changesCluster) {
        super(name, MixesPlan.class, options, summary, demo);
        this.changesCluster = changesCluster;
    }

    /** A scenario that changes the cluster starts its own nodes, so that it may. */
    @Override
    public boolean startsItsOwnNodes() {
        return changesCluster;
    }

    /**
     * One JVM per variant: a load runs one long phase per workload and reads its figures from the seconds of that
     * phase, which forks would split; its comparisons are between targets, not libraries.
     */
    @Override
    public int forks() {
        return 1;
    }

    /** YCSB's table, the mixes scenario's, refused when it is someone else's (it is emptied before every load). */
    @Override
    public String prepareSchema(MixesPlan plan, SchemaAdmin admin) {
        String keyspace = plan.keyspace();
        admin.refuseForeignTable(keyspace, MixesSchema.TABLE, MixesSchema.COMMENT, MixesScenario.NAME,
                "every load");
        boolean created = admin.ensureTable(keyspace, MixesSchema.table(plan.fieldCount()));
        return "table " + keyspace + "." + MixesSchema.TABLE + " (" + plan.fieldCount() + " fields)"
                + (created ? " created" : " ready") + ", replication " + admin.replication();
    }

    @Override
    public ScenarioRunner runner(MixesPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        Workload first = plan.workloads().get(0);
        return new MixesRunner(binding.open(new KeyValueStore.On(plan.keyspace(), plan.fieldCount(),
                first.orderedKeys(), first.padding(), plan.workloads().stream().anyMatch(w -> !w.readsAllFields()),
                plan.workloads().stream().anyMatch(Workload::writesAllFields))), plan, instruments);
    }

    @Override
    public Doc report(Reading reading, MixesPlan plan) {
        return MixesReport.document(reading.result(), plan, changesCluster);
    }

    @Override
    public List<Verdict> verdicts(Reading reading, MixesPlan plan) {
        return changesCluster ? MixesVerdicts.scaleOut(reading.result(), plan)
                : MixesVerdicts.mixes(reading.result(), plan);
    }

    @Override
    public Doc key(Reading reading, MixesPlan plan) {
        return MixesReport.key(reading.result(), plan);
    }

    @Override
    public List<ChartSpec> charts(MixesPlan plan) {
        List<String> operationTypes = new ArrayList<>();
        for (Workload w : plan.workloads()) {
            for (int c : plan.concurrencies()) {
                MixesPlan.ops(w).forEach(op -> operationTypes.add(MixesPlan.opLabel(MixesPlan.label(w.name(), c), op)));
            }
        }
        return List.of(ChartSpec.bars("throughput of each run phase (ops/s, higher is better)", ChartSpec.THROUGHPUT)
                        .including(plan.runPhaseLabels()),
                ChartSpec.of(ChartSpec.PERCENTILES, "latency by percentile per operation type (µs)")
                        .including(operationTypes),
                ChartSpec.of(ChartSpec.TIMELINE, "per-second throughput and p99 (events marked)")
                        .including(plan.runPhaseLabels()),
                ChartSpec.of(ChartSpec.RESOURCES, "CPU per operation and peak memory"));
    }
}
