package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run on the cluster 'cqlbench cluster start' keeps up: used as it is, left running at the end. */
public final class KeptClusterTarget implements ClusterTarget {

    private final KeptCluster.State state;
    private final BindingConfig connection;

    KeptClusterTarget(KeptCluster.State state, BindingConfig connection) {
        this.state = state;
        this.connection = connection;
    }

    public KeptCluster.State state() {
        return state;
    }

    @Override
    public String kind() {
        return "embedded-kept";
    }

    @Override
    public BindingConfig connection() {
        return connection;
    }

    @Override
    public List<Long> serverPids() {
        return state.pids();
    }

    @Override
    public int nodes() {
        return state.nodes().size();
    }

    @Override
    public String replication(int replicationFactor) {
        return EmbeddedTarget.simpleStrategy(replicationFactor);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", state.nodes().size());
        out.put("nodeAddresses", state.contactPoints());
        out.put("cassandraHeapMb", state.heapMb());
        out.put("batchSizeFailThresholdKib", state.batchSizeFailThresholdKib());
        out.put("clusterStartedAt", state.startedAt());
        out.put("authentication", state.authenticated() ? Targets.AUTHENTICATED : "none");
        return out;
    }

    @Override
    public void close() {
        // kept running for the next run: 'cqlbench cluster stop' stops it
    }
}
