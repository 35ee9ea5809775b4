package dev.cqlbench.worker;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.scenario.ScenarioPlan;

/** What the orchestrator tells a worker JVM, one JSON line on its stdin per request. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = WorkerRequest.Setup.class, name = "setup"),
    @JsonSubTypes.Type(value = WorkerRequest.RunCycle.class, name = "cycle"),
    @JsonSubTypes.Type(value = WorkerRequest.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = WorkerRequest.Close.class, name = "close")
})
public sealed interface WorkerRequest {

    /** Open the binding, prepare the scenario's statements, run the warmup. Answered by Ready or Failed. */
    record Setup(String variant, BindingConfig binding, ScenarioPlan plan) implements WorkerRequest {}

    /** Run one measured cycle. Answered by Progress events, then CycleDone or Failed. */
    record RunCycle(int cycle) implements WorkerRequest {}

    /** Stop issuing operations now: the running cycle ends early and is reported with what it did. */
    record Stop() implements WorkerRequest {}

    /** Close the binding and exit. Answered by Closed. */
    record Close() implements WorkerRequest {}
}
