package dev.cqlbench.scenario.profile;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.cqlbench.profile.Profile;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
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
 * @param repeats     R repetitions of each kind per cycle, C cycles (rounds) at most, the operations of each kind per
 *                    warm-up round, the seed of the rows (the same seed, the same rows), the keyspace the table is in
 *                    (the profile's unless --keyspace says otherwise)
 * @param verify      whether every written row is read back and compared
 * @param apply       whether the profile's definitions are applied (always on a cluster cqlbench starts)
 * @param load        the load mode's settings; null in compare mode
 * @param client      this client's part when several share a load ({@code --client i/N})
 */
public record ProfilePlan(Profile profile, Map<String, Integer> mix, int operations,
                          @JsonUnwrapped Repeats repeats, boolean verify, boolean apply, Load load,
                          ClientShard client) implements RepeatedPlan {

    /** The label of a load phase, whose kinds are the mix's operations ({@code load insert}…). */
    public static final String LOAD = "load";

    /**
     * The load mode, cassandra-stress's way: the mix's operations drawn by their ratios, by {@code threads}
     * dispatching threads (each one operation in flight), for {@code durationMillis} or {@code count} operations,
     * closed loop or at {@code rate} per second (latency from each operation's intended start).
     */
    public record Load(long durationMillis, long count, double rate, int threads) {}

    public ProfilePlan {
        mix = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mix));
        client = client == null ? ClientShard.ALONE : client;
    }

    @JsonIgnore
    public boolean loadMode() {
        return load != null;
    }

    /** The operations of the mix, insert first, then the queries in the mix's order. */
    @JsonIgnore
    public List<String> operationNames() {
        List<String> ops = new ArrayList<>();
        if (mix.containsKey(Profile.INSERT)) {
            ops.add(Profile.INSERT);
        }
        mix.keySet().stream().filter(k -> !k.equals(Profile.INSERT)).forEach(ops::add);
        return ops;
    }

    /** Compare mode: the operations; load mode: the phase, then its operations ({@code load insert}…). */
    @Override
    public List<String> operationLabels() {
        if (!loadMode()) {
            return operationNames();
        }
        List<String> labels = new ArrayList<>(List.of(LOAD));
        operationNames().forEach(op -> labels.add(kindLabel(op)));
        return labels;
    }

    /** The label of an operation of the load phase. */
    public static String kindLabel(String operation) {
        return LOAD + " " + operation;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return loadMode() ? (int) Math.min(Integer.MAX_VALUE, load.count()) : operations;
    }

    @Override
    public String modeLabel() {
        if (!loadMode()) {
            return "sync";
        }
        return (load.rate() > 0 ? "open loop at " + Math.round(load.rate()) + " ops/s" : "closed loop") + ", "
                + load.threads() + " threads";
    }

    @Override
    public int concurrency() {
        return loadMode() ? load.threads() : 1;
    }

    @Override
    public long phaseMillis() {
        return loadMode() ? load.durationMillis() : 0;
    }

    @Override
    public ProfilePlan whole() {
        return new ProfilePlan(profile, mix, operations, repeats, verify, apply, load, client.whole());
    }
}
