package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import java.util.List;
import java.util.Map;

/** A cluster the user runs; cqlbench starts and stops nothing. */
public record ExternalTarget(BindingConfig connection) implements ClusterTarget {

    @Override
    public String kind() {
        return "external";
    }

    @Override
    public List<Long> serverPids() {
        return List.of();
    }

    @Override
    public int nodes() {
        return 0;
    }

    @Override
    public String replication(int replicationFactor) {
        return "{'class': 'NetworkTopologyStrategy', '" + connection.localDatacenter() + "': " + replicationFactor + "}";
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of();
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
