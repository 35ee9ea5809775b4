package dev.cqlbench.run;

/**
 * A plan that keeps how often its work repeats in one {@link Repeats}, as every built-in scenario's does (a plan may
 * also give {@link ScenarioPlan}'s figures itself).
 */
public interface RepeatedPlan extends ScenarioPlan {

    /** How often its work repeats. */
    Repeats repeats();

    @Override
    default int cycles() {
        return repeats().cycles();
    }

    @Override
    default int repetitions() {
        return repeats().repetitions();
    }

    /** The scenario's units run once per worker before the first round and discarded. */
    default int warmup() {
        return repeats().warmup();
    }

    @Override
    default String keyspace() {
        return repeats().keyspace();
    }

    @Override
    default long seed() {
        return repeats().seed();
    }
}
