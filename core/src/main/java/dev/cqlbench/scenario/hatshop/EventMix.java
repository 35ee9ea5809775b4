package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.HatEvent;
import java.util.EnumMap;
import java.util.Map;

/**
 * Relative weights of the event types. A CREATE when the pool of live orders is full, or any other event when
 * it is empty, is replaced by a draw among the types that are possible.
 *
 * @param fillFirst create orders until the pool is full before drawing anything else
 */
public record EventMix(String name, Map<HatEvent.Type, Integer> weights, boolean fillFirst) {

    public static final String NAMES = "mixed, updates, creates";

    /** The study's "random events" experiment: every type, reads most often. */
    public static EventMix mixed() {
        Map<HatEvent.Type, Integer> w = new EnumMap<>(HatEvent.Type.class);
        w.put(HatEvent.Type.CREATE, 20);
        w.put(HatEvent.Type.READ, 30);
        w.put(HatEvent.Type.UPDATE_STATUS, 15);
        w.put(HatEvent.Type.UPDATE_ATTRIBUTES, 15);
        w.put(HatEvent.Type.UPDATE_COLUMN, 10);
        w.put(HatEvent.Type.DELETE, 10);
        return new EventMix("mixed", w, false);
    }

    /** The study's "n update events" experiment: the pool of orders is created first, then only updated. */
    public static EventMix updates() {
        return new EventMix("updates", Map.of(HatEvent.Type.UPDATE_STATUS, 1), true);
    }

    /** The study's connection-pool experiment: only CREATE events (the pool must hold them all). */
    public static EventMix creates() {
        return new EventMix("creates", Map.of(HatEvent.Type.CREATE, 1), false);
    }

    /** By name, as typed on the command line; null when unknown. */
    public static EventMix named(String name) {
        return switch (name) {
            case "mixed" -> mixed();
            case "updates" -> updates();
            case "creates" -> creates();
            default -> null;
        };
    }

    public EventMix {
        weights = Map.copyOf(weights);
        if (weights.values().stream().anyMatch(v -> v < 0) || weights.values().stream().mapToInt(Integer::intValue).sum() == 0) {
            throw new IllegalArgumentException("event weights must be >= 0 and not all 0");
        }
    }

    public int weight(HatEvent.Type type) {
        return weights.getOrDefault(type, 0);
    }
}
