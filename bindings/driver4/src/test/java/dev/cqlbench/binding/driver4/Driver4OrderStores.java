package dev.cqlbench.binding.driver4;

import dev.cqlbench.session.Driver4Sessions;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.HatshopSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import dev.cqlbench.testkit.TestNode;
import dev.cqlbench.testkit.OrderStoreContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The hat-shop contract on the embedded node; one subclass per data model. */
@ExtendWith(EmbeddedCassandraExtension.class)
abstract class Driver4OrderStores extends OrderStoreContract {

    private static EmbeddedCassandra node;
    private static Binding binding;

    @BeforeAll
    static void node(EmbeddedCassandra started) {
        node = started;
    }

    @Override
    protected OrderStore open(OrderStore.Spec spec) throws Exception {
        if (binding == null) {
            BindingConfig config = TestNode.config(node, 30_000);
            try (CqlSession session = Driver4Sessions.open(config, "schema")) {
                session.execute(TestNode.createKeyspace(spec.database()));
                session.execute(HatshopSchema.createOrders(spec.database()));
                session.execute(HatshopSchema.createLineItems(spec.database()));
                session.execute(HatshopSchema.createLineItemsByOrder(spec.database()));
            }
            binding = LibraryCatalog.onClasspath(Driver4OrderStores.class.getClassLoader()).open("driver4", config);
        }
        OrderStore store = binding.open(spec);
        assertThat(binding.audit()).containsEntry("durableWrites", "true").containsEntry("model", spec.model())
                .containsKey("commitlogSync");
        return store;
    }
}
