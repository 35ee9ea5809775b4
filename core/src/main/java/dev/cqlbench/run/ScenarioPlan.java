package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * What every worker of a run executes: plain data, identical for every variant, recorded in the result. Each
 * scenario has its own plan type; the JSON names it in {@code "scenario"} (the scenario registry tells Jackson the
 * types).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "scenario")
public interface ScenarioPlan {

    int cycles();

    int repetitions();

    String keyspace();

    long seed();

    /**
     * Whether every acknowledged write is read back after its timed section and compared with what was written
     * ({@code --verify}); the reads a scenario makes are checked either way.
     */
    default boolean verify() {
        return true;
    }

    /** "sync", or "async" with {@link #concurrency()} operations in flight, or the scenario's load model. */
    default String modeLabel() {
        return "sync";
    }

    default int concurrency() {
        return 1;
    }

    /** Which part of the workload this client does when several share it; alone for most scenarios. */
    default ClientShard client() {
        return ClientShard.ALONE;
    }

    /** The plan of the whole workload, as one client alone would run it: what a merge of the clients reports. */
    default ScenarioPlan whole() {
        return this;
    }

    /** The length of each timed phase where time bounds it (mixes, scale-out), ms; 0 where rounds do. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    default long phaseMillis() {
        return 0;
    }

    /** Operation labels in the order each cycle runs them, and so the order of report columns. */
    List<String> operationLabels();

    /** Operations in one repetition of {@code operation}; 0 where time, not a count, bounds it. */
    int operationsPerRepetition(String operation);
}
