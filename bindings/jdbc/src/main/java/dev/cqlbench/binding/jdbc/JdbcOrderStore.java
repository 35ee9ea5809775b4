package dev.cqlbench.binding.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Closer;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.HatshopSchema;
import dev.cqlbench.binding.OrderState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Study 03's executor on MariaDB: JDBC has no asynchronous API, so (as the study did) each event runs on one
 * of {@code concurrency} threads with a connection from a HikariCP pool of {@code poolSize}. Server-side
 * prepared statements, cached per connection. CREATE and DELETE are one transaction each (the order row and
 * its line items, the line items as one JDBC batch); the others are single autocommitted statements.
 */
final class JdbcOrderStore implements OrderStore {

    private static final String ORDER_COLUMNS = "order_id, client_id, date_created, status, sub_total";
    private static final String LINE_COLUMNS = "line_item_id, order_id, product_id, colour, size, quantity, line_price";

    private static final int ATTEMPTS = 5;
    static final String DEADLOCK_RETRIES = "TransactionRetriedAfterDeadlock";

    private final java.util.concurrent.atomic.LongAdder deadlockRetries = new java.util.concurrent.atomic.LongAdder();
    private final HikariDataSource pool;
    private final ExecutorService threads;
    private final String restoreFlush;
    private final String url;
    private final Properties credentials;

    private JdbcOrderStore(HikariDataSource pool, ExecutorService threads, String restoreFlush, String url,
                           Properties credentials) {
        this.pool = pool;
        this.threads = threads;
        this.restoreFlush = restoreFlush;
        this.url = url;
        this.credentials = credentials;
    }

