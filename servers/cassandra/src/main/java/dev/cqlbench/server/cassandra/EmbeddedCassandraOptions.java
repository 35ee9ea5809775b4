package dev.cqlbench.server.cassandra;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How to start one embedded node.
 *
 * @param workDir      holds the node's data, commit log, configuration and log
 * @param address      loopback address the node listens on (127.0.0.1 …)
 * @param nativePort   CQL port; 0 picks a free one
 * @param heapMb       -Xms/-Xmx of the node JVM
 * @param startTimeout how long to wait for "Starting listening for CQL clients"
 * @param batchSizeFailThresholdKib Cassandra's batch_size_fail_threshold (its default is 50)
 */
public record EmbeddedCassandraOptions(
        Path workDir,
        String address,
        int nativePort,
        int heapMb,
        Duration startTimeout,
        int batchSizeFailThresholdKib) {

    public static final String DATACENTER = "datacenter1";

    public static EmbeddedCassandraOptions defaults(Path workDir) {
        return new EmbeddedCassandraOptions(workDir, "127.0.0.1", 0, 1024, Duration.ofSeconds(180), 50);
    }

    public EmbeddedCassandraOptions withHeapMb(int heap) {
        return new EmbeddedCassandraOptions(workDir, address, nativePort, heap, startTimeout, batchSizeFailThresholdKib);
    }
}
