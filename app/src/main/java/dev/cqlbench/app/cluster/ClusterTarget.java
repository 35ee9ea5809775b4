package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;

/** Where the data lives for a run: an embedded node cqlbench started, or a cluster the user named. */
public interface ClusterTarget extends AutoCloseable {

    /** "embedded" or "external". */
    String kind();

    /** How bindings and the admin connection reach it (password included: never recorded). */
    BindingConfig connection();

    /** Pid of the embedded server process, null for an external cluster. */
    Long serverPid();

    /** Replication for keyspaces this run creates. */
    String replication(int replicationFactor);

    @Override
    void close();
}
