package dev.cqlbench.scenario.decode;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Question;
import dev.cqlbench.analysis.Questions;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import java.util.ArrayList;
import java.util.List;

/** Study 02: what does object mapping cost when reading and decoding a row, 3 vs 12 columns? */
public final class DecodeScenario extends Scenario<DecodePlan> {

    static final String NAME = "decode";

    public DecodeScenario() {
        super(NAME, DecodePlan.class, DecodeOptions::new,
                "Study 02: read the same skinny row N times and decode it into objects, 3 columns and all 12; what "
                + "object mapping costs over its native driver.",
                List.of("--library", "driver4,spring-data", "--rows", "500", RunOption.CYCLES, "300",
                        RunOption.MAX_TIME, "30", "--warmup-reads", "2000", "--worker-heap-mb", "384"));
    }

    @Override
    public String prepareSchema(DecodePlan plan, SchemaAdmin admin) {
        boolean created = admin.ensureTable(plan.keyspace(), DecodeSchema.ACTIVITIES);
        admin.execute(DecodeSchema.insertStudyRow(plan.keyspace()));
        return "table " + plan.keyspace() + "." + DecodeSchema.TABLE + (created ? " created" : " ready")
                + ", study 02's row written";
    }

    @Override
    public ScenarioRunner runner(DecodePlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        return new DecodeRunner(binding.open(new ActivityReader.On(plan.keyspace())), plan, instruments);
    }

    @Override
    public List<Verdict> verdicts(Reading reading, DecodePlan plan) {
        return DecodeVerdicts.of(reading, plan);
    }

    /** driver4: the driver Spring Data is built on, study 02's baseline. */
    @Override
    public String reference() {
        return DecodeVerdicts.DRIVER;
    }

    /** Each library against the driver, in time and client CPU per read; and what study 02's claims ask. */
    @Override
    public List<Question> questions(DecodePlan plan, RunSettings settings) {
        return Questions.ofLibraries(settings, plan.operationLabels(), measures(plan));
    }

    @Override
    public List<Claim> claims(DecodePlan plan, RunSettings settings) {
        return DecodeVerdicts.claims(settings, plan);
    }

    @Override
    public List<ChartSpec> charts(DecodePlan plan) {
        List<ChartSpec.Point> points = new ArrayList<>();
        for (int fields : DecodePlan.WIDTHS) {
            for (int n : plan.rows()) {
                points.add(new ChartSpec.Point(DecodePlan.label(fields, n), DecodePlan.series(fields), n));
            }
        }
        return List.of(ChartSpec.curve("mean total time of a repetition by rows read (ms)",
                        ChartSpec.MEAN_TOTAL_MILLIS, "rows per query", points),
                ChartSpec.of(ChartSpec.PERCENTILES, "latency by percentile (µs)"),
                ChartSpec.of(ChartSpec.RESOURCES, "CPU per operation and peak memory"));
    }
}
