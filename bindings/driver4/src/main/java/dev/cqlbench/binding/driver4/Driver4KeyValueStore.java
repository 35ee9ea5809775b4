package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.cqlbench.binding.Completion;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.MixesSchema;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * YCSB's CQL binding on driver 4, asynchronous: prepared statements, token-aware; a read selects every field;
 * an update sets one; a scan pages through {@code token(y_id) >= token(?)} up to {@code count} rows. The timed
 * calls hand the driver's future straight to the runner's {@link Completion}: no stage is chained per operation
 * (an insert's or update's result is ignored), and a read decodes its row in the same callback.
 */
final class Driver4KeyValueStore implements KeyValueStore {

    private static final Duration TRUNCATE_TIMEOUT = Duration.ofSeconds(120);

    private final CqlSession session;
    private final String table;
    private final int fieldCount;
    private final PreparedStatement insert;
    private final PreparedStatement read;
    private final PreparedStatement[] update;
    private final PreparedStatement updateAll;
    private final PreparedStatement[] readField;
    private final PreparedStatement[] scanField;
    private final PreparedStatement scan;
    private final KeyValueStore.On on;

    Driver4KeyValueStore(CqlSession session, KeyValueStore.On on) {
        this.session = session;
        this.on = on;
        this.fieldCount = on.fieldCount();
        String keyspace = on.keyspace();
        this.table = keyspace + "." + MixesSchema.TABLE;
        String fields = MixesSchema.fieldList(fieldCount);
        insert = session.prepare("INSERT INTO " + table + " (y_id, " + fields + ") VALUES (?"
                + ", ?".repeat(fieldCount) + ")");
        read = session.prepare("SELECT " + fields + " FROM " + table + " WHERE y_id = ?");
        update = new PreparedStatement[fieldCount];
        for (int f = 0; f < fieldCount; f++) {
            update[f] = session.prepare("UPDATE " + table + " SET " + MixesSchema.field(f) + " = ? WHERE y_id = ?");
        }
        scan = session.prepare("SELECT y_id, " + fields + " FROM " + table + " WHERE token(y_id) >= token(?) LIMIT ?");
        updateAll = on.writesAllFields() ? session.prepare("UPDATE " + table + " SET " + String.join(" = ?, ",
                fields.split(", ")) + " = ? WHERE y_id = ?") : null;
        readField = on.readsOneField() ? new PreparedStatement[fieldCount] : null;
        scanField = on.readsOneField() ? new PreparedStatement[fieldCount] : null;
        for (int f = 0; readField != null && f < fieldCount; f++) {
            readField[f] = session.prepare("SELECT " + MixesSchema.field(f) + " FROM " + table + " WHERE y_id = ?");
            scanField[f] = session.prepare("SELECT y_id, " + MixesSchema.field(f) + " FROM " + table
                    + " WHERE token(y_id) >= token(?) LIMIT ?");
        }
    }

    int preparedCount() {
        return 3 + fieldCount + (updateAll == null ? 0 : 1) + (readField == null ? 0 : 2 * fieldCount);
    }

    @Override
    public String keyOf(long record) {
        return on.key(record);
    }

    @Override
    public CompletionStage<Void> insert(String key, String[] values) {
        Object[] bound = new Object[fieldCount + 1];
        bound[0] = key;
        System.arraycopy(values, 0, bound, 1, fieldCount);
        return session.executeAsync(insert.bind(bound)).thenApply(rs -> null);
    }

    @Override
    public void insert(long record, String[] values, Completion done) {
        Object[] bound = new Object[fieldCount + 1];
        bound[0] = on.key(record);
        System.arraycopy(values, 0, bound, 1, fieldCount);
        session.executeAsync(insert.bind(bound)).whenComplete(done);
    }

    @Override
    public void read(long record, Completion done) {
        read(read.bind(on.key(record)), done);
    }

    @Override
    public void read(long record, int field, Completion done) {
        read(readField[field].bind(on.key(record)), done);
    }

    /** Runs a read; {@code done} gets the row's columns, decoded in the driver's callback, or the failure. */
    private void read(com.datastax.oss.driver.api.core.cql.BoundStatement statement, Completion done) {
        session.executeAsync(statement).whenComplete((rs, failure) -> {
            String[] row = null;
            if (failure == null) {
                try {
                    row = decode(rs);
                } catch (RuntimeException e) {
                    done.accept(null, e);
                    return;
                }
            }
            done.accept(row, failure);
        });
    }

    @Override
    public void update(long record, int field, String value, Completion done) {
        session.executeAsync(update[field].bind(value, on.key(record))).whenComplete(done);
    }

    @Override
    public void updateAll(long record, String[] values, Completion done) {
        session.executeAsync(boundUpdateAll(on.key(record), values)).whenComplete(done);
    }

    @Override
    public CompletionStage<Void> updateAll(String key, String[] values) {
        return session.executeAsync(boundUpdateAll(key, values)).thenApply(rs -> null);
    }

    private com.datastax.oss.driver.api.core.cql.BoundStatement boundUpdateAll(String key, String[] values) {
        Object[] bound = new Object[fieldCount + 1];
        System.arraycopy(values, 0, bound, 0, fieldCount);
        bound[fieldCount] = key;
        return updateAll.bind(bound);
    }

    @Override
    public CompletionStage<String[]> read(String key) {
        return read(read.bind(key));
    }

    @Override
    public CompletionStage<String[]> readLatest(String key) {
        return read(read.bind(key).setConsistencyLevel(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.ALL));
    }

    private CompletionStage<String[]> read(com.datastax.oss.driver.api.core.cql.BoundStatement statement) {
        return session.executeAsync(statement).thenApply(this::decode);
    }

    /** The record's fields, or null when there is no such record. */
    private String[] decode(AsyncResultSet rs) {
        Row row = rs.one();
        if (row == null) {
            return null;
        }
        String[] out = new String[row.getColumnDefinitions().size()];
        for (int f = 0; f < out.length; f++) {
            out[f] = row.getString(f);
        }
        return out;
    }

    @Override
    public CompletionStage<Void> update(String key, int field, String value) {
        return session.executeAsync(update[field].bind(value, key)).thenApply(rs -> null);
    }

    @Override
    public CompletionStage<Integer> scan(String startKey, int count) {
        return session.executeAsync(scan.bind(startKey, count)).thenCompose(rs -> consume(rs, 0));
    }

    @Override
    public CompletionStage<Integer> scan(String startKey, int count, int field) {
        return session.executeAsync(scanField[field].bind(startKey, count)).thenCompose(rs -> consume(rs, 0));
    }

    /** Every row of every page, each field read, as a client would. */
    private static CompletionStage<Integer> consume(AsyncResultSet rs, int seen) {
        int n = seen;
        for (Row row : rs.currentPage()) {
            for (int c = 0; c < row.getColumnDefinitions().size(); c++) {
                row.getString(c);
            }
            n++;
        }
        if (rs.hasMorePages()) {
            int total = n;
            return rs.fetchNextPage().thenCompose(next -> consume(next, total));
        }
        return CompletableFuture.completedFuture(n);
    }

    @Override
    public void truncate() {
        session.execute(SimpleStatement.newInstance("TRUNCATE " + table).setTimeout(TRUNCATE_TIMEOUT));
    }
}
