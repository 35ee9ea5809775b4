package dev.cqlbench.binding.jdbc;

import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.HatshopSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The relational database as the hatshop store needs it, outside any timed event: the database and its tables
 * created (or checked), the server's durability set for the run and described in the audit, the tables emptied
 * before a replay, the durability restored at the end.
 */
final class JdbcDatabase {

    private static final int RESET_LOCK_WAIT_SECONDS = 5;
    private static final int RESET_ATTEMPTS = 24;
    /** MariaDB's ER_LOCK_WAIT_TIMEOUT. */
    private static final int LOCK_WAIT_TIMEOUT = 1205;

    private JdbcDatabase() {}

    /**
     * Creates {@code database} and the tables when missing (existing ones must have the expected columns), relaxes
     * durability when the spec asks for it, and describes the server in {@code audit}. Returns the
     * innodb_flush_log_at_trx_commit value to restore at the end, or null when nothing was changed.
     */
    static String prepare(String url, Properties credentials, String database, OrderStore.Spec spec,
                          Map<String, String> audit) throws SQLException {
        String restoreFlush = null;
        try (Connection admin = DriverManager.getConnection(url, credentials); Statement s = admin.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + database);
            s.execute("USE " + database);
            checkTable(admin, database, HatshopSchema.ORDERS, HatshopSchema.SQL_ORDERS_COLUMNS);
            checkTable(admin, database, HatshopSchema.LINE_ITEMS, HatshopSchema.SQL_LINE_ITEM_COLUMNS);
            for (String ddl : HatshopSchema.sqlTables()) {
                s.execute(ddl);
            }
            String flush = scalar(s, "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit");
            if (OrderStore.Spec.RELAXED.equals(spec.durability()) && !"2".equals(flush)) {
                s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = 2");
                restoreFlush = flush;
            }
            audit.put("serverVersion", admin.getMetaData().getDatabaseProductName() + " "
                    + admin.getMetaData().getDatabaseProductVersion());
            audit.put("innodbFlushLogAtTrxCommit", scalar(s, "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")
                    + (restoreFlush == null ? "" : " (set for this run; was " + restoreFlush + ")"));
            audit.put("binaryLog", scalar(s, "SELECT @@GLOBAL.log_bin"));
            audit.put("driverVersion", admin.getMetaData().getDriverVersion());
            audit.put("isolation", isolation(s));
        }
        return restoreFlush;
    }

    /**
     * Empties both tables on {@code c}. TRUNCATE is DDL: on a busy machine it can wait on InnoDB's background
     * statistics thread, which may in turn wait on it, until the 50 s lock wait ends in an error. So each TRUNCATE
     * waits at most {@value #RESET_LOCK_WAIT_SECONDS} s and is tried again, for at most {@value #RESET_ATTEMPTS}
     * attempts.
     */
    static void empty(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET FOREIGN_KEY_CHECKS = 0");
            s.execute("SET SESSION innodb_lock_wait_timeout = " + RESET_LOCK_WAIT_SECONDS);
            try {
                truncate(s, HatshopSchema.LINE_ITEMS);
                truncate(s, HatshopSchema.ORDERS);
            } finally {
                s.execute("SET SESSION innodb_lock_wait_timeout = DEFAULT");
                s.execute("SET FOREIGN_KEY_CHECKS = 1");
            }
        }
    }

    private static void truncate(Statement s, String table) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                s.execute("TRUNCATE TABLE " + table);
                return;
            } catch (SQLException e) {
                if (e.getErrorCode() != LOCK_WAIT_TIMEOUT || attempt >= RESET_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /** Puts innodb_flush_log_at_trx_commit back as it was before {@link #prepare}; a failure is only told. */
    static void restoreFlush(String url, Properties credentials, String value) {
        try (Connection c = DriverManager.getConnection(url, credentials); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = " + Integer.parseInt(value));
        } catch (SQLException | NumberFormatException e) {
            System.err.println("cqlbench: could not restore innodb_flush_log_at_trx_commit=" + value + ": " + e);
        }
    }

    private static void checkTable(Connection c, String database, String table, List<String> expected)
            throws SQLException {
        List<String> existing = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT column_name FROM information_schema.columns "
                + "WHERE table_schema = ? AND table_name = ?")) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    existing.add(rs.getString(1).toLowerCase(Locale.ROOT));
                }
            }
        }
        if (!existing.isEmpty() && !existing.containsAll(expected)) {
            throw new IllegalStateException("table " + database + "." + table + " exists with columns " + existing
                    + ", expected " + expected + " (use another --keyspace, or drop the table)");
        }
    }

    /** transaction_isolation (MySQL 8, MariaDB 11.1+) or tx_isolation (older MariaDB). */
    private static String isolation(Statement s) {
        for (String name : List.of("transaction_isolation", "tx_isolation")) {
            try {
                return scalar(s, "SELECT @@GLOBAL." + name);
            } catch (SQLException unknownVariable) {
                // try the other name
            }
        }
        return "unknown";
    }

    private static String scalar(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
