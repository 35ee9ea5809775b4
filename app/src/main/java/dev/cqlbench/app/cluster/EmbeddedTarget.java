package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import dev.cqlbench.server.cassandra.NodeFlags;
import dev.cqlbench.server.jvm.ServerJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Embedded nodes started for one run, stopped at its end; their directories are deleted unless kept. */
public final class EmbeddedTarget implements ClusterTarget {

    private final EmbeddedCluster cluster;
    private final Path workDir;
    private final BindingConfig connection;
    private final boolean keepWorkDir;
    private final ClusterFacts facts;

    public EmbeddedTarget(EmbeddedCluster cluster, Path workDir, BindingConfig connection, boolean keepWorkDir,
                          int heapMb, int batchSizeFailThresholdKib, boolean authenticated) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.keepWorkDir = keepWorkDir;
        this.connection = connection;
        this.facts = new ClusterFacts(ClusterFacts.EMBEDDED, cluster.nodes().size(), cluster.contactPoints(),
                new ClusterFacts.Embedded(heapMb, batchSizeFailThresholdKib,
                authenticated ? Targets.AUTHENTICATED : "none", NodeFlags.settings()), null, null);
    }

    public EmbeddedCluster cluster() {
        return cluster;
    }

    @Override
    public BindingConfig connection() {
        return connection;
    }

    @Override
    public List<Long> serverPids() {
        return cluster.pids();
    }

    @Override
    public List<String> serverJmx() {
        return cluster.nodes().stream().map(node -> "127.0.0.1:" + node.jmxPort()).toList();
    }

    @Override
    public int nodes() {
        return cluster.nodes().size();
    }

    @Override
    public ClusterFacts facts() {
        return facts;
    }

    /** Stops the nodes; unless kept, deletes their directories, and the work directory if nothing else is in it. */
    @Override
    public void close() {
        cluster.close();
        if (!keepWorkDir) {
            cluster.nodes().forEach(node -> ServerJvm.deleteTree(node.workDir()));
            try {
                Files.deleteIfExists(workDir);
            } catch (IOException notEmpty) {
                // something of the user's is in it: leave it
            }
        }
    }
}
