package dev.cqlbench.app.cluster;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.session.Driver4Sessions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * The orchestrator's own connection: server version, schema. Connects exactly as the driver4 binding does.
 */
public final class ClusterAdmin implements AutoCloseable {

    private final CqlSession session;

    private ClusterAdmin(CqlSession session) {
        this.session = session;
    }

    public static ClusterAdmin connect(ClusterTarget target) {
        CqlSession session;
        try {
            session = Driver4Sessions.open(target.connection(), "cqlbench-admin");
        } catch (AllNodesFailedException e) {
            boolean auth = e.getAllErrors().values().stream().flatMap(List::stream)
                    .anyMatch(t -> t instanceof AuthenticationException);
            String first = e.getAllErrors().values().stream().flatMap(List::stream).findFirst()
                    .map(Throwable::getMessage).orElse(e.getMessage());
            if (auth) {
                throw new CqlbenchException(ExitCode.CONNECTION,
                        "authentication failed at " + target.connection().contactPoints() + ": " + firstLine(first)
                                + " (check --username and --password-env or --password-file)", e);
            }
            throw new CqlbenchException(ExitCode.CONNECTION, "cannot connect to " + target.connection().contactPoints()
                    + ": " + firstLine(first) + " (check --contact-points and that Cassandra is up)", e);
        } catch (IllegalStateException | DriverException e) {
            // e.g. a local datacenter no contact point belongs to
            throw new CqlbenchException(ExitCode.CONNECTION, "cannot connect to " + target.connection().contactPoints()
                    + ": " + firstLine(e.getMessage()) + " (check --datacenter)", e);
        }
        String datacenter = target.connection().localDatacenter();
        java.util.Set<String> seen = new java.util.TreeSet<>();
        session.getMetadata().getNodes().values().forEach(node -> seen.add(String.valueOf(node.getDatacenter())));
        if (!seen.contains(datacenter)) {
            session.close();
            throw new CqlbenchException(ExitCode.CONNECTION, "no node of the cluster is in datacenter '" + datacenter
                    + "'; datacenters seen: " + seen + " (check --datacenter)");
        }
        return new ClusterAdmin(session);
    }

    public void execute(String cql) {
        session.execute(cql);
    }

    public String releaseVersion() {
        Row row = session.execute("SELECT release_version FROM system.local").one();
        return row == null ? "unknown" : row.getString(0);
    }

    /** This machine's clock minus a node's, and to within how much (half the round trip it was read over). */
    public record ClockOffset(double offsetMs, double uncertaintyMs, String reference) {}

    /**
     * This machine's clock against the cluster's: a node's {@code now()} read {@value #CLOCK_READS} times; the
     * quickest round trip bounds the error best (as NTP does), and the node's time is taken at its middle.
     */
    public ClockOffset clockOffset() {
        double best = Double.MAX_VALUE;
        double offset = 0;
        String reference = null;
        for (int i = 0; i < CLOCK_READS; i++) {
            long sent = System.nanoTime();
            long sentWall = System.currentTimeMillis();
            var rs = session.execute("SELECT toUnixTimestamp(now()) FROM system.local");
            long received = System.nanoTime();
            Row row = rs.one();
            if (row == null) {
                continue;
            }
            double roundTripMs = (received - sent) / 1e6;
            if (roundTripMs < best) {
                best = roundTripMs;
                offset = sentWall + roundTripMs / 2 - row.getLong(0);
                reference = String.valueOf(rs.getExecutionInfo().getCoordinator().getEndPoint());
            }
        }
        return reference == null ? null : new ClockOffset(offset, best / 2, reference);
    }

    private static final int CLOCK_READS = 7;

    /** Where the clients sharing a workload meet ({@code ClientBarrier}), in the run's keyspace. */
    public static final String BARRIER_TABLE = "cqlbench_barrier";

