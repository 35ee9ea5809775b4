package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.ClusterFacts;
import java.util.List;

/** A cluster the user runs; cqlbench starts and stops nothing. */
public record ExternalTarget(BindingConfig connection) implements ClusterTarget {

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
    public ClusterFacts facts() {
        return new ClusterFacts(ClusterFacts.EXTERNAL, null, null, ClusterFacts.Embedded.NONE,
                null, null);
    }

    @Override
    public void close() {
        // not ours to stop
    }
}
