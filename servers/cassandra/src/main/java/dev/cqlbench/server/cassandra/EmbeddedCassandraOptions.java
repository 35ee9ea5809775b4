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
 * @param storagePort  inter-node port, the same on every node of a cluster; 0 picks a free one
 * @param seeds        seed list ({@code host:storagePort}); null makes this node its own seed (a lone node or
 *                     a cluster's first)
 * @param allocationRf allocate_tokens_for_local_replication_factor: token allocation balanced for this RF
 * @param detached     the node outlives the process that started it ({@code cqlbench cluster start}); otherwise
 *                     it halts as soon as that process is gone
 * @param streamThroughputMib stream_throughput_outbound (and its entire-SSTable twin), MiB/s; 0 keeps Cassandra's
 *                     default (24 MiB/s): what {@code nodetool setstreamthroughput} sets
 * @param authentication password authentication on (see {@link #withAuthentication()})
 * @param clientEncryption the node's client_encryption_options (TLS for CQL clients), YAML, or null
 * @param initialTokens the node's tokens (initial_token, comma-separated); null: chosen by Cassandra (allocated for
 *                     {@code allocationRf} when the node bootstraps)
 */
public record EmbeddedCassandraOptions(
        Path workDir,
        String address,
        int nativePort,
        int heapMb,
        Duration startTimeout,
        int batchSizeFailThresholdKib,
        int storagePort,
        String seeds,
        int allocationRf,
        boolean detached,
        int streamThroughputMib,
        boolean authentication,
        String clientEncryption,
        String initialTokens) {

    /** A node whose tokens Cassandra chooses. */
    public EmbeddedCassandraOptions(Path workDir, String address, int nativePort, int heapMb, Duration startTimeout,
                                    int batchSizeFailThresholdKib, int storagePort, String seeds, int allocationRf,
                                    boolean detached, int streamThroughputMib, boolean authentication,
                                    String clientEncryption) {
        this(workDir, address, nativePort, heapMb, startTimeout, batchSizeFailThresholdKib, storagePort, seeds,
                allocationRf, detached, streamThroughputMib, authentication, clientEncryption, null);
    }

    /** A node without TLS. */
    public EmbeddedCassandraOptions(Path workDir, String address, int nativePort, int heapMb, Duration startTimeout,
                                    int batchSizeFailThresholdKib, int storagePort, String seeds, int allocationRf,
                                    boolean detached, int streamThroughputMib, boolean authentication) {
        this(workDir, address, nativePort, heapMb, startTimeout, batchSizeFailThresholdKib, storagePort, seeds,
                allocationRf, detached, streamThroughputMib, authentication, null);
    }

    /** The default superuser of a node started with {@code authentication} (Cassandra's own). */
    public static final String SUPERUSER = "cassandra";
    public static final String SUPERUSER_PASSWORD = "cassandra";

    /** A node without authentication (what runs start). */
    public EmbeddedCassandraOptions(Path workDir, String address, int nativePort, int heapMb, Duration startTimeout,
                                    int batchSizeFailThresholdKib, int storagePort, String seeds, int allocationRf,
                                    boolean detached, int streamThroughputMib) {
        this(workDir, address, nativePort, heapMb, startTimeout, batchSizeFailThresholdKib, storagePort, seeds,
                allocationRf, detached, streamThroughputMib, false);
    }

    public static final String DATACENTER = "datacenter1";
    /** Cassandra's own default batch_size_fail_threshold, KiB. */
    public static final int DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB = 50;

    public EmbeddedCassandraOptions(Path workDir, String address, int nativePort, int heapMb, Duration startTimeout,
                                    int batchSizeFailThresholdKib) {
        this(workDir, address, nativePort, heapMb, startTimeout, batchSizeFailThresholdKib, 0, null, 1, false, 0);
    }

    public static EmbeddedCassandraOptions defaults(Path workDir) {
        return new EmbeddedCassandraOptions(workDir, "127.0.0.1", 0, 1024, Duration.ofSeconds(180),
                DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB);
    }

    public EmbeddedCassandraOptions withHeapMb(int heap) {
        return new EmbeddedCassandraOptions(workDir, address, nativePort, heap, startTimeout,
                batchSizeFailThresholdKib, storagePort, seeds, allocationRf, detached, streamThroughputMib,
                authentication, clientEncryption, initialTokens);
    }

    /**
     * The same node accepting CQL clients over TLS only, with the certificate in {@code keystore} (PKCS12); clients
     * need not present one.
     */
    public EmbeddedCassandraOptions withClientEncryption(Path keystore, String password) {
        String yaml = "client_encryption_options:\n  enabled: true\n  optional: false\n  keystore: " + keystore
                + "\n  keystore_password: " + password + "\n  store_type: PKCS12\n  require_client_auth: false";
        return new EmbeddedCassandraOptions(workDir, address, nativePort, heapMb, startTimeout,
                batchSizeFailThresholdKib, storagePort, seeds, allocationRf, detached, streamThroughputMib,
                authentication, yaml, initialTokens);
    }

    /**
     * The same node with password authentication on (PasswordAuthenticator, CassandraRoleManager): clients must log
     * in; the superuser {@value #SUPERUSER} exists as soon as the node listens.
     */
    public EmbeddedCassandraOptions withAuthentication() {
        return new EmbeddedCassandraOptions(workDir, address, nativePort, heapMb, startTimeout,
                batchSizeFailThresholdKib, storagePort, seeds, allocationRf, detached, streamThroughputMib, true,
                clientEncryption, initialTokens);
    }

    /**
     * The same node with its tokens given ({@code initial_token}, comma-separated): a node of a new cluster, which takes
     * its share of the ring without bootstrapping and starts beside the others.
     */
    public EmbeddedCassandraOptions withInitialTokens(String tokens) {
        return new EmbeddedCassandraOptions(workDir, address, nativePort, heapMb, startTimeout,
                batchSizeFailThresholdKib, storagePort, seeds, allocationRf, detached, streamThroughputMib,
                authentication, clientEncryption, tokens);
    }

    /** Whether the node is one of its seeds: it starts a ring (alone, or with the other seeds) rather than joining one. */
    public boolean seed() {
        return seeds == null || java.util.Arrays.stream(seeds.split(",")).anyMatch(s -> s.strip().startsWith(address + ":"));
    }
}
