package dev.cqlbench.server.cassandra;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;

/**
 * What every node of an embedded cluster is started with alike (a lone node too).
 *
 * @param heapMb            -Xms/-Xmx of the node JVM
 * @param startTimeout      how long to wait for "Starting listening for CQL clients"
 * @param batchSizeFailThresholdKib Cassandra's batch_size_fail_threshold (its default is 50)
 * @param allocationRf      allocate_tokens_for_local_replication_factor: token allocation balanced for this RF
 * @param detached          the node outlives the process that started it ({@code cqlbench cluster start}); otherwise
 *                          it halts as soon as that process is gone
 * @param streamThroughputMib stream_throughput_outbound (and its entire-SSTable twin), MiB/s; 0 keeps Cassandra's
 *                          default (24 MiB/s): what {@code nodetool setstreamthroughput} sets
 * @param authentication    password authentication on (PasswordAuthenticator, CassandraRoleManager): clients must log
 *                          in; the superuser {@value EmbeddedCassandraOptions#SUPERUSER} exists as soon as the node
 *                          listens
 */
@RecordBuilder
public record NodeSettings(int heapMb, Duration startTimeout, int batchSizeFailThresholdKib, int allocationRf,
                           boolean detached, int streamThroughputMib, boolean authentication)
        implements NodeSettingsBuilder.With {

    /** Cassandra's own default batch_size_fail_threshold, KiB. */
    public static final int DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB = 50;

    /** A 1 GiB node that waits 180 s to start, Cassandra's own thresholds and streaming, ends with its starter. */
    public static NodeSettings defaults() {
        return new NodeSettings(1024, Duration.ofSeconds(180), DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB, 1, false, 0,
                false);
    }
}
