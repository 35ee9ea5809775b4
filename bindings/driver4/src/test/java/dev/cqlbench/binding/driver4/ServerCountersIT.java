package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.measure.ServerAudit;
import dev.cqlbench.measure.ServerCounters;
import dev.cqlbench.result.ObservedAudit;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import dev.cqlbench.testkit.TestNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The server's counters, read over JMX around a known sequence of requests, count exactly that sequence: what a
 * run's observed audit rests on.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class ServerCountersIT {

    private static final String KEYSPACE = "counted";

    @Test
    void theNodeCountsExactlyWhatWasSent(EmbeddedCassandra node) throws Exception {
        // no schema or token metadata of its own: the session sends nothing but what the test asks for
        BindingConfig config = TestNode.config(node, 10_000, Map.of("advanced.metadata.schema.enabled", "false",
                "advanced.metadata.token-map.enabled", "false"));
        try (CqlSession session = Driver4Sessions.open(config, "counted");
             ServerCounters counters = ServerCounters.connect("127.0.0.1", node.jmxPort(), KEYSPACE)) {
            session.execute(TestNode.createKeyspace(KEYSPACE));
            session.execute("CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".kv (k int PRIMARY KEY, v text)");
            PreparedStatement insert = session.prepare("INSERT INTO " + KEYSPACE + ".kv (k, v) VALUES (?, ?)");

            ServerCounters.Counted before = counters.read();
            for (int i = 0; i < 100; i++) {
                session.execute(insert.bind(i, "v" + i));
            }
            for (int i = 0; i < 10; i++) {
                session.execute("SELECT v FROM " + KEYSPACE + ".kv WHERE k = " + i);
            }
            BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
            for (int i = 1000; i < 1005; i++) {
                batch = batch.add(insert.bind(i, "b" + i));
            }
            session.execute(batch.setConsistencyLevel(ConsistencyLevel.QUORUM));
            session.execute(SimpleStatement.newInstance("SELECT v FROM " + KEYSPACE + ".kv WHERE k = 1000")
                    .setConsistencyLevel(ConsistencyLevel.QUORUM));
            Map<String, Long> counted = counters.read().since(before);

            assertThat(counted).containsEntry("cql.prepared", 100L)
                    .containsEntry("cql.regular", 11L)
                    .containsEntry("batch.unlogged", 1L)
                    .containsEntry("batch.unlogged.partitions", 5L)
                    .containsEntry("request.write", 101L)
                    .containsEntry("request.write.LOCAL_ONE", 100L)
                    .containsEntry("request.write.QUORUM", 1L)
                    .containsEntry("request.read", 11L)
                    .containsEntry("request.read.LOCAL_ONE", 10L)
                    .containsEntry("request.read.QUORUM", 1L)
                    .containsEntry("storage.write", 105L)
                    .containsEntry("storage.read", 11L)
                    .doesNotContainKeys("batch.logged", "batch.counter", "request.write.remote",
                            "request.read.remote", "request.range");
            // time is counted where requests are: the coordinator's from receiving to answering covers the
            // replica's own read or write of the same request (one node: it is both)
            assertThat(counted.get("request.write.micros")).isPositive()
                    .isGreaterThanOrEqualTo(counted.get("storage.write.micros"));
            assertThat(counted.get("request.read.micros")).isPositive()
                    .isGreaterThanOrEqualTo(counted.get("storage.read.micros"));
            assertThat(counted.get("storage.write.micros")).isPositive();
            // every message has a 9-byte header at least, both ways (the exact figure depends on the statements)
            assertThat(counted.get("bytes.received")).isGreaterThanOrEqualTo(112L * 9);
            assertThat(counted.get("bytes.sent")).isGreaterThanOrEqualTo(112L * 9);
        }
    }

    @Test
    void aBindingThatSaysPreparedButSendsUnpreparedIsFlagged(EmbeddedCassandra node) throws Exception {
        BindingConfig config = TestNode.config(node, 10_000, Map.of("advanced.metadata.schema.enabled", "false"));
        try (CqlSession session = Driver4Sessions.open(config, "lying");
             ServerAudit audit = ServerAudit.connect(List.of("127.0.0.1:" + node.jmxPort()))) {
            session.execute(TestNode.createKeyspace(KEYSPACE));
            session.execute("CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".kv (k int PRIMARY KEY, v text)");
            ServerCounters.Counted before = audit.read();
            for (int i = 0; i < 50; i++) {
                session.execute("INSERT INTO " + KEYSPACE + ".kv (k, v) VALUES (" + (2000 + i) + ", 'lie')");
            }
            AuditedCounts written = audit.counted(before, 50);
            // the one node coordinated every request
            assertThat(written.coordinated()).containsExactly(50L);
            assertThat(written.operations()).isEqualTo(50L);
            assertThat(written.blocks()).isEqualTo(1L);

            Map<String, String> lie = Map.of("statements", "prepared", "batches", "none", "consistency", "LOCAL_ONE");
            assertThat(ObservedAudit.mismatches(lie, "write", written)).containsExactly("write: declares prepared statements; "
                    + "the server counted 1.00 unprepared per operation");
            Map<String, String> truth = Map.of("statements", "unprepared", "batches", "none",
                    "consistency", "LOCAL_ONE");
            assertThat(ObservedAudit.mismatches(truth, "write", written)).isEmpty();
        }
    }
}