    /** Creates the clients' barrier table in {@code keyspace} when missing. */
    /**
     * Waits until {@code keyspace.table} exists (another client of the run creates it), polling the schema every
     * second; a one-line error after {@code timeout}, or when {@code stop} says so.
     */
    public void awaitTable(String keyspace, String table, java.time.Duration timeout,
                           java.util.function.BooleanSupplier stop) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (columns(keyspace, table).isEmpty()) {
            if (stop.getAsBoolean() || System.nanoTime() > deadline) {
                throw new CqlbenchException(ExitCode.SCHEMA, "table " + keyspace + "." + table + " was not created "
                        + "by client 0 of the run within " + timeout.toSeconds() + " s (client 0 creates the schema, "
                        + "the others wait for it)");
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CqlbenchException(ExitCode.INTERRUPTED, "interrupted while waiting for the schema");
            }
        }
        session.checkSchemaAgreement();
    }

    public void ensureBarrierTable(String keyspace) {
        session.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS " + keyspace + "." + BARRIER_TABLE
                + " (run text, step text, client int, arrived bigint, PRIMARY KEY ((run, step), client)) WITH comment"
                + " = 'cqlbench: where the clients sharing a workload meet'").setTimeout(java.time.Duration.ofSeconds(30)));
        session.checkSchemaAgreement();
    }

    /** Client {@code client} of run {@code run} arrived at {@code step} at {@code arrivedMillis} (its clock). */
    public void arrive(String keyspace, String run, String step, int client, long arrivedMillis) {
        session.execute(SimpleStatement.newInstance("INSERT INTO " + keyspace + "." + BARRIER_TABLE
                + " (run, step, client, arrived) VALUES (?, ?, ?, ?)", run, step, client, arrivedMillis)
                .setConsistencyLevel(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_QUORUM));
    }

    /** The clients at {@code step} so far, each with its arrival time. */
    public java.util.Map<Integer, Long> arrivals(String keyspace, String run, String step) {
        java.util.Map<Integer, Long> arrivals = new java.util.TreeMap<>();
        session.execute(SimpleStatement.newInstance("SELECT client, arrived FROM " + keyspace + "." + BARRIER_TABLE
                        + " WHERE run = ? AND step = ?", run, step)
                .setConsistencyLevel(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.LOCAL_QUORUM))
                .forEach(r -> arrivals.put(r.getInt(0), r.getLong(1)));
        return arrivals;
    }

    /**
     * Creates the keyspace and table when missing. An existing table must have the expected columns and types,
     * or the run stops before measuring anything.
     *
     * @param columns column name → CQL type
     * @return whether this run created the keyspace
     */
    /** @param dropOnClash drop a table of that name with another schema and create it afresh (--drop-existing) */
    public boolean ensureTable(String keyspace, String replication, String table, List<String[]> columns,
                               String createTable, boolean dropOnClash) {
        boolean keyspaceExisted = session.execute(
                "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace).one() != null;
        if (!keyspaceExisted) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication);
        }
        Map<String, String> existing = columns(keyspace, table);
        if (existing.isEmpty()) {
            try {
                session.execute(createTable);
                return !keyspaceExisted;
            } catch (com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException raced) {
                // another client of the run created it in the meantime: checked as a table that was there
                existing = columns(keyspace, table);
            }
        }
        for (String[] column : columns) {
            String type = existing.get(column[0]);
            if (type == null || !type.toLowerCase(Locale.ROOT).equals(column[1])) {
                if (dropOnClash) {
                    dropTable(keyspace, table);
                    session.execute(createTable);
                    return !keyspaceExisted;
                }
                throw new CqlbenchException(ExitCode.SCHEMA, "table " + keyspace + "." + table
                        + " exists with column " + column[0] + " " + (type == null ? "missing" : type)
                        + ", expected " + column[1] + " (use another --keyspace, or --drop-existing to drop it)");
            }
        }
        return !keyspaceExisted;
    }

    /** The table's columns and their types as the cluster has them; empty when there is no such table. */
    private Map<String, String> columns(String keyspace, String table) {
        Map<String, String> existing = new LinkedHashMap<>();
        for (Row row : session.execute("SELECT column_name, type FROM system_schema.columns "
                + "WHERE keyspace_name = ? AND table_name = ?", keyspace, table)) {
            existing.put(row.getString(0), row.getString(1));
        }
        return existing;
    }

    /** Node address → its state as the driver sees it (UP, DOWN, UNKNOWN, FORCED_DOWN). */
    public Map<String, String> nodeStates() {
        Map<String, String> out = new java.util.TreeMap<>();
        session.getMetadata().getNodes().values().forEach(node -> {
            String address = node.getBroadcastRpcAddress().map(a -> a.getAddress().getHostAddress())
                    .orElse(String.valueOf(node.getEndPoint()));
            out.put(address, node.getState().name());
        });
        return out;
    }

    /** DROP TABLE, waiting for schema agreement (a table re-created at once must not meet the old one). */
    public void dropTable(String keyspace, String table) {
        session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement
                .newInstance("DROP TABLE IF EXISTS " + keyspace + "." + table)
                .setTimeout(java.time.Duration.ofSeconds(60)));
        session.checkSchemaAgreement();
    }

    /** The table's comment, or null when the table does not exist. */
    public String tableComment(String keyspace, String table) {
        Row row = session.execute("SELECT comment FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
                keyspace, table).one();
        return row == null ? null : String.valueOf(row.getString(0));
    }

    /** The keyspace's durable_writes, or null when there is no such keyspace. */
    public Boolean durableWrites(String keyspace) {
        Row row = session.execute("SELECT durable_writes FROM system_schema.keyspaces WHERE keyspace_name = ?",
                keyspace).one();
        return row == null ? null : row.getBoolean(0);
    }

    /** The names of the keyspace's tables. */
    public List<String> tables(String keyspace) {
        return session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace)
                .all().stream().map(r -> r.getString(0)).toList();
    }

    /** Whether the table holds at least one row. */
    public boolean hasRows(String keyspace, String table) {
        return session.execute("SELECT * FROM " + keyspace + "." + table + " LIMIT 1").one() != null;
    }

    /**
     * Every client connection every node lists now ({@code system_views.clients}, Cassandra 4.0 and later, asked of
     * each node that is up, since a virtual table holds only its own node's rows).
     *
     * @throws DriverException when a node cannot be asked (no such table: an older Cassandra)
     */
    public List<Client> clients() {
        List<Client> out = new java.util.ArrayList<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            if (node.getState() != NodeState.UP) {
                continue;
            }
            String at = String.valueOf(node.getEndPoint());
            for (Row row : session.execute(SimpleStatement.newInstance(
                    "SELECT address, port, protocol_version, driver_name, driver_version, request_count "
                            + "FROM system_views.clients").setNode(node))) {
                java.net.InetAddress address = row.getInetAddress("address");
                out.add(new Client(at, address == null ? "" : address.getHostAddress(), row.getInt("port"),
                        row.getInt("protocol_version"), row.getString("driver_name"), row.getString("driver_version"),
                        row.getLong("request_count")));
            }
        }
        return out;
    }

    /**
     * One client connection as a node lists it.
     *
     * @param node     the node's endpoint
     * @param address  the client's address, as the node sees it
     * @param port     the client's port
     * @param requests requests the connection carried so far
     */
    public record Client(String node, String address, int port, int protocolVersion, String driverName,
                         String driverVersion, long requests) {

        /** The client side of the connection, "127.0.0.1:53124". */
        public String clientEnd() {
            return address + ":" + port;
        }
    }

    @Override
    public void close() {
        session.close();
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
