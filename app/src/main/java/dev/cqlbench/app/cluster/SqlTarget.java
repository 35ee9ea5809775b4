package dev.cqlbench.app.cluster;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.Progress;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.server.mariadb.EmbeddedMariaDb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Where the relational side of study 03 lives: an embedded MariaDB cqlbench started, or a JDBC URL. */
public final class SqlTarget implements AutoCloseable {

    private final EmbeddedMariaDb embedded;
    private final Path workDir;
    private final BindingConfig connection;
    private final Long serverPid;

    private SqlTarget(EmbeddedMariaDb embedded, Path workDir, BindingConfig connection, Long serverPid) {
        this.embedded = embedded;
        this.workDir = workDir;
        this.connection = connection;
        this.serverPid = serverPid;
    }

    public static SqlTarget open(SqlSettings settings, long requestTimeoutMillis, Progress progress) {
        return open(settings, requestTimeoutMillis, progress, null, false);
    }

    /**
     * @param database     the database the workers will use (hatshop's --keyspace), checked for foreign tables
     * @param dropExisting --drop-existing: drop tables of hatshop's names there that cqlbench did not create
     */
    public static SqlTarget open(SqlSettings settings, long requestTimeoutMillis, Progress progress, String database,
                                 boolean dropExisting) {
        if (!settings.embedded()) {
            progress.line(checkConnection(settings.jdbcUrl(), settings.username(), settings.password(), database,
                    dropExisting) + " at " + settings.jdbcUrl());
            return new SqlTarget(null, null, new BindingConfig(List.of(settings.jdbcUrl()), null, settings.username(),
                    settings.password(), null, requestTimeoutMillis, Map.of()), null);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("cqlbench-mariadb-");
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.SERVER_START, "cannot create the MariaDB work directory: "
                    + e.getMessage(), e);
        }
        progress.line("starting embedded MariaDB (work dir " + dir + ")");
        long start = System.nanoTime();
        try {
            EmbeddedMariaDb db = EmbeddedMariaDb.start(dir, settings.startTimeout());
            long pid = db.processes().stream()
                    .filter(p -> p.info().command().map(c -> c.endsWith("mysqld") || c.endsWith("mariadbd"))
                            .orElse(false))
                    .mapToLong(ProcessHandle::pid).findFirst().orElse(db.pid());
            progress.line(String.format("embedded MariaDB up at %s (mysqld pid %d) in %.1f s", db.jdbcUrl(), pid,
                    (System.nanoTime() - start) / 1e9));
            return new SqlTarget(db, dir, new BindingConfig(List.of(db.jdbcUrl()), null, db.user(), null, null,
                    requestTimeoutMillis, Map.of()), pid);
        } catch (IOException e) {
            EmbeddedTarget.deleteRecursively(dir);
            throw new CqlbenchException(ExitCode.SERVER_START, "embedded MariaDB did not start: " + e.getMessage(), e);
        }
    }

    /**
     * Connects once with the run's URL and credentials (as the workers will), so an unreachable server or refused
     * credentials end the run with exit 4 before any worker starts. Returns the server's version.
     */
    static String checkConnection(String jdbcUrl, String user, String password, String database,
                                  boolean dropExisting) {
        java.util.Properties properties = new java.util.Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", "10000");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(jdbcUrl, properties)) {
            if (database != null) {
                refuseForeignTables(c, database, dropExisting);
            }
            return c.getMetaData().getDatabaseProductName() + " " + c.getMetaData().getDatabaseProductVersion();
        } catch (java.sql.SQLException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines()
                    .findFirst().orElse("");
            String what = "28000".equals(e.getSQLState()) ? "the database of --jdbc-url refused the credentials"
                    : "cannot connect to the database of --jdbc-url";
            throw new CqlbenchException(ExitCode.CONNECTION, what + ": " + message, e);
        }
    }

    /**
     * hatshop empties its tables before every replay: tables of the same names that hold rows and were not created
     * by cqlbench (their comment says so) are someone else's, and the run is refused before anything is touched.
     */
    private static void refuseForeignTables(java.sql.Connection c, String database, boolean drop)
            throws java.sql.SQLException {
        try (java.sql.PreparedStatement tables = c.prepareStatement("SELECT TABLE_NAME, TABLE_COMMENT FROM "
                + "information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (?, ?)")) {
            tables.setString(1, database);
            tables.setString(2, dev.cqlbench.scenario.hatshop.HatshopSchema.ORDERS);
            tables.setString(3, dev.cqlbench.scenario.hatshop.HatshopSchema.LINE_ITEMS);
            try (java.sql.ResultSet rows = tables.executeQuery()) {
                while (rows.next()) {
                    String table = database + "." + rows.getString(1);
                    if (dev.cqlbench.scenario.hatshop.HatshopSchema.COMMENT.equals(rows.getString(2))) {
                        continue;
                    }
                    boolean holdsRows;
                    try (java.sql.Statement s = c.createStatement();
                         java.sql.ResultSet any = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
                        holdsRows = any.next();
                    }
                    if (!holdsRows) {
                        continue;
                    }
                    if (!drop) {
                        throw new CqlbenchException(ExitCode.SCHEMA, "table " + table + " at --jdbc-url exists, "
                                + "holds rows and was not created by cqlbench; the hatshop scenario empties it before "
                                + "every replay: use another --keyspace (the database it uses), or --drop-existing "
                                + "to drop it");
                    }
                    try (java.sql.Statement s = c.createStatement()) {
                        // line items reference orders: the child goes first
                        s.execute("DROP TABLE IF EXISTS " + database + "."
                                + dev.cqlbench.scenario.hatshop.HatshopSchema.LINE_ITEMS);
                        s.execute("DROP TABLE IF EXISTS " + table);
                    }
                }
            }
        }
    }

    public String kind() {
        return embedded != null ? "embedded" : "external";
    }

    /** The JDBC URL as the only contact point, user and password. */
    public BindingConfig connection() {
        return connection;
    }

    /** mysqld's pid when embedded, else null. */
    public Long serverPid() {
        return serverPid;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
            EmbeddedTarget.deleteRecursively(workDir);
        }
    }
}
