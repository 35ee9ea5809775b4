package dev.cqlbench.scenario.profile;

import dev.cqlbench.profile.Profile;
import dev.cqlbench.run.ScenarioPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything that shapes a run of a user's profile, identical for every variant. Built (and validated) by
 * {@link ProfileOptions}.
 *
 * @param profile     the profile, read and checked
 * @param mix         the operations compared, in order, each with its ratio ({@code insert} and the profile's queries)
 * @param operations  O: operations of each kind per repetition
 * @param repetitions R: repetitions of each kind per cycle
 * @param cycles      C: cycles (rounds) at most
 * @param warmupOps   operations of each kind per warm-up round
 * @param seed        seeds the rows: the same seed, the same rows
 * @param keyspace    the keyspace the table is in (the profile's unless --keyspace says otherwise)
 * @param verify      whether every written row is read back and compared
 * @param apply       whether the profile's definitions are applied (always on a cluster cqlbench starts)
 */
public record ProfilePlan(Profile profile, Map<String, Integer> mix, int operations, int repetitions, int cycles,
                          int warmupOps, long seed, String keyspace, boolean verify, boolean apply)
        implements ScenarioPlan {

    public ProfilePlan {
        mix = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mix));
    }

    /** The operations, insert first, then the queries in the mix's order. */
    @Override
    public List<String> operationLabels() {
        List<String> labels = new ArrayList<>();
        if (mix.containsKey(Profile.INSERT)) {
            labels.add(Profile.INSERT);
        }
        mix.keySet().stream().filter(k -> !k.equals(Profile.INSERT)).forEach(labels::add);
        return labels;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return operations;
    }
}
