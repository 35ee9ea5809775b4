package dev.cqlbench.app.cluster;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.run.SqlSettings;
import dev.cqlbench.scenario.SchemaClash;
import dev.cqlbench.scenario.SqlAdmin;
import dev.cqlbench.server.jvm.ServerJvm;
import dev.cqlbench.server.mariadb.EmbeddedMariaDb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Where the relational database of a run lives: an embedded MariaDB cqlbench started, or a JDBC URL; what the
 * scenario's set-up may do there ({@link SqlAdmin}) goes through the run's own URL and credentials.
 */
public final class SqlTarget implements SqlAdmin, AutoCloseable {

    private final EmbeddedMariaDb embedded;
    private final Path workDir;
    private final BindingConfig connection;
    private final Long serverPid;
    private boolean dropExisting;

    private SqlTarget(EmbeddedMariaDb embedded, Path workDir, BindingConfig connection, Long serverPid) {
        this.embedded = embedded;
        this.workDir = workDir;
        this.connection = connection;
        this.serverPid = serverPid;
    }

    /** {@code --drop-existing}: the scenario's set-up may drop clashing tables. */
    public SqlTarget dropExisting(boolean drop) {
        dropExisting = drop;
        return this;
    }

    public static SqlTarget open(SqlSettings settings, long requestTimeoutMillis, Placement placement,
                                 Progress progress) {
        if (!settings.embedded()) {
            progress.line(checkConnection(settings.jdbcUrl(), settings.username(), settings.password()) + " at "
                    + settings.jdbcUrl());
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
            EmbeddedMariaDb db = placement.startingServers(() -> EmbeddedMariaDb.start(dir,
                    Duration.ofSeconds(settings.startTimeoutSeconds())));
            long pid = db.processes().stream()
                    .filter(p -> p.info().command().map(c -> c.endsWith("mysqld") || c.endsWith("mariadbd"))
                            .orElse(false))
                    .mapToLong(ProcessHandle::pid).findFirst().orElse(db.pid());
            progress.line(String.format("embedded MariaDB up at %s (mysqld pid %d) in %.1f s", db.jdbcUrl(), pid,
                    (System.nanoTime() - start) / 1e9));
            return new SqlTarget(db, dir, new BindingConfig(List.of(db.jdbcUrl()), null, db.user(), null, null,
                    requestTimeoutMillis, Map.of()), pid);
        } catch (RuntimeException e) {
            ServerJvm.deleteTree(dir);
            throw e;
        } catch (Exception e) {
            ServerJvm.deleteTree(dir);
            throw new CqlbenchException(ExitCode.SERVER_START, "embedded MariaDB did not start: " + e.getMessage(), e);
        }
    }

    /**
     * Connects once with the run's URL and credentials (as the workers will), so an unreachable server or refused
     * credentials end the run with exit 4 before any worker starts. Returns the server's version.
     */
    static String checkConnection(String jdbcUrl, String user, String password) {
        try (Connection c = connect(jdbcUrl, user, password)) {
            return c.getMetaData().getDatabaseProductName() + " " + c.getMetaData().getDatabaseProductVersion();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static Connection connect(String jdbcUrl, String user, String password) throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", "10000");
        return DriverManager.getConnection(jdbcUrl, properties);
    }

    private static CqlbenchException failure(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines()
                .findFirst().orElse("");
        String what = "28000".equals(e.getSQLState()) ? "the database of --jdbc-url refused the credentials"
                : "cannot connect to the database of --jdbc-url";
        return new CqlbenchException(ExitCode.CONNECTION, what + ": " + message, e);
    }

    @Override
    public void refuseForeignTables(String database, List<String> tables, String comment, String scenario,
                                    String when) {
        String url = connection.contactPoints().get(0);
        try (Connection c = connect(url, connection.username(), connection.password())) {
            for (String name : tables) {
                String table = database + "." + name;
                String existing;
                try (PreparedStatement query = c.prepareStatement("SELECT TABLE_COMMENT FROM information_schema.TABLES "
                        + "WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
                    query.setString(1, database);
                    query.setString(2, name);
                    try (ResultSet rows = query.executeQuery()) {
                        existing = rows.next() ? rows.getString(1) : null;
                    }
                }
                if (existing == null || existing.equals(comment) || !holdsRows(c, table)) {
                    continue;
                }
                if (!dropExisting) {
                    throw new SchemaClash("table " + table + " at --jdbc-url exists, holds rows and was not created by "
                            + "cqlbench; the " + scenario + " scenario empties it before " + when + ": use another "
                            + "--keyspace (the database it uses), or --drop-existing to drop it");
                }
                try (Statement s = c.createStatement()) {
                    for (String t : tables) {
                        s.execute("DROP TABLE IF EXISTS " + database + "." + t);
                    }
                }
                return;
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static boolean holdsRows(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet any = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
            return any.next();
        }
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
            ServerJvm.deleteTree(workDir);
        }
    }
}
