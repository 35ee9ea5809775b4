package dev.cqlbench.binding.driver4;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.MixesSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import dev.cqlbench.testkit.TestNode;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * YCSB's table through driver 4 against the embedded node, each call as the mixes scenario makes it: a record inserted
 * reads back whole and by one field, one field and then every field updated read back so, a missing record reads as
 * null, a scan counts the records from a key in token order, and the table empties.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class Driver4KeyValueStoreIT {

    private static final String KEYSPACE = "it_mixes";
    private static final int FIELDS = 3;
    private static BindingConfig config;
    private static Binding binding;
    private static KeyValueStore store;

    @BeforeAll
    static void open(EmbeddedCassandra node) throws Exception {
        config = TestNode.config(node, 30_000);
        try (CqlSession session = Driver4Sessions.open(config, "schema")) {
            session.execute(TestNode.createKeyspace(KEYSPACE));
            session.execute(MixesSchema.table(FIELDS).create(KEYSPACE));
        }
        binding = LibraryCatalog.onClasspath(Driver4KeyValueStoreIT.class.getClassLoader()).open("driver4", config);
        store = binding.open(new KeyValueStore.On(KEYSPACE, FIELDS, false, 1, true, true));
    }

    @AfterAll
    static void close() {
        if (binding != null) {
            binding.close();
        }
    }

    /** What a {@link dev.cqlbench.binding.Completion} call hands over, or its failure thrown. */
    private static Object completed(java.util.function.Consumer<dev.cqlbench.binding.Completion> call) {
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        call.accept((result, failure) -> {
            if (failure != null) {
                outcome.completeExceptionally(failure);
            } else {
                outcome.complete(result);
            }
        });
        return outcome.join();
    }

    @Test
    void aRecordReadsBackAsWrittenThenAsUpdatedAndScansCountIt() throws Exception {
        store.truncate();
        String[] values = {"a0", "a1", "a2"};
        completed(done -> store.insert(7, values, done));
        assertThat(store.read(store.keyOf(7)).toCompletableFuture().join()).containsExactly(values);
        assertThat((String[]) completed(done -> store.read(7, 2, done))).containsExactly("a2");

        completed(done -> store.update(7, 1, "b1", done));
        assertThat(store.readLatest(store.keyOf(7)).toCompletableFuture().join()).containsExactly("a0", "b1", "a2");
        completed(done -> store.updateAll(7, new String[] {"c0", "c1", "c2"}, done));
        assertThat(store.read(store.keyOf(7)).toCompletableFuture().join()).containsExactly("c0", "c1", "c2");

        assertThat(store.read(store.keyOf(8)).toCompletableFuture().join()).as("a record never written").isNull();
        for (long record = 100; record < 110; record++) {
            long r = record;
            completed(done -> store.insert(r, new String[] {"x", "y", "z"}, done));
        }
        // eleven records; a scan from the first key in token order reads at most its count, and all from there
        Integer all = store.scan(firstInTokenOrder(), 20).toCompletableFuture().join();
        assertThat(all).isEqualTo(11);
        assertThat((Integer) completed(done -> store.scan(7, 3, 0, done))).isBetween(1, 3);

        store.truncate();
        assertThat(store.read(store.keyOf(7)).toCompletableFuture().join()).as("after truncate").isNull();
    }

    /** The key of the table's first record in token order (a scan from it reads every record). */
    private static String firstInTokenOrder() throws Exception {
        try (CqlSession session = Driver4Sessions.open(config, "scan")) {
            return session.execute("SELECT y_id FROM " + KEYSPACE + "." + MixesSchema.TABLE + " LIMIT 1").one()
                    .getString(0);
        }
    }
}
