package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.ClusterFacts;
import java.util.List;

/**
 * Where the data lives for a run: embedded nodes cqlbench started for it, a cluster 'cqlbench cluster start'
 * keeps up, or a cluster the user named.
 */
public interface ClusterTarget extends AutoCloseable {

    /** How bindings and the admin connection reach it (password included: never recorded). */
    BindingConfig connection();

    /** Pids of the embedded nodes; empty for an external cluster. */
    List<Long> serverPids();

    /** Every node's JMX {@code host:port} where cqlbench knows it (the nodes it started); empty otherwise. */
    default List<String> serverJmx() {
        return List.of();
    }

    /** Nodes, when cqlbench knows them (embedded); 0 for an external cluster. */
    int nodes();

    /** Replication for keyspaces this run creates: SimpleStrategy on nodes cqlbench runs (one datacenter). */
    default String replication(int replicationFactor) {
        return "{'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}";
    }

    /** What the result records about it, beyond the settings it was opened with (its kind, nodes, heap…). */
    ClusterFacts facts();

    @Override
    void close();
}
