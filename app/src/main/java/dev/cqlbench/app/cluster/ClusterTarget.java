package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import java.util.List;
import java.util.Map;

/**
 * Where the data lives for a run: embedded nodes cqlbench started for it, a cluster 'cqlbench cluster start'
 * keeps up, or a cluster the user named.
 */
public interface ClusterTarget extends AutoCloseable {

    /** "embedded", "embedded-kept" or "external". */
    String kind();

    /** How bindings and the admin connection reach it (password included: never recorded). */
    BindingConfig connection();

    /** Pids of the embedded nodes; empty for an external cluster. */
    List<Long> serverPids();

    /** Nodes, when cqlbench knows them (embedded); 0 for an external cluster. */
    int nodes();

    /** Replication for keyspaces this run creates. */
    String replication(int replicationFactor);

    /** What the result records about it, beyond the connection settings (nodes, thresholds…). */
    Map<String, Object> describe();

    @Override
    void close();
}
