package dev.cqlbench.server.cassandra;

import java.nio.file.Path;

/** The smallest cassandra.yaml that runs a node on loopback, its directories under the work dir. */
final class CassandraYaml {

    private CassandraYaml() {}

    /** Tokens of every node (num_tokens). */
    static final int NUM_TOKENS = 16;

    /**
     * The tokens of node {@code i} of {@code nodes} started together: the ring cut into {@code nodes × NUM_TOKENS}
     * equal ranges, dealt out in turn, each token in the middle of its slot (never the partitioner's minimum), so every
     * node owns exactly its share without allocating or bootstrapping.
     */
    static String initialTokens(int i, int nodes) {
        java.math.BigInteger ring = java.math.BigInteger.ONE.shiftLeft(64);
        java.math.BigInteger slots = java.math.BigInteger.valueOf((long) nodes * NUM_TOKENS);
        java.math.BigInteger min = java.math.BigInteger.ONE.shiftLeft(63).negate();
        java.util.List<String> tokens = new java.util.ArrayList<>();
        for (int j = 0; j < NUM_TOKENS; j++) {
            java.math.BigInteger slot = java.math.BigInteger.valueOf(i + (long) nodes * j);
            // min + (2 slot + 1) × ring / (2 slots): the middle of the slot, exact
            tokens.add(min.add(ring.multiply(slot.shiftLeft(1).add(java.math.BigInteger.ONE))
                    .divide(slots.shiftLeft(1))).toString());
        }
        return String.join(",", tokens);
    }

    static String render(Path dir, EmbeddedCassandraOptions options, int nativePort, int storagePort) {
        String seeds = options.seeds() != null ? options.seeds() : options.address() + ":" + storagePort;
        return """
                cluster_name: cqlbench
                num_tokens: %12$d
                allocate_tokens_for_local_replication_factor: %7$d
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                data_file_directories:
                  - %1$s/data/data
                commitlog_directory: %1$s/data/commitlog
                saved_caches_directory: %1$s/data/saved_caches
                hints_directory: %1$s/data/hints
                cdc_raw_directory: %1$s/data/cdc_raw
                commitlog_sync: periodic
                commitlog_sync_period: 10000ms
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "%6$s"
                listen_address: %2$s
                rpc_address: %2$s
                native_transport_port: %3$d
                storage_port: %4$d
                start_native_transport: true
                endpoint_snitch: SimpleSnitch
                batch_size_warn_threshold: 5KiB
                batch_size_fail_threshold: %5$dKiB
                concurrent_compactors: 1
                %8$s
                auto_snapshot: false
                %9$s
                %10$s
                %11$s
                """.formatted(dir, options.address(), nativePort, storagePort, options.node().batchSizeFailThresholdKib(), seeds,
                        Math.max(1, options.node().allocationRf()),
                        options.node().streamThroughputMib() > 0
                                ? "stream_throughput_outbound: " + options.node().streamThroughputMib() + "MiB/s\n"
                                + "entire_sstable_stream_throughput_outbound: " + options.node().streamThroughputMib() + "MiB/s"
                                : "",
                        options.node().authentication()
                                ? "authenticator: PasswordAuthenticator\nrole_manager: CassandraRoleManager\n"
                                + "authorizer: AllowAllAuthorizer" : "",
                        options.clientEncryption() == null ? "" : options.clientEncryption(),
                        options.initialTokens() == null ? "" : "initial_token: " + options.initialTokens(),
                        NUM_TOKENS);
    }
}
