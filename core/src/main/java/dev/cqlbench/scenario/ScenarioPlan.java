package dev.cqlbench.scenario;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.decode.DecodePlan;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import java.util.List;

/** What a worker runs: identical for every variant of a run, sent to each worker at setup. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "scenario")
@JsonSubTypes({
    @JsonSubTypes.Type(value = CrudPlan.class, name = "crud"),
    @JsonSubTypes.Type(value = DecodePlan.class, name = "decode"),
    @JsonSubTypes.Type(value = HatshopPlan.class, name = "hatshop"),
    @JsonSubTypes.Type(value = dev.cqlbench.scenario.writes.WritesPlan.class, name = "writes"),
    @JsonSubTypes.Type(value = dev.cqlbench.scenario.mixes.MixesPlan.class, name = "mixes")
})
public interface ScenarioPlan {

    int cycles();

    int repetitions();

    /** "sync", or "async" with {@link #concurrency()} operations in flight. */
    default String modeLabel() {
        return "sync";
    }

    default int concurrency() {
        return 1;
    }

    String keyspace();

    long seed();

    /**
     * Whether every acknowledged write is read back after its timed section and compared with what was written
     * ({@code --verify}); the reads a scenario makes are checked either way.
     */
    default boolean verify() {
        return true;
    }

    /** Operation labels in the order each cycle runs them, and so the order of report columns. */
    List<String> operationLabels();

    /** Operations in one repetition of {@code operation}. */
    int operationsPerRepetition(String operation);

    /**
     * The charts this scenario's report shows, as data (the report draws each kind for any scenario); tables come
     * from the scenario's own report. Written into the result, so a report of an old result draws what that run
     * declared.
     */
    @com.fasterxml.jackson.annotation.JsonIgnore
    default List<dev.cqlbench.result.ChartSpec> charts() {
        return dev.cqlbench.result.ChartSpec.defaults();
    }

    /** Prepares the binding for this scenario (statements prepared, nothing timed) and returns its runner. */
    ScenarioRunner runner(Binding binding, String variant, RunListener listener) throws Exception;
}
