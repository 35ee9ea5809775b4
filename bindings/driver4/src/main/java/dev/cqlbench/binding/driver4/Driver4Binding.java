package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.session.Session;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;

/** The Apache Cassandra Java driver 4.x, core API: prepared statements, token-aware routing, sync and async. */
public final class Driver4Binding extends Binding {

    private final CqlSession session;

    public Driver4Binding(Library library, BindingConfig config) {
        super(library, config);
        this.session = Driver4Sessions.open(config, "cqlbench-" + library.name());
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ActivityReader.class, (ActivityReader.On on) -> activityReader(on.keyspace()));
        offer(OrderStore.class, this::orderStore);
        offer(RowWriter.class, this::rowWriter);
        offer(KeyValueStore.class, (KeyValueStore.On on) -> keyValueStore(on));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on.profile(), on.keyspace()));
    }

    @Override
    public String version() {
        return Session.OSS_DRIVER_COORDINATES.getVersion().toString();
    }

    private UserCrud userCrud(String keyspace) {
        UserCrud crud = Driver4UserCrud.open(session, keyspace);
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(Driver4UserCrud.PREPARED));
        recordSessionFacts();
        return crud;
    }

    private void recordSessionFacts() {
        Driver4Sessions.recordSessionFacts(session, config(), audit);
    }

    private ActivityReader activityReader(String keyspace) {
        Driver4ActivityReader reader = new Driver4ActivityReader(session, keyspace);
        recordSessionFacts();
        audit.put("statements", "prepared");
        audit.put("preparedStatements", "2");
        audit.put("decoding",
                "by hand from Row into a record, by column index; the map through a GenericType constant");
        return reader;
    }

    private OrderStore orderStore(OrderStore.Spec spec) {
        Driver4OrderStore store = new Driver4OrderStore(session, spec);
        recordSessionFacts();
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(store.preparedCount()));
        audit.put("execution", "executeAsync, " + spec.concurrency() + " events in flight");
        audit.put("model", spec.model());
        audit.put("lineItemWrites", store.lineItemWrites());
        audit.put("batches", store.lineItemWrites().contains("batch") ? "unlogged, single partition" : "none");
        recordDurability(session, spec.database(), audit);
        return store;
    }

    private RowWriter rowWriter(RowWriter.On on) {
        Driver4RowWriter writer = new Driver4RowWriter(session, on.keyspace());
        recordSessionFacts();
        audit.put("statements", "prepared: " + writer.insertCql());
        audit.put("execution", switch (on.pattern()) {
            case "async" -> "executeAsync per row, sliding window of in-flight inserts";
            case "logged-batch" -> "BatchStatement LOGGED of bound inserts, mixed partitions";
            case "unlogged-batch" -> "BatchStatement UNLOGGED of bound inserts, mixed partitions";
            case "token-aware-batch" -> "rows grouped by TokenMap.getReplicas, one UNLOGGED BatchStatement per group";
            default -> on.pattern();
        });
        audit.put("batches", switch (on.pattern()) {
            case "logged-batch" -> "LOGGED, mixed partitions";
            case "unlogged-batch" -> "UNLOGGED, mixed partitions";
            case "token-aware-batch" -> "UNLOGGED, one replica set per batch";
            default -> "none";
        });
        audit.put("routing", "driver default (token-aware; a batch by its first statement's partition key)");
        audit.put("readBack", "SELECT of the whole table at consistency ALL after each repetition");
        return writer;
    }

    private KeyValueStore keyValueStore(KeyValueStore.On on) {
        Driver4KeyValueStore store = new Driver4KeyValueStore(session, on);
        recordSessionFacts();
        audit.put("statements", "prepared (" + store.preparedCount() + ")");
        audit.put("execution", "executeAsync; read = " + (on.readsOneField() ? "one field" : "every field")
                + "; update = " + (on.writesAllFields() ? "every field" : "one field") + "; scan = token(y_id) >= "
                + "token(?) LIMIT n, every page consumed; keys " + (on.orderedKeys() ? "ordered" : "hashed")
                + (on.zeroPadding() > 1 ? ", zero-padded to " + on.zeroPadding() + " digits" : ""));
        return store;
    }

    private ProfileTable profileTable(Profile profile, String keyspace) {
        Driver4ProfileTable table = new Driver4ProfileTable(session, profile, keyspace);
        recordSessionFacts();
        audit.put("statements", "prepared (" + table.preparedCount() + ")");
        audit.put("execution", "execute per insert and per query; every column of every row decoded (getObject)");
        audit.put("batches", Features.rowsPerInsertMax(profile) > 1 ? profile.insert().batchType()
                + " BatchStatement when an insert writes several rows" : "none (one row per insert)");
        return table;
    }

    @Override
    public void close() {
        session.close();
    }

    /** Whether writes to {@code keyspace} reach the commit log, and how often the commit log is synced. */
    private static void recordDurability(CqlSession session, String keyspace, java.util.Map<String, String> audit) {
        com.datastax.oss.driver.api.core.cql.Row ks = session.execute(
                "SELECT durable_writes FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace).one();
        audit.put("durableWrites", ks == null ? "unknown" : String.valueOf(ks.getBoolean(0)));
        try {
            StringBuilder sync = new StringBuilder();
            for (com.datastax.oss.driver.api.core.cql.Row row : session.execute(
                    "SELECT name, value FROM system_views.settings WHERE name IN ('commitlog_sync', "
                            + "'commitlog_sync_period', 'commitlog_sync_group_window')")) {
                if (row.getString(1) != null && !row.getString(1).isBlank()) {
                    sync.append(sync.length() == 0 ? "" : ", ").append(row.getString(0)).append('=')
                            .append(row.getString(1));
                }
            }
            audit.put("commitlogSync", sync.length() == 0 ? "unknown" : sync.toString());
        } catch (RuntimeException e) {
            audit.put("commitlogSync", "unknown (system_views.settings not readable: " + e.getClass().getSimpleName() + ")");
        }
    }
}
