package dev.cqlbench.scenario.crud;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.runner.CrudRunner;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.ScenarioPlan;
import java.util.Arrays;
import java.util.List;

/**
 * Everything that shapes a crud run, identical for every variant.
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
        boolean verify) implements ScenarioPlan {

    public CrudPlan {
        if (operations < 1 || repetitions < 1 || cycles < 1 || warmupOps < 0 || concurrency < 1) {
            throw new IllegalArgumentException("operations, repetitions, cycles and concurrency must be >= 1, warmup >= 0");
        }
        if ((long) operations * repetitions > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("operations × repetitions must fit in an int");
        }
        if (mode == ExecutionMode.SYNC && concurrency != 1) {
            throw new IllegalArgumentException("sync mode runs one operation at a time; use --mode async for concurrency");
        }
        only = only == null ? List.of() : List.copyOf(only);
    }

    public CrudPlan(int operations, int repetitions, int cycles, int warmupOps, ExecutionMode mode, int concurrency,
                    long seed, String keyspace) {
        this(operations, repetitions, cycles, warmupOps, mode, concurrency, seed, keyspace, List.of(), null);
    }

    public CrudPlan(int operations, int repetitions, int cycles, int warmupOps, ExecutionMode mode, int concurrency,
                    long seed, String keyspace, List<CrudOperation> only, String userStream) {
        this(operations, repetitions, cycles, warmupOps, mode, concurrency, seed, keyspace, only, userStream, true);
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

    @Override
    public ScenarioRunner runner(Binding binding, String variant, RunListener listener) throws Exception {
        return new CrudRunner(binding.userCrud(keyspace), this, variant, listener);
    }
}
