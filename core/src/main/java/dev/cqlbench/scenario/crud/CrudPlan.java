package dev.cqlbench.scenario.crud;

import dev.cqlbench.run.ScenarioPlan;
import java.util.Arrays;
import java.util.List;

/**
 * Everything that shapes a crud run, identical for every variant. Built (and validated) by {@link CrudOptions}.
 *
 * @param operations  O: operations per repetition
 * @param repetitions R: repetitions of each operation type per cycle
 * @param cycles      C: cycles; each cycle uses R×O fresh users
 * @param warmupOps   operations of each type run once per worker before cycle 1 and discarded
 * @param concurrency operations in flight in async mode (1 in sync mode)
 * @param seed        seeds user generation; the same seed gives the same users
 * @param only        operation types to run, in study order; empty means all four
 * @param userStream  name the users are drawn under; null means the variant's own name (ids never shared);
 *                    a shared name lets one variant read what another wrote
 * @param syncOnly    requested variants whose library has no asynchronous API (left out of an async run)
 */
public record CrudPlan(
        int operations,
        int repetitions,
        int cycles,
        int warmupOps,
        ExecutionMode mode,
        int concurrency,
        long seed,
        String keyspace,
        List<CrudOperation> only,
        String userStream,
        boolean verify,
        List<String> syncOnly) implements ScenarioPlan {

    public CrudPlan {
        only = only == null ? List.of() : List.copyOf(only);
        syncOnly = syncOnly == null ? List.of() : List.copyOf(syncOnly);
    }

    public int usersPerCycle() {
        return operations * repetitions;
    }

    public List<CrudOperation> operationsToRun() {
        return only.isEmpty() ? Arrays.asList(CrudOperation.values())
                : Arrays.stream(CrudOperation.values()).filter(only::contains).toList();
    }

    public String userStreamOf(String variant) {
        return userStream == null ? variant : userStream;
    }

    @Override
    public String modeLabel() {
        return mode.label();
    }

    @Override
    public List<String> operationLabels() {
        return operationsToRun().stream().map(CrudOperation::label).toList();
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return operations;
    }

    /** The same plan, naming the requested variants that have no asynchronous API. */
    CrudPlan withSyncOnly(List<String> names) {
        return new CrudPlan(operations, repetitions, cycles, warmupOps, mode, concurrency, seed, keyspace, only,
                userStream, verify, names);
    }
}
