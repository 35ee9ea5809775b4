package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.binding.WritesSchema;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Study 04's patterns on driver 4: one prepared INSERT, bound per row; batches built from the bound statements
 * (the driver routes a batch by its first statement's partition key, as the study describes); replica sets
 * from the driver's token map, as the study's {@code splitByToken} took them from the load-balancing policy.
 */
final class Driver4RowWriter implements RowWriter {

    private static final Duration TRUNCATE_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration SCAN_PAGE_TIMEOUT = Duration.ofSeconds(60);

    private final CqlSession session;
    private final String table;
    private final CqlIdentifier keyspace;
    private final PreparedStatement insert;

    Driver4RowWriter(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = CqlIdentifier.fromCql(keyspace);
        this.table = keyspace + "." + WritesSchema.TABLE;
        this.insert = session.prepare("INSERT INTO " + table + " (sensor, ts, value) VALUES (?, ?, ?)");
    }

    String insertCql() {
        return insert.getQuery();
    }

    private BoundStatement bind(Rows rows, int i) {
        return insert.bind(rows.sensor(i), Instant.ofEpochMilli(rows.tsMillis(i)), rows.value(i));
    }

    @Override
    public CompletionStage<Void> insert(Rows rows, int i) {
        return session.executeAsync(bind(rows, i)).thenApply(rs -> null);
    }

    @Override
    public CompletionStage<Void> batch(Rows rows, int[] indices, int count, boolean logged) {
        BatchStatementBuilder builder = BatchStatement.builder(logged ? BatchType.LOGGED : BatchType.UNLOGGED);
        for (int k = 0; k < count; k++) {
            builder.addStatement(bind(rows, indices[k]));
        }
        return session.executeAsync(builder.build()).handle((rs, failure) -> {
            if (failure == null) {
                return null;
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof InvalidQueryException && cause.getMessage() != null
                    && cause.getMessage().contains("Batch too large")) {
                throw new BatchRejectedException(cause.getMessage());
            }
            throw failure instanceof CompletionException ce ? ce : new CompletionException(failure);
        });
    }

    @Override
    public List<int[]> groupByReplicaSet(Rows rows, int from, int to) {
        TokenMap tokens = session.getMetadata().getTokenMap()
                .orElseThrow(() -> new IllegalStateException("the driver has no token map (token metadata disabled?)"));
        Map<Set<Node>, int[]> groups = new LinkedHashMap<>();
        Map<Set<Node>, Integer> sizes = new LinkedHashMap<>();
        for (int i = from; i < to; i++) {
            ByteBuffer key = TypeCodecs.BIGINT.encodePrimitive(rows.sensor(i), ProtocolVersion.DEFAULT);
            Set<Node> replicas = tokens.getReplicas(keyspace, key);
            int[] group = groups.get(replicas);
            int size = sizes.getOrDefault(replicas, 0);
            if (group == null) {
                group = new int[Math.min(16, to - from)];
            } else if (size == group.length) {
                group = Arrays.copyOf(group, Math.min(to - from, group.length * 2));
            }
            group[size] = i;
            groups.put(replicas, group);
            sizes.put(replicas, size + 1);
        }
        List<int[]> out = new ArrayList<>(groups.size());
        groups.forEach((replicas, group) -> out.add(Arrays.copyOf(group, sizes.get(replicas))));
        return out;
    }

    @Override
    public void truncate() {
        session.execute(SimpleStatement.newInstance("TRUNCATE " + table).setTimeout(TRUNCATE_TIMEOUT));
    }

    @Override
    public void scan(RowVisitor visitor) {
        ResultSet rows = session.execute(SimpleStatement.newInstance("SELECT sensor, ts, value FROM " + table)
                .setConsistencyLevel(ConsistencyLevel.ALL)
                .setPageSize(5000)
                .setTimeout(SCAN_PAGE_TIMEOUT));
        for (Row row : rows) {
            visitor.row(row.getLong(0), row.getInstant(1).toEpochMilli(), row.getDouble(2));
        }
    }
}
