package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;

/** A cluster the user runs; cqlbench starts and stops nothing. */
public record ExternalTarget(BindingConfig connection) implements ClusterTarget {

    @Override
    public String kind() {
        return "external";
    }

    @Override
    public Long serverPid() {
        return null;
    }

    @Override
    public String replication(int replicationFactor) {
        return "{'class': 'NetworkTopologyStrategy', '" + connection.localDatacenter() + "': " + replicationFactor + "}";
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
