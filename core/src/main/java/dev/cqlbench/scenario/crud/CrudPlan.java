package dev.cqlbench.scenario.crud;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
import java.util.Arrays;
import java.util.List;

/**
 * Everything that shapes a crud run, identical for every variant. Built (and validated) by {@link CrudOptions}.
 *
 * @param operations  O: operations per repetition
 * @param repeats     R repetitions of each operation type per cycle, C cycles (each uses R×O fresh users), the warmup
 *                    operations of each type, the seed of user generation (the same seed gives the same users)
 * @param concurrency operations in flight in async mode (1 in sync mode)
 * @param only        operation types to run, in study order; empty means all four
 * @param userStream  name the users are drawn under; null means the variant's own name (ids never shared);
 *                    a shared name lets one variant read what another wrote
 * @param syncOnly    requested variants whose library has no asynchronous API (left out of an async run)
 */
public record CrudPlan(
        int operations,
        @JsonUnwrapped Repeats repeats,
        ExecutionMode mode,
        int concurrency,
        List<CrudOperation> only,
        String userStream,
        boolean verify,
        List<String> syncOnly) implements RepeatedPlan {

    public CrudPlan {
        only = only == null ? List.of() : List.copyOf(only);
        syncOnly = syncOnly == null ? List.of() : List.copyOf(syncOnly);
    }

    public int usersPerCycle() {
        return operations * repeats.repetitions();
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
        return new CrudPlan(operations, repeats, mode, concurrency, only, userStream, verify, names);
    }
}
