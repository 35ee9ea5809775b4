package dev.cqlbench.scenario.crud;

/**
 * Everything that shapes a crud run, identical for every variant.
 *
 * @param operations  O: operations per repetition
 * @param repetitions R: repetitions of each operation type per cycle
 * @param cycles      C: cycles; each cycle uses R×O fresh users
 * @param warmupOps   operations of each type run once per worker before cycle 1 and discarded
 * @param concurrency operations in flight in async mode (1 in sync mode)
 * @param seed        seeds user generation; the same seed gives the same users
 */
public record CrudPlan(
        int operations,
        int repetitions,
        int cycles,
        int warmupOps,
        ExecutionMode mode,
        int concurrency,
        long seed,
        String keyspace) {

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
    }

    public int usersPerCycle() {
        return operations * repetitions;
    }
}
