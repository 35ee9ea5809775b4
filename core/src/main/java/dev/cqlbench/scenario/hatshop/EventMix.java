package dev.cqlbench.scenario.hatshop;

import java.util.EnumMap;
import java.util.Map;

/**
 * Relative weights of the event types. A CREATE when the pool of live orders is full, or any other event when
 * it is empty, is replaced by a draw among the types that are possible.
 */
public record EventMix(Map<HatEvent.Type, Integer> weights) {

    /** The study's "random events" experiment: every type, reads most often. */
    public static EventMix mixed() {
        Map<HatEvent.Type, Integer> w = new EnumMap<>(HatEvent.Type.class);
        w.put(HatEvent.Type.CREATE, 20);
        w.put(HatEvent.Type.READ, 30);
        w.put(HatEvent.Type.UPDATE_STATUS, 15);
        w.put(HatEvent.Type.UPDATE_ATTRIBUTES, 15);
        w.put(HatEvent.Type.UPDATE_COLUMN, 10);
        w.put(HatEvent.Type.DELETE, 10);
        return new EventMix(w);
    }

    /** The study's "n update events" experiment: orders are created as needed, then only updated. */
    public static EventMix updates() {
        Map<HatEvent.Type, Integer> w = new EnumMap<>(HatEvent.Type.class);
        w.put(HatEvent.Type.UPDATE_STATUS, 1);
        return new EventMix(w);
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
