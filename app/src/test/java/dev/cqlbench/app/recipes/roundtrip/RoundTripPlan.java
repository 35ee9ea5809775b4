package dev.cqlbench.app.recipes.roundtrip;

import dev.cqlbench.run.ScenarioPlan;
import java.util.List;

/** What every worker runs: per cycle and repetition, {@code users} inserts, then as many reads of them. */
public record RoundTripPlan(int users, int repetitions, int cycles, long seed, String keyspace)
        implements ScenarioPlan {

    static final List<String> OPERATIONS = List.of("insert", "read");

    @Override
    public List<String> operationLabels() {
        return OPERATIONS;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return users;
    }
}
