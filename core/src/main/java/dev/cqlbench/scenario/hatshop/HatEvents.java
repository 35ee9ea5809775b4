package dev.cqlbench.scenario.hatshop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.scenario.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Event streams: generated from a seed, or read back from JSON lines written by {@code cqlbench events}. */
public final class HatEvents {

    private HatEvents() {}

    /** The first {@code count} events of the seeded stream. */
    public static List<HatEvent> generate(long seed, int count, int orders, EventMix mix) {
        EventGenerator generator = new EventGenerator(seed, orders, mix);
        List<HatEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            events.add(generator.next());
        }
        return events;
    }

    /** Parses one line of the study's JSON: {@code {"type": …, "data": {…}}}, the data's shape by type. */
    public static HatEvent parse(String line) throws IOException {
        ObjectMapper json = Json.lines();
        JsonNode node = json.readTree(line);
        if (node == null || !node.hasNonNull("type") || !node.hasNonNull("data")) {
            throw new IOException("an event needs a type and data");
        }
        HatEvent.Type type;
        try {
            type = HatEvent.Type.valueOf(node.get("type").asText());
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown event type '" + node.get("type").asText() + "'");
        }
        Class<?> shape = switch (type) {
            case CREATE -> HatEvent.Order.class;
            case READ, DELETE -> HatEvent.OrderRef.class;
            case UPDATE_STATUS -> HatEvent.StatusChange.class;
            case UPDATE_ATTRIBUTES -> HatEvent.AttributeChange.class;
            case UPDATE_COLUMN -> HatEvent.ColumnChange.class;
        };
        HatEvent event = new HatEvent(type, json.treeToValue(node.get("data"), shape));
        if (event.orderId() == null) {
            throw new IOException(type + " without an order id");
        }
        return event;
    }

    /**
     * Reads a JSON-lines file and checks that it can be replayed (every event names an order that exists at that
     * point). Errors name the line.
     */
    public static List<HatEvent> read(Path file) throws IOException {
        List<HatEvent> events = new ArrayList<>();
        OrderBook book = new OrderBook();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    HatEvent event = parse(line);
                    book.apply(event);
                    events.add(event);
                } catch (IOException | IllegalArgumentException e) {
                    throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
                }
            }
        }
        if (events.isEmpty()) {
            throw new IOException(file + " holds no events");
        }
        return events;
    }
}
