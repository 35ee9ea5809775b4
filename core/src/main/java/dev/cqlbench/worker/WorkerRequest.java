package dev.cqlbench.worker;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import java.util.List;

/** What the orchestrator tells a worker JVM, one JSON line on its stdin per request. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = WorkerRequest.Setup.class, name = "setup"),
    @JsonSubTypes.Type(value = WorkerRequest.RunCycle.class, name = "cycle"),
    @JsonSubTypes.Type(value = WorkerRequest.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = WorkerRequest.Close.class, name = "close"),
    @JsonSubTypes.Type(value = WorkerRequest.Proceed.class, name = "proceed")
})
public sealed interface WorkerRequest {

    /**
     * Open the variant's binding, prepare the scenario's statements, run the warmup. Answered by Ready or Failed.
     *
     * @param fork         which of the variant's JVMs this worker is, from 0: its data and files are its own
     * @param watching     what the worker writes and tells beside its measurements
     * @param warmupMillis how long its warm-up may go on while its JIT compiler is busy ({@code Defaults.warmupMillis})
     */
    record Setup(String scenario, Variant variant, BindingConfig binding, ScenarioPlan plan, int fork,
                 Watching watching, long warmupMillis) implements WorkerRequest {

        /** The first JVM, its files in {@code outputDir} (null: none), not watched, its warm-up the shortest. */
        public static Setup of(String scenario, Variant variant, BindingConfig binding, ScenarioPlan plan,
                               String outputDir) {
            return new Setup(scenario, variant, binding, plan, 0, new Watching(outputDir, false, List.of(), false),
                    Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
        }
    }

    /**
     * What a worker writes and tells beside its measurements.
     *
     * @param outputDir where the worker may write files of its own; null for none
     * @param hdrLog    whether measured latencies also go to an HdrHistogram interval log in {@code outputDir/hdr}
     * @param serverJmx every node's JMX {@code host:port}, read around audited blocks ({@code ServerAudit}); empty
     *                  where the nodes' JMX is not known (an external cluster)
     * @param live      whether the orchestrator watches the run live: then every measured second is sent as it closes
     */
    record Watching(String outputDir, boolean hdrLog, List<String> serverJmx, boolean live) {
        public Watching {
            serverJmx = serverJmx == null ? List.of() : List.copyOf(serverJmx);
        }
    }

    /**
     * Run one cycle, its blocks audited on the servers or not ({@code Defaults.audited}), its read-backs checking every
     * row written or a sample ({@code ScenarioRunner#runCycle(int, boolean)}). Answered by Progress events, then
     * CycleDone or Failed.
     */
    record RunCycle(int cycle, boolean audited, boolean everyRow) implements WorkerRequest {}

    /** Stop issuing operations now: the running cycle ends early and is reported with what it did. */
    record Stop() implements WorkerRequest {}

    /**
     * Every client has arrived at {@code step}: go on, starting what comes next at {@code startAtMillis} (wall clock;
     * 0: the run was asked to stop). The answer to a Barrier event, handled as it arrives (a cycle is waiting for it).
     */
    record Proceed(String step, long startAtMillis) implements WorkerRequest {}

    /** Close the binding and exit. Answered by Closed. */
    record Close() implements WorkerRequest {}
}
