package dev.cqlbench.scenario.writes;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.WritesSchema;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.RowWriter;
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
import java.util.List;

/** Study 04: batches, token-aware batches or concurrent async inserts, at which temporal locality? */
public final class WritesScenario extends Scenario<WritesPlan> {

    static final String NAME = "writes";

    public WritesScenario() {
        super(NAME, WritesPlan.class, WritesOptions::new,
                "Study 04: the same rows written as LOGGED batches, UNLOGGED batches, token-aware batches (one per "
                + "replica set) and concurrent single inserts, at each temporal locality (P%% of a batch's rows reuse a "
                + "partition key already in it); writes/s per pattern × locality, latency per request, client and "
                + "server CPU per write, every cell's table read back at ALL and compared.",
                List.of(RunOption.NODES, "2", RunOption.RF, "1", "--writes", "5000", "--batch-size", "1000",
                        "--window", "1000", "--locality", "0,80", RunOption.CYCLES, "300", RunOption.MAX_TIME, "40",
                        "--repetitions", "1", "--warmup-writes", "2000", "--worker-heap-mb", "384",
                        RunOption.FORKS, "1"));
    }

    @Override
    public String prepareSchema(WritesPlan plan, SchemaAdmin admin) {
        String keyspace = plan.keyspace();
        admin.refuseForeignTable(keyspace, WritesSchema.TABLE, WritesSchema.COMMENT, NAME, "every cell");
        boolean created = admin.ensureTable(keyspace, WritesSchema.READINGS);
        Integer kib = admin.batchSizeFailThresholdKib();
        String note = kib != null && kib < plan.batchKib() ? "; batches of " + plan.batchSize() + " rows (~"
                + plan.batchKib() + " KiB) exceed the cluster's batch_size_fail_threshold of " + kib
                + " KiB: Cassandra will reject them" : "";
        return "table " + keyspace + "." + WritesSchema.TABLE + (created ? " created" : " ready") + ", replication "
                + admin.replication() + note;
    }

    @Override
    public ScenarioRunner runner(WritesPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        WritePattern pattern = WritePattern.of(variant.option(WritePattern.OPTION));
        return new WritesRunner(binding.open(new RowWriter.On(plan.keyspace(), pattern.variant())), plan, pattern,
                instruments);
    }

    @Override
    public Doc report(Reading reading, WritesPlan plan) {
        return WritesReport.document(reading, plan);
    }

    @Override
    public List<Verdict> verdicts(Reading reading, WritesPlan plan) {
        return WritesVerdicts.of(reading, plan.localities());
    }

    /** Study 04's plain batches: what its other patterns are measured against. */
    @Override
    public String reference() {
        return WritesVerdicts.BATCH;
    }

    /** Each pattern against the reference at each locality, in time per write; and what study 04's claims ask. */
    @Override
    public List<Question> questions(WritesPlan plan, RunSettings settings) {
        List<String> labels = plan.localities().stream().map(WritesPlan::label).toList();
        return Questions.againstReference(settings, labels, measures(plan));
    }

    @Override
    public List<Claim> claims(WritesPlan plan, RunSettings settings) {
        return WritesVerdicts.claims(settings, plan.localities());
    }

    @Override
    public List<Measure> measures(WritesPlan plan) {
        return List.of(Measure.TIME);
    }

    @Override
    public List<ChartSpec> charts(WritesPlan plan) {
        List<ChartSpec.Point> points = plan.localities().stream()
                .map(p -> new ChartSpec.Point(WritesPlan.label(p), "", p)).toList();
        return List.of(ChartSpec.curve("writes/s by temporal locality (study 04's figure)", ChartSpec.THROUGHPUT,
                        "temporal locality (%)", points),
                ChartSpec.of(ChartSpec.PERCENTILES, "latency per request (a batch or one insert) by percentile (µs)"),
                ChartSpec.of(ChartSpec.RESOURCES, "CPU per write and peak memory"));
    }

    @Override
    public List<String> problems(RunResult result, WritesPlan plan) {
        return WritesReport.problems(result);
    }
}
