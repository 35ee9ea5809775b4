package dev.cqlbench.app.recipes.roundtrip;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import dev.cqlbench.scenario.crud.CrudSchema;
import java.util.List;

/**
 * The "new scenario" recipe, followed: this package (plan, options, runner, this descriptor) and one line in
 * {@code META-INF/services/dev.cqlbench.scenario.Scenario}. Nothing else names it: {@code run roundtrip}, its help,
 * the demo, the report and the result format find it through the registry. It compares libraries and adds nothing
 * of its own to their report, so it keeps {@code Scenario}'s report and charts; a study of its own overrides them
 * (and {@code questions}, {@code verdicts}, {@code reference}).
 */
public final class RoundTripScenario extends Scenario<RoundTripPlan> {

    static final String NAME = "roundtrip";

    public RoundTripScenario() {
        super(NAME, RoundTripPlan.class, RoundTripOptions::new,
                "The recipes' example: users inserted, then read back, library against library.",
                List.of("--users", "50"));
    }

    @Override
    public String prepareSchema(RoundTripPlan plan, SchemaAdmin admin) {
        return CrudSchema.prepare(plan.keyspace(), admin);
    }

    @Override
    public ScenarioRunner runner(RoundTripPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        return new RoundTripRunner(binding.open(new UserCrud.On(plan.keyspace())), plan, instruments);
    }
}
