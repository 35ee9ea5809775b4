package dev.cqlbench.binding;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The hat-shop executor of one database and data model (study 03): one asynchronous verb per event type.
 * The runner bounds how many events are in flight, keeps the events of one order in stream order, and times
 * each stage from start to completion. Statements are prepared when the store is made.
 */
public interface OrderStore extends AutoCloseable {

    /** The order row and all its line items. */
    CompletionStage<Void> create(HatEvent.Order order);

    /** Completes with the order and its line items, or null when there is no such order. */
    CompletionStage<OrderState> read(UUID orderId);

    /** Status and date of the order (the study's UPDATE of the orders row). */
    CompletionStage<Void> updateStatus(HatEvent.StatusChange change);

    /** Colour, size, quantity and line price of one line item. */
    CompletionStage<Void> updateAttributes(HatEvent.AttributeChange change);

    /** The status column alone. */
    CompletionStage<Void> updateColumn(HatEvent.ColumnChange change);

    /** The order and its line items. */
    CompletionStage<Void> delete(UUID orderId);

    /** Empties the scenario's tables: before each replay, never timed. */
    void reset() throws Exception;

    /** Every order held, with its line items: for the consistency check, never timed. */
    List<OrderState> readAll() throws Exception;

    /**
     * Running totals of what the store did that is neither an event nor an error, such as transactions run again
     * after a deadlock; read before and after each replay, the difference goes into the result.
     */
    default java.util.Map<String, Long> counters() {
        return java.util.Map.of();
    }

    @Override
    void close();

    /**
     * How a store is made.
     *
     * @param database    Cassandra keyspace or SQL database of the scenario's tables
     * @param model       line items table: {@code line_items} (keyed by line item) or {@code line_items_by_order}
     * @param concurrency events the runner keeps in flight; a blocking store runs this many threads
     * @param poolSize    connections of a pooled store (JDBC); ignored by others
     * @param durability  {@code durable} (the default of each database) or {@code relaxed}
     */
    record Spec(String database, String model, int concurrency, int poolSize, String durability)
            implements Capability<OrderStore> {
        public static final String LINE_ITEMS = "line_items";
        public static final String LINE_ITEMS_BY_ORDER = "line_items_by_order";
        public static final String DURABLE = "durable";
        public static final String RELAXED = "relaxed";

        @Override
        public Class<OrderStore> type() {
            return OrderStore.class;
        }
    }
}
