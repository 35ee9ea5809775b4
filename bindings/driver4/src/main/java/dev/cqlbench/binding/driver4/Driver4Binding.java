package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.session.Session;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryInfo;
import dev.cqlbench.binding.UserCrud;
import java.util.LinkedHashMap;
import java.util.Map;

/** The Apache Cassandra Java driver 4.x, core API: prepared statements, token-aware routing, sync and async. */
public final class Driver4Binding implements Binding {

    public static final String VARIANT = "driver4";

    private final CqlSession session;
    private final BindingConfig config;
    private final String variant;
    private final Map<String, String> audit = new LinkedHashMap<>();

    private Driver4Binding(CqlSession session, BindingConfig config, String variant) {
        this.session = session;
        this.config = config;
        this.variant = variant;
    }

    static Driver4Binding open(String variant, BindingConfig config) {
        return new Driver4Binding(Driver4Sessions.open(config, "cqlbench-" + variant), config, variant);
    }

    @Override
    public LibraryInfo library() {
        return new LibraryInfo(VARIANT, "Apache Cassandra Java driver (core, prepared statements)",
                Session.OSS_DRIVER_COORDINATES.getVersion().toString());
    }

    @Override
    public UserCrud userCrud(String keyspace) {
        Driver4UserCrud crud = new Driver4UserCrud(session, keyspace);
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(crud.preparedCount()));
        recordSessionFacts();
        return crud;
    }

    private void recordSessionFacts() {
        Driver4Sessions.recordSessionFacts(session, config, audit);
    }

    @Override
    public dev.cqlbench.binding.ActivityReader activityReader(String keyspace) {
        Driver4ActivityReader reader = new Driver4ActivityReader(session, keyspace);
        recordSessionFacts();
        audit.put("statements", "prepared");
        audit.put("preparedStatements", "2");
        audit.put("decoding",
                "by hand from Row into a record, by column index; the map through a GenericType constant");
        return reader;
    }

    @Override
    public dev.cqlbench.binding.OrderStore orderStore(dev.cqlbench.binding.OrderStore.Spec spec) {
        Driver4OrderStore store = new Driver4OrderStore(session, spec);
        recordSessionFacts();
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(store.preparedCount()));
        audit.put("execution", "executeAsync, " + spec.concurrency() + " events in flight");
        audit.put("model", spec.model());
        audit.put("lineItemWrites", store.lineItemWrites());
        audit.put("batches", store.lineItemWrites().contains("batch") ? "unlogged, single partition" : "none");
        Driver4Sessions.recordDurability(session, spec.database(), audit);
        return store;
    }

    @Override
    public dev.cqlbench.binding.RowWriter rowWriter(String keyspace) {
        Driver4RowWriter writer = new Driver4RowWriter(session, keyspace);
        recordSessionFacts();
        audit.put("statements", "prepared: " + writer.insertCql());
        audit.put("execution", switch (variant) {
            case "async" -> "executeAsync per row, sliding window of in-flight inserts";
            case "logged-batch" -> "BatchStatement LOGGED of bound inserts, mixed partitions";
            case "unlogged-batch" -> "BatchStatement UNLOGGED of bound inserts, mixed partitions";
            case "token-aware-batch" -> "rows grouped by TokenMap.getReplicas, one UNLOGGED BatchStatement per group";
            default -> variant;
        });
        audit.put("batches", switch (variant) {
            case "logged-batch" -> "LOGGED, mixed partitions";
            case "unlogged-batch" -> "UNLOGGED, mixed partitions";
            case "token-aware-batch" -> "UNLOGGED, one replica set per batch";
            default -> "none";
        });
        audit.put("routing", "driver default (token-aware; a batch by its first statement's partition key)");
        audit.put("readBack", "SELECT of the whole table at consistency ALL after each repetition");
        return writer;
    }

    @Override
    public dev.cqlbench.binding.KeyValueStore keyValueStore(String keyspace, int fieldCount) {
        Driver4KeyValueStore store = new Driver4KeyValueStore(session, keyspace, fieldCount);
        recordSessionFacts();
        audit.put("statements", "prepared (" + store.preparedCount() + ")");
        audit.put("execution", "executeAsync; read = every field; update = one field; scan = token(y_id) >= "
                + "token(?) LIMIT n, every page consumed");
        return store;
    }

    @Override
    public Map<String, String> audit() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(audit));
    }

    @Override
    public void close() {
        session.close();
    }
}
