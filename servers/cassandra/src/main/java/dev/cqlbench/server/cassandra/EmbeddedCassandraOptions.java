package dev.cqlbench.server.cassandra;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;

/**
 * How to start one embedded node: where, on which address and ports, in which ring, set up how.
 *
 * @param workDir      holds the node's data, commit log, configuration and log
 * @param address      loopback address the node listens on (127.0.0.1 …)
 * @param nativePort   CQL port; 0 picks a free one
 * @param storagePort  inter-node port, the same on every node of a cluster; 0 picks a free one
 * @param seeds        seed list ({@code host:storagePort}); null makes this node its own seed (a lone node or
 *                     a cluster's first)
 * @param node         what every node of its cluster is started with alike
 * @param clientEncryption the node's client_encryption_options (TLS for CQL clients), YAML, or null
 * @param initialTokens the node's tokens (initial_token, comma-separated); null: chosen by Cassandra (allocated for
 *                     {@link NodeSettings#allocationRf} when the node bootstraps)
 */
@RecordBuilder
public record EmbeddedCassandraOptions(Path workDir, String address, int nativePort, int storagePort, String seeds,
                                       NodeSettings node, String clientEncryption, String initialTokens)
        implements EmbeddedCassandraOptionsBuilder.With {

    /** The default superuser of a node started with authentication (Cassandra's own). */
    public static final String SUPERUSER = "cassandra";
    public static final String SUPERUSER_PASSWORD = "cassandra";
    public static final String DATACENTER = "datacenter1";

    /** A lone node on 127.0.0.1, on free ports, with {@link NodeSettings#defaults()}. */
    public static EmbeddedCassandraOptions defaults(Path workDir) {
        return new EmbeddedCassandraOptions(workDir, "127.0.0.1", 0, 0, null, NodeSettings.defaults(), null, null);
    }

    /** The same node with another heap. */
    public EmbeddedCassandraOptions withHeapMb(int heap) {
        return withNode(node.withHeapMb(heap));
    }

    /** The same node with password authentication on ({@link NodeSettings#authentication}). */
    public EmbeddedCassandraOptions withAuthentication() {
        return withNode(node.withAuthentication(true));
    }

    /**
     * The same node accepting CQL clients over TLS only, with the certificate in {@code keystore} (PKCS12); clients
     * need not present one.
     */
    public EmbeddedCassandraOptions withClientEncryption(Path keystore, String password) {
        return withClientEncryption("client_encryption_options:\n  enabled: true\n  optional: false\n  keystore: "
                + keystore + "\n  keystore_password: " + password + "\n  store_type: PKCS12\n  require_client_auth: "
                + "false");
    }

    /** Whether the node is one of its seeds: it starts a ring (alone, or with the other seeds) rather than joining one. */
    public boolean seed() {
        return seeds == null || java.util.Arrays.stream(seeds.split(",")).anyMatch(s -> s.strip().startsWith(address + ":"));
    }
}
