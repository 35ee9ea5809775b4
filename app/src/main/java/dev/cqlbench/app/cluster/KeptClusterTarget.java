package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.ClusterFacts;
import java.util.List;

/** A run on the cluster 'cqlbench cluster start' keeps up: used as it is, left running at the end. */
public record KeptClusterTarget(KeptCluster.State state, BindingConfig connection) implements ClusterTarget {

    @Override
    public List<Long> serverPids() {
        return state.pids();
    }

    @Override
    public List<String> serverJmx() {
        return state.nodes().stream().filter(n -> n.jmxPort() != null).map(n -> "127.0.0.1:" + n.jmxPort()).toList();
    }

    @Override
    public int nodes() {
        return state.nodes().size();
    }

    @Override
    public ClusterFacts facts() {
        return new ClusterFacts(ClusterFacts.EMBEDDED_KEPT, state.nodes().size(), state.contactPoints(),
                new ClusterFacts.Embedded(state.heapMb(), state.batchSizeFailThresholdKib(),
                state.authenticated() ? Targets.AUTHENTICATED : "none",
                dev.cqlbench.server.cassandra.NodeFlags.settings()), null, String.valueOf(state.startedAt()));
    }

    @Override
    public void close() {
        // kept running for the next run: 'cqlbench cluster stop' stops it
    }
}
