package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.scenario.writes.WriteData;
import dev.cqlbench.binding.WritesSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import dev.cqlbench.testkit.TestNode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Study 04's patterns on driver 4 against the embedded node (Cassandra's default 50 KiB batch threshold). */
@ExtendWith(EmbeddedCassandraExtension.class)
class Driver4RowWriterIT {

    private static final String KEYSPACE = "it_writes";
    private static Binding binding;
    private static RowWriter writer;

    @BeforeAll
    static void open(EmbeddedCassandra node) throws Exception {
        BindingConfig config = TestNode.config(node, 30_000);
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            session.execute(TestNode.createKeyspace(KEYSPACE));
            session.execute(WritesSchema.createTable(KEYSPACE));
        }
        binding = LibraryCatalog.onClasspath(Driver4RowWriterIT.class.getClassLoader()).open("driver4", config);
        writer = binding.open(new RowWriter.On(KEYSPACE, "token-aware-batch"));
    }

    @AfterAll
    static void close() {
        if (binding != null) {
            binding.close();
        }
    }

    private static WriteData.Verifier scan(WriteData data) throws Exception {
        WriteData.Verifier verifier = data.verifier();
        writer.scan(verifier::row);
        return verifier;
    }

    @Test
    void insertsAndBatchesReadBackExactlyAndTruncateEmpties() throws Exception {
        WriteData data = WriteData.generate(1, 300, 100, 40, 1, 1_600_000_000_000L);
        writer.truncate();
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pending.add(writer.insert(data, i).toCompletableFuture());
        }
        pending.add(writer.batch(data, IntStream.range(100, 200).toArray(), 100, true).toCompletableFuture());
        pending.add(writer.batch(data, IntStream.range(200, 300).toArray(), 100, false).toCompletableFuture());
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();

        WriteData.Verifier verifier = scan(data);
        BitSet all = new BitSet();
        all.set(0, 300);
        assertThat(verifier.read()).isEqualTo(300);
        assertThat(verifier.wrong()).isZero();
        assertThat(verifier.missing(all)).isZero();
        assertThat(verifier.checksum()).isEqualTo(data.checksum(all));

        writer.truncate();
        assertThat(scan(data).read()).isZero();
    }

    @Test
    void oneNodeOwnsEverythingSoTokenAwareGroupingKeepsOneGroupInRowOrder() {
        WriteData data = WriteData.generate(2, 500, 500, 0, 1, 0);
        List<int[]> groups = writer.groupByReplicaSet(data, 100, 400);
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0)).containsExactly(IntStream.range(100, 400).toArray());
        assertThat(binding.audit()).containsEntry("batches", "UNLOGGED, one replica set per batch")
                .containsKey("maxRequestsPerConnection");
    }

    @Test
    void aBatchOverTheThresholdIsRejectedAsSuch() {
        // 1,000 rows of distinct partitions: about 84 KiB as Cassandra counts, over its default 50 KiB
        WriteData data = WriteData.generate(3, 1000, 1000, 0, 1_000_000, 0);
        assertThatThrownBy(() -> writer.batch(data, IntStream.range(0, 1000).toArray(), 1000, false)
                .toCompletableFuture().join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(BatchRejectedException.class)
                .hasMessageContaining("Batch too large");
        // the same rows in one partition are not multi-partition: Cassandra does not limit those
        WriteData onePartition = WriteData.generate(3, 1000, 1000, 100, 2_000_000, 0);
        writer.batch(onePartition, IntStream.range(0, 1000).toArray(), 1000, false).toCompletableFuture().join();
    }
}