    static JdbcOrderStore open(BindingConfig config, Spec spec, Map<String, String> audit) throws SQLException {
        String url = config.contactPoints().get(0);
        Properties credentials = new Properties();
        if (config.username() != null) {
            credentials.setProperty("user", config.username());
        }
        if (config.password() != null) {
            credentials.setProperty("password", config.password());
        }
        String database = spec.database();
        if (!database.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("database name '" + database + "' must be a plain identifier");
        }
        String restoreFlush = JdbcDatabase.prepare(url, credentials, database, spec, audit);
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("cqlbench-hatshop");
        hikari.setJdbcUrl(url);
        hikari.setDataSourceProperties(credentials);
        hikari.addDataSourceProperty("useServerPrepStmts", "true");
        hikari.addDataSourceProperty("cachePrepStmts", "true");
        hikari.setCatalog(database);
        hikari.setMaximumPoolSize(spec.poolSize());
        hikari.setMinimumIdle(spec.poolSize());
        hikari.setAutoCommit(true);
        hikari.setConnectionTimeout(Math.max(30_000, config.requestTimeoutMillis()));
        HikariDataSource pool = new HikariDataSource(hikari);
        AtomicInteger n = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(spec.concurrency(), r -> {
            Thread t = new Thread(r, "cqlbench-jdbc-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        audit.put("statements", "prepared (server-side, useServerPrepStmts=true, cached per connection)");
        audit.put("execution", spec.concurrency() + " threads, each event on one pooled connection");
        audit.put("poolSize", String.valueOf(spec.poolSize()));
        audit.put("model", "orders + line_items (foreign key on order_id, indexed)");
        audit.put("lineItemWrites", "one JDBC batch, in one transaction with the order row");
        audit.put("transactions", "CREATE and DELETE: one each, run again when InnoDB picks them as a deadlock "
                + "victim (up to " + ATTEMPTS + " times, inside the timed event); other events autocommit");

        return new JdbcOrderStore(pool, threads, restoreFlush, url, credentials);
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> CompletionStage<T> async(Work<T> work) {
        return CompletableFuture.supplyAsync(() -> {
            try (Connection c = pool.getConnection()) {
                return work.run(c);
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        }, threads);
    }

    /**
     * Runs {@code work} in one transaction. InnoDB may pick it as a deadlock victim (concurrent CREATE and DELETE
     * lock neighbouring index gaps under REPEATABLE READ): as any application would, it is rolled back and run
     * again, up to {@value #ATTEMPTS} times, inside the event's timed span; {@link #counters()} counts them.
     */
    private <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    T result = work.run(c);
                    c.commit();
                    return result;
                } catch (SQLException e) {
                    c.rollback();
                    if (attempt >= ATTEMPTS || !deadlock(e)) {
                        throw e;
                    }
                    deadlockRetries.increment();
                } catch (RuntimeException e) {
                    c.rollback();
                    throw e;
                }
            }
        } finally {
            c.setAutoCommit(true);
        }
    }

    private static boolean deadlock(SQLException e) {
        return e instanceof java.sql.SQLTransactionRollbackException || "40001".equals(e.getSQLState());
    }

    /** Transactions rolled back by a deadlock and run again, since the store opened. */
    @Override
    public Map<String, Long> counters() {
        return Map.of(DEADLOCK_RETRIES, deadlockRetries.sum());
    }

    @Override
    public CompletionStage<Void> create(HatEvent.Order order) {
        return async(c -> inTransaction(c, tx -> {
            try (PreparedStatement o = tx.prepareStatement("INSERT INTO " + HatshopSchema.ORDERS + " (" + ORDER_COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?)")) {
                o.setString(1, order.id().toString());
                o.setString(2, order.client().id().toString());
                o.setLong(3, order.date());
                o.setString(4, order.status());
                o.setBigDecimal(5, OrderState.money(order.subTotal()));
                o.executeUpdate();
            }
            try (PreparedStatement l = tx.prepareStatement("INSERT INTO " + HatshopSchema.LINE_ITEMS + " ("
                    + LINE_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                for (HatEvent.LineItem item : order.lineItems()) {
                    l.setString(1, item.id().toString());
                    l.setString(2, order.id().toString());
                    l.setString(3, item.product().id().toString());
                    l.setString(4, item.product().colour());
                    l.setString(5, item.product().size());
                    l.setInt(6, item.quantity());
                    l.setBigDecimal(7, OrderState.money(item.linePrice()));
                    l.addBatch();
                }
                l.executeBatch();
            }
            return null;
        }));
    }

    @Override
    public CompletionStage<OrderState> read(UUID orderId) {
        return async(c -> readOrder(c, orderId));
    }

    private static OrderState readOrder(Connection c, UUID orderId) throws SQLException {
        try (PreparedStatement o = c.prepareStatement("SELECT " + ORDER_COLUMNS + " FROM " + HatshopSchema.ORDERS
                + " WHERE order_id = ?");
             PreparedStatement l = c.prepareStatement("SELECT " + LINE_COLUMNS + " FROM " + HatshopSchema.LINE_ITEMS
                     + " WHERE order_id = ?")) {
            o.setString(1, orderId.toString());
            try (ResultSet order = o.executeQuery()) {
                if (!order.next()) {
                    return null;
                }
                l.setString(1, orderId.toString());
                List<OrderState.LineState> items = new ArrayList<>();
                try (ResultSet lines = l.executeQuery()) {
                    while (lines.next()) {
                        items.add(line(lines));
                    }
                }
                return order(order, items);
            }
        }
    }

    @Override
    public CompletionStage<Void> updateStatus(HatEvent.StatusChange change) {
        return update("UPDATE " + HatshopSchema.ORDERS + " SET status = ?, date_created = ? WHERE order_id = ?",
                change.status(), change.date(), change.id().toString());
    }

    @Override
    public CompletionStage<Void> updateAttributes(HatEvent.AttributeChange change) {
        return update("UPDATE " + HatshopSchema.LINE_ITEMS + " SET colour = ?, size = ?, quantity = ?, line_price = ? "
                + "WHERE line_item_id = ?", change.colour(), change.size(), change.quantity(),
                OrderState.money(change.linePrice()), change.lineItemId().toString());
    }

    @Override
    public CompletionStage<Void> updateColumn(HatEvent.ColumnChange change) {
        return update("UPDATE " + HatshopSchema.ORDERS + " SET status = ? WHERE order_id = ?", change.status(),
                change.id().toString());
    }

    /** One autocommitted statement with these parameters, in order. */
    private CompletionStage<Void> update(String sql, Object... parameters) {
        return async(c -> {
            try (PreparedStatement u = c.prepareStatement(sql)) {
                for (int i = 0; i < parameters.length; i++) {
                    u.setObject(i + 1, parameters[i]);
                }
                u.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public CompletionStage<Void> delete(UUID orderId) {
        return async(c -> inTransaction(c, tx -> {
            try (PreparedStatement l = tx.prepareStatement("DELETE FROM " + HatshopSchema.LINE_ITEMS
                    + " WHERE order_id = ?");
                 PreparedStatement o = tx.prepareStatement("DELETE FROM " + HatshopSchema.ORDERS
                         + " WHERE order_id = ?")) {
                l.setString(1, orderId.toString());
                l.executeUpdate();
                o.setString(1, orderId.toString());
                o.executeUpdate();
            }
            return null;
        }));
    }

    @Override
    public void reset() throws SQLException {
        try (Connection c = pool.getConnection()) {
            JdbcDatabase.empty(c);
        }
    }

    @Override
    public List<OrderState> readAll() throws SQLException {
        Map<String, List<OrderState.LineState>> lines = new HashMap<>();
        List<OrderState> out = new ArrayList<>();
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT " + LINE_COLUMNS + " FROM " + HatshopSchema.LINE_ITEMS)) {
                while (rs.next()) {
                    lines.computeIfAbsent(rs.getString("order_id"), k -> new ArrayList<>()).add(line(rs));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT " + ORDER_COLUMNS + " FROM " + HatshopSchema.ORDERS)) {
                while (rs.next()) {
                    out.add(order(rs, lines.getOrDefault(rs.getString("order_id"), List.of())));
                }
            }
        }
        return out;
    }

    private static OrderState.LineState line(ResultSet rs) throws SQLException {
        return new OrderState.LineState(UUID.fromString(rs.getString("line_item_id")),
                UUID.fromString(rs.getString("product_id")), rs.getString("colour"), rs.getString("size"),
                rs.getInt("quantity"), rs.getBigDecimal("line_price"));
    }

    private static OrderState order(ResultSet rs, List<OrderState.LineState> items) throws SQLException {
        return new OrderState(UUID.fromString(rs.getString("order_id")), UUID.fromString(rs.getString("client_id")),
                rs.getString("status"), rs.getLong("date_created"), rs.getBigDecimal("sub_total"), items);
    }

    @Override
    public void close() {
        threads.shutdownNow();
        Closer.awaitTermination(threads, Duration.ofSeconds(10));
        pool.close();
        if (restoreFlush != null) {
            JdbcDatabase.restoreFlush(url, credentials, restoreFlush);
        }
    }
}
