package dev.cqlbench.scenario;

import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.Family;
import dev.cqlbench.run.RunSettings;
import java.util.List;

/**
 * A run's scenario, looked up by its name once, with the run's settings: what the orchestrator asks of it, its
 * questions fixed before the data, the schema it prepares on each cluster and database, the charts its result
 * declares.
 */
public record RunScenario(Scenario<?> scenario, RunSettings settings) {

    public static RunScenario of(RunSettings settings) {
        return new RunScenario(Scenarios.named(settings.scenario()), settings);
    }

    /** What the run asks ({@link Scenarios#family}). */
    public Family family() {
        return Scenarios.family(scenario, settings);
    }

    /** Its tables on a Cassandra cluster; a line saying what it did. */
    public String prepareSchema(SchemaAdmin admin) {
        return Scenarios.prepareSchema(scenario, settings.plan(), admin);
    }

    /** Its tables on the relational database; a line saying what it did. */
    public String prepareSqlSchema(SqlAdmin admin) {
        return Scenarios.prepareSqlSchema(scenario, settings.plan(), admin);
    }

    /** The charts its result declares. */
    public List<ChartSpec> charts() {
        return Scenarios.charts(scenario, settings.plan());
    }
}
