package dev.cqlbench.scenario.crud;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Question;
import dev.cqlbench.analysis.Questions;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.LibraryReport;
import dev.cqlbench.report.Sections;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import java.util.List;

/** Study 01: which access library is fastest and cheapest for plain write / read / update / delete of one row? */
public final class CrudScenario extends Scenario<CrudPlan> {

    static final String NAME = "crud";

    public CrudScenario() {
        super(NAME, CrudPlan.class, CrudOptions::new,
                "Study 01: write, read, update and delete of single users, library against library, in many short paired "
                + "rounds: typical time and CPU per operation with intervals, the study's total time of O operations, "
                + "latency percentiles.",
                List.of("--library", "driver3,driver3-mapper,kundera,achilles", "--reference", "driver3", "--ops",
                        "100", RunOption.CYCLES, "300", RunOption.MAX_TIME, "60", "--warmup-ops", "500",
                        "--worker-heap-mb", "384"));
    }

    @Override
    public String prepareSchema(CrudPlan plan, SchemaAdmin admin) {
        return CrudSchema.prepare(plan.keyspace(), admin);
    }

    @Override
    public ScenarioRunner runner(CrudPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        return new CrudRunner(binding.open(new UserCrud.On(plan.keyspace())), plan, instruments);
    }

    @Override
    public Doc report(Reading reading, CrudPlan plan) {
        RunResult result = reading.result();
        Doc out = LibraryReport.document(reading);
        if (!plan.syncOnly().isEmpty()) {
            out.append(String.format("%nsync-only (no asynchronous API, %s): %s%n",
                    plan.mode() == ExecutionMode.SYNC ? "cannot run with --mode async" : "left out of this async run",
                    String.join(", ", plan.syncOnly())));
        }
        Sections.footer(out, result, false);
        return out;
    }

    @Override
    public List<Verdict> verdicts(Reading reading, CrudPlan plan) {
        return CrudVerdicts.of(reading, plan.operationLabels());
    }

    /** driver4: the native driver every mapper of today is compared with. */
    @Override
    public String reference() {
        return "driver4";
    }

    /**
     * Each library against the reference and each mapper against its own driver, in time and client CPU per
     * operation; and what study 01's claims ask ({@link CrudVerdicts#questions}).
     */
    @Override
    public List<Question> questions(CrudPlan plan, RunSettings settings) {
        return Questions.ofLibraries(settings, plan.operationLabels(), measures(plan));
    }

    @Override
    public List<Claim> claims(CrudPlan plan, RunSettings settings) {
        return CrudVerdicts.claims(settings, plan.operationLabels());
    }
}
