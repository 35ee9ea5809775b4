package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cqlbench.run.Maps;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The rounds in each measure's long-run-variance batch, frozen at a run's first look: each measure keeps the batch its
 * own series chose there (from their lag-1 correlation), so that one measure's drift does not cost another its
 * degrees of freedom. On the 2-core host a crud run's allocation per operation drifts while the JIT removes
 * allocations (batch 5 of 20 rounds) where its time does not (batch 1); one batch for every measure, the longest,
 * left time 4.5 degrees of freedom instead of 19.
 * <p>
 * Written as a map from measure to batch; a single number (results of earlier versions, which froze the longest batch
 * any measure chose for all of them) reads as that batch for every measure.
 *
 * @param byMeasure each measure's batch (a measure absent: {@code all})
 * @param all       the batch of a measure not in {@code byMeasure}; 0: chosen from the data
 */
public record Batches(Map<Measure, Integer> byMeasure, int all) {

    /** Every measure's batch chosen from the data (no look has frozen them). */
    public static final Batches CHOSEN = new Batches(Map.of(), 0);

    public Batches {
        byMeasure = byMeasure == null || byMeasure.isEmpty() ? Map.of() : Maps.sorted(byMeasure);
        all = Math.max(0, all);
    }

    /** One batch for every measure. */
    public static Batches of(int all) {
        return new Batches(Map.of(), all);
    }

    /** The batch of {@code measure}'s long-run variances; 0: chosen from the data. */
    public int of(Measure measure) {
        Integer b = byMeasure.get(measure);
        return b != null ? Math.max(0, b) : all;
    }

    /** Whether a look has frozen them. */
    public boolean frozen() {
        return !byMeasure.isEmpty() || all > 0;
    }

    /** As result.json holds it: the map, or one number where every measure has the same. */
    @JsonValue
    Object json() {
        if (byMeasure.isEmpty()) {
            return all;
        }
        Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (Measure m : Measure.values()) {
            if (byMeasure.containsKey(m)) {
                out.put(m.name(), byMeasure.get(m));
            }
        }
        return out;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Batches read(JsonNode node) {
        if (node == null || node.isNull()) {
            return CHOSEN;
        }
        if (node.isNumber()) {
            return of(node.asInt());
        }
        Map<Measure, Integer> by = new EnumMap<>(Measure.class);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            for (Measure m : Measure.values()) { // a measure this version does not know is left out
                if (m.name().equals(e.getKey())) {
                    by.put(m, e.getValue().asInt());
                }
            }
        }
        return new Batches(by, 0);
    }
}
