package dev.cqlbench.scenario.hatshop;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderStore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
import dev.cqlbench.run.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Study 03: one stream of order events replayed against each database and data model, the same events in the
 * same order, with the same number in flight (closed loop: a new event starts when one completes; events of
 * one order run one after another, in stream order).
 *
 * @param steps        events replayed per repetition; several steps replay growing prefixes of the stream
 *                     (the study's n = 500, 5 000, 10 000, 100 000)
 * @param source       the stream replayed: generated or read from a file
 * @param concurrency  events in flight, for every database
 * @param poolSize     JDBC connections (a pool-size sweep's variants each have their own)
 * @param repeats      repetitions, cycles, seed; its warmup: events of a separate stream (another seed) replayed
 *                     once per worker and discarded
 * @param durability   durable (each database's default) or relaxed
 * @param eventLog     write the study's per-event CSV for half the replays ({@link #logged}); the others run
 *                     without it, so the report can compare
 * @param eventCounts  events per repetition by operation label (computed from the stream)
 */
public record HatshopPlan(
        List<Integer> steps,
        @JsonUnwrapped Source source,
        int concurrency,
        int poolSize,
        @JsonUnwrapped Repeats repeats,
        String durability,
        boolean eventLog,
        Map<String, Integer> eventCounts) implements RepeatedPlan {

    public static final String ALL = "ALL";
    public static final String LOAD_MODEL = "closed-loop";
    /** The variant options: the data model of its tables, and (JDBC) its pool size. */
    public static final String MODEL = "model";
    public static final String POOL_SIZE = "poolSize";
    private static final long WARMUP_SEED_OFFSET = 0x5EED_0F_3A7L;

    /**
     * Where the replayed events come from.
     *
     * @param orders     at most this many live orders at any point of a generated stream
     * @param mix        mixed, updates or creates (generated streams)
     * @param eventsFile a JSON-lines file to replay instead of a generated stream, or null
     */
    public record Source(int orders, String mix, String eventsFile) {
    }

    public HatshopPlan {
        steps = List.copyOf(steps);
        eventCounts = eventCounts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(eventCounts));
    }

    /**
     * Whether a replay writes the event log: every other one, starting with the first in even cycles and the
     * second in odd ones, so logged and unlogged replays sit at each position of a cycle equally often.
     */
    public static boolean logged(int cycle, int repetition) {
        return (cycle + repetition) % 2 == 0;
    }

    /** The stream this plan replays (its longest step), generated or read. */
    @JsonIgnore
    public List<HatEvent> events() {
        int longest = longestStep();
        String eventsFile = source.eventsFile();
        if (eventsFile != null) {
            try {
                List<HatEvent> all = HatEvents.read(Path.of(eventsFile));
                if (all.size() < longest) {
                    throw new IllegalArgumentException(eventsFile + " holds " + all.size() + " events, fewer than "
                            + longest);
                }
                return all.subList(0, longest);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HatEvents.generate(seed(), longest, source.orders(), eventMix());
    }

    /** A stream of the same mix under another seed, for warming up. */
    @JsonIgnore
    public List<HatEvent> warmupStream() {
        EventMix warmupMix = source.eventsFile() != null ? EventMix.mixed() : eventMix();
        int orders = source.orders();
        int pool = warmupMix.fillFirst() ? Math.min(orders, Math.max(1, warmup() / 2)) : orders;
        return HatEvents.generate(seed() + WARMUP_SEED_OFFSET, warmup(), pool, warmupMix);
    }

    @JsonIgnore
    public EventMix eventMix() {
        EventMix m = EventMix.named(source.mix());
        if (m == null) {
            throw new IllegalArgumentException("unknown mix '" + source.mix() + "'; known: " + EventMix.NAMES);
        }
        return m;
    }

    /** The same plan with its event counts filled in from the stream. */
    public HatshopPlan withCounts(List<HatEvent> events) {
        return withCounts(countsOf(events.iterator(), steps));
    }

    /** The same plan with its event counts filled in from its own stream (a generated one is not kept). */
    public HatshopPlan withCounts() {
        if (source.eventsFile() != null) {
            return withCounts(events());
        }
        EventGenerator generator = new EventGenerator(seed(), source.orders(), eventMix());
        return withCounts(countsOf(java.util.stream.Stream.generate(generator::next).limit(longestStep()).iterator(),
                steps));
    }

    private HatshopPlan withCounts(Map<String, Integer> counts) {
        return new HatshopPlan(steps, source, concurrency, poolSize, repeats, durability, eventLog, counts);
    }

    int longestStep() {
        return steps.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** Events by label (type, and ALL) in each step's prefix of the stream, in one pass. */
    public static Map<String, Integer> countsOf(java.util.Iterator<HatEvent> events, List<Integer> steps) {
        Map<Integer, Map<HatEvent.Type, Integer>> atStep = new java.util.HashMap<>();
        Map<HatEvent.Type, Integer> running = new EnumMap<>(HatEvent.Type.class);
        int longest = steps.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int seen = 0;
        while (seen < longest && events.hasNext()) {
            running.merge(events.next().type(), 1, Integer::sum);
            seen++;
            if (steps.contains(seen)) {
                atStep.put(seen, new EnumMap<>(running));
            }
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int step : steps) {
            Map<HatEvent.Type, Integer> byType = atStep.getOrDefault(step, running);
            byType.forEach((type, n) -> out.put(label(type.name(), step, steps), n));
            out.put(label(ALL, step, steps), Math.min(step, seen));
        }
        return out;
    }

    /** An event type (or ALL) at a step: the plain name with one step, {@code NAME@n} with several. */
    public static String label(String typeOrAll, int step, List<Integer> steps) {
        return steps.size() == 1 ? typeOrAll : typeOrAll + "@" + step;
    }

    /** The store a variant replays against: its data model and pool size, this plan's the rest. */
    public OrderStore.Spec storeSpec(Variant variant) {
        String pool = variant.options().get(POOL_SIZE);
        return new OrderStore.Spec(keyspace(), variant.option(MODEL), concurrency,
                pool == null ? poolSize : Integer.parseInt(pool), durability);
    }

    /** Recorded in the result: the load model both databases get. */
    @JsonProperty(value = "loadModel", access = JsonProperty.Access.READ_ONLY)
    public String loadModel() {
        return LOAD_MODEL + ": a new event starts when one completes, " + concurrency
                + " in flight; events of one order in stream order";
    }

    @Override
    public String modeLabel() {
        return LOAD_MODEL;
    }

    @Override
    public List<String> operationLabels() {
        List<String> labels = new ArrayList<>();
        for (int step : steps) {
            for (HatEvent.Type type : HatEvent.Type.values()) {
                String label = label(type.name(), step, steps);
                if (eventCounts.containsKey(label)) {
                    labels.add(label);
                }
            }
            labels.add(label(ALL, step, steps));
        }
        return labels;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return eventCounts.getOrDefault(operation, 0);
    }
}
