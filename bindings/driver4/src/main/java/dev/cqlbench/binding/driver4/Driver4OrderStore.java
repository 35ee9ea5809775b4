package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.HatshopSchema;
import dev.cqlbench.binding.OrderState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Study 03's executor on Cassandra through driver 4's async API: prepared statements (token-aware routing from
 * their bound partition keys), the order row and its line items written concurrently. The model picks the line
 * items table: {@code line_items_by_order} (one partition per order: a single-partition unlogged batch, one
 * read, one partition delete) or {@code line_items} (one partition per line item: a statement per item, and a
 * read of the order's item ids before a delete).
 */
final class Driver4OrderStore implements OrderStore {

    private static final String LINE_VALUES = "product_id, colour, size, quantity, line_price";
    private static final Duration TRUNCATE_TIMEOUT = Duration.ofSeconds(120);

    private final CqlSession session;
    private final String keyspace;
    private final boolean byOrder;
    private final String lineTable;
    private final PreparedStatement insertOrder;
    private final PreparedStatement selectOrder;
    private final PreparedStatement updateStatus;
    private final PreparedStatement updateColumn;
    private final PreparedStatement deleteOrder;
    private final PreparedStatement insertLine;
    private final PreparedStatement selectLines;
    private final PreparedStatement updateLine;
    private final PreparedStatement deleteLines;

    Driver4OrderStore(CqlSession session, Spec spec) {
        this.session = session;
        this.keyspace = spec.database();
        this.byOrder = switch (spec.model()) {
            case Spec.LINE_ITEMS_BY_ORDER -> true;
            case Spec.LINE_ITEMS -> false;
            default -> throw new IllegalArgumentException("unknown model " + spec.model());
        };
        String orders = keyspace + "." + HatshopSchema.ORDERS;
        lineTable = keyspace + "." + (byOrder ? HatshopSchema.LINE_ITEMS_BY_ORDER : HatshopSchema.LINE_ITEMS);
        insertOrder = session.prepare("INSERT INTO " + orders + " (order_id, line_item_ids, client_id, date_created, "
                + "status, sub_total) VALUES (?, ?, ?, ?, ?, ?)");
        selectOrder = session.prepare("SELECT order_id, line_item_ids, client_id, date_created, status, sub_total FROM "
                + orders + " WHERE order_id = ?");
        updateStatus = session.prepare("UPDATE " + orders + " SET status = ?, date_created = ? WHERE order_id = ?");
        updateColumn = session.prepare("UPDATE " + orders + " SET status = ? WHERE order_id = ?");
        deleteOrder = session.prepare("DELETE FROM " + orders + " WHERE order_id = ?");
        insertLine = session.prepare("INSERT INTO " + lineTable + " (order_id, line_item_id, " + LINE_VALUES
                + ") VALUES (?, ?, ?, ?, ?, ?, ?)");
        String set = "SET colour = ?, size = ?, quantity = ?, line_price = ?";
        if (byOrder) {
            selectLines = session.prepare("SELECT order_id, line_item_id, " + LINE_VALUES + " FROM " + lineTable
                    + " WHERE order_id = ?");
            updateLine = session.prepare("UPDATE " + lineTable + " " + set + " WHERE order_id = ? AND line_item_id = ?");
            deleteLines = session.prepare("DELETE FROM " + lineTable + " WHERE order_id = ?");
        } else {
            selectLines = session.prepare("SELECT order_id, line_item_id, " + LINE_VALUES + " FROM " + lineTable
                    + " WHERE line_item_id = ?");
            updateLine = session.prepare("UPDATE " + lineTable + " " + set + " WHERE line_item_id = ?");
            deleteLines = session.prepare("DELETE FROM " + lineTable + " WHERE line_item_id = ?");
        }
    }

    int preparedCount() {
        return 9;
    }

    String lineItemWrites() {
        return byOrder ? "one unlogged single-partition batch per order, concurrent with the order row"
                : "one INSERT per line item, concurrent with the order row (one partition each)";
    }

    @Override
    public CompletionStage<Void> create(HatEvent.Order order) {
        List<UUID> ids = order.lineItems().stream().map(HatEvent.LineItem::id).toList();
        List<CompletionStage<?>> writes = new ArrayList<>();
        writes.add(session.executeAsync(insertOrder.bind(order.id(), ids, order.client().id(),
                Instant.ofEpochMilli(order.date()), order.status(), OrderState.money(order.subTotal()))));
        if (byOrder) {
            BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
            for (HatEvent.LineItem item : order.lineItems()) {
                batch.addStatement(bindLine(order.id(), item));
            }
            writes.add(session.executeAsync(batch.build()));
        } else {
            for (HatEvent.LineItem item : order.lineItems()) {
                writes.add(session.executeAsync(bindLine(order.id(), item)));
            }
        }
        return all(writes);
    }

    private com.datastax.oss.driver.api.core.cql.BoundStatement bindLine(UUID orderId, HatEvent.LineItem item) {
        return insertLine.bind(orderId, item.id(), item.product().id(), item.product().colour(),
                item.product().size(), item.quantity(), OrderState.money(item.linePrice()));
    }

    @Override
    public CompletionStage<OrderState> read(UUID orderId) {
        CompletionStage<AsyncResultSet> order = session.executeAsync(selectOrder.bind(orderId));
        if (byOrder) {
            CompletionStage<List<Row>> lines = session.executeAsync(selectLines.bind(orderId))
                    .thenCompose(Driver4OrderStore::allRows);
            return order.thenCombine(lines, (o, l) -> toState(o.one(), l));
        }
        return order.thenCompose(rs -> {
            Row row = rs.one();
            if (row == null) {
                return CompletableFuture.completedFuture(null);
            }
            List<CompletableFuture<Row>> lines = new ArrayList<>();
            for (UUID id : row.getList("line_item_ids", UUID.class)) {
                lines.add(session.executeAsync(selectLines.bind(id)).thenApply(AsyncResultSet::one)
                        .toCompletableFuture());
            }
            return CompletableFuture.allOf(lines.toArray(CompletableFuture[]::new)).thenApply(v -> toState(row,
                    lines.stream().map(CompletableFuture::join).filter(java.util.Objects::nonNull).toList()));
        });
    }

    @Override
    public CompletionStage<Void> updateStatus(HatEvent.StatusChange change) {
        return session.executeAsync(updateStatus.bind(change.status(), Instant.ofEpochMilli(change.date()), change.id()))
                .thenApply(rs -> null);
    }

    @Override
    public CompletionStage<Void> updateAttributes(HatEvent.AttributeChange change) {
        Object[] values = byOrder
                ? new Object[] {change.colour(), change.size(), change.quantity(), OrderState.money(change.linePrice()),
                    change.id(), change.lineItemId()}
                : new Object[] {change.colour(), change.size(), change.quantity(), OrderState.money(change.linePrice()),
                    change.lineItemId()};
        return session.executeAsync(updateLine.bind(values)).thenApply(rs -> null);
    }

    @Override
    public CompletionStage<Void> updateColumn(HatEvent.ColumnChange change) {
        return session.executeAsync(updateColumn.bind(change.status(), change.id())).thenApply(rs -> null);
    }

    @Override
    public CompletionStage<Void> delete(UUID orderId) {
        if (byOrder) {
            return all(List.of(session.executeAsync(deleteOrder.bind(orderId)),
                    session.executeAsync(deleteLines.bind(orderId))));
        }
        return session.executeAsync(selectOrder.bind(orderId)).thenCompose(rs -> {
            Row row = rs.one();
            List<CompletionStage<?>> deletes = new ArrayList<>();
            if (row != null) {
                for (UUID id : row.getList("line_item_ids", UUID.class)) {
                    deletes.add(session.executeAsync(deleteLines.bind(id)));
                }
            }
            deletes.add(session.executeAsync(deleteOrder.bind(orderId)));
            return all(deletes);
        });
    }

    @Override
    public void reset() {
        for (String table : List.of(keyspace + "." + HatshopSchema.ORDERS, lineTable)) {
            session.execute(SimpleStatement.newInstance("TRUNCATE " + table).setTimeout(TRUNCATE_TIMEOUT));
        }
    }

    @Override
    public List<OrderState> readAll() {
        Map<UUID, List<Row>> lines = new HashMap<>();
        for (Row row : session.execute(SimpleStatement.newInstance("SELECT order_id, line_item_id, " + LINE_VALUES
                + " FROM " + lineTable).setPageSize(5000))) {
            lines.computeIfAbsent(row.getUuid("order_id"), k -> new ArrayList<>()).add(row);
        }
        List<OrderState> out = new ArrayList<>();
        for (Row row : session.execute(SimpleStatement.newInstance("SELECT order_id, line_item_ids, client_id, "
                + "date_created, status, sub_total FROM " + keyspace + "." + HatshopSchema.ORDERS).setPageSize(5000))) {
            out.add(toState(row, lines.getOrDefault(row.getUuid("order_id"), List.of())));
        }
        return out;
    }

    @Override
    public void close() {
        // the session belongs to the binding
    }

    private static OrderState toState(Row order, List<Row> lines) {
        if (order == null) {
            return null;
        }
        List<OrderState.LineState> items = new ArrayList<>();
        for (Row l : lines) {
            items.add(new OrderState.LineState(l.getUuid("line_item_id"), l.getUuid("product_id"),
                    l.getString("colour"), l.getString("size"), l.getInt("quantity"), l.getBigDecimal("line_price")));
        }
        Instant date = order.getInstant("date_created");
        return new OrderState(order.getUuid("order_id"), order.getUuid("client_id"), order.getString("status"),
                date == null ? 0 : date.toEpochMilli(), order.getBigDecimal("sub_total"), items);
    }

    /** Every row of a result, following its pages. */
    private static CompletionStage<List<Row>> allRows(AsyncResultSet first) {
        List<Row> rows = new ArrayList<>();
        return collect(first, rows);
    }

    private static CompletionStage<List<Row>> collect(AsyncResultSet page, List<Row> rows) {
        page.currentPage().forEach(rows::add);
        if (page.hasMorePages()) {
            return page.fetchNextPage().thenCompose(next -> collect(next, rows));
        }
        return CompletableFuture.completedFuture(rows);
    }

    private static CompletionStage<Void> all(List<CompletionStage<?>> stages) {
        return CompletableFuture.allOf(stages.stream().map(CompletionStage::toCompletableFuture)
                .toArray(CompletableFuture[]::new));
    }
}
