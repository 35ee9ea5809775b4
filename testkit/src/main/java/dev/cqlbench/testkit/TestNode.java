package dev.cqlbench.testkit;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.util.List;
import java.util.Map;

/** What tests against the embedded node ({@link EmbeddedCassandraExtension}) say alike: how to reach it, a keyspace. */
public final class TestNode {

    private TestNode() {
    }

    /** {@code node}'s contact point and datacenter, no credentials, LOCAL_ONE, the driver's own settings. */
    public static BindingConfig config(EmbeddedCassandra node, long requestTimeoutMillis) {
        return config(node, requestTimeoutMillis, Map.of());
    }

    /** {@code node}'s contact point and datacenter, no credentials, LOCAL_ONE, the driver {@code options} given. */
    public static BindingConfig config(EmbeddedCassandra node, long requestTimeoutMillis, Map<String, String> options) {
        return new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null, "LOCAL_ONE",
                requestTimeoutMillis, options);
    }

    /** CQL that makes {@code keyspace} unless it is there: one replica, the node being alone. */
    public static String createKeyspace(String keyspace) {
        return "CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}";
    }
}
