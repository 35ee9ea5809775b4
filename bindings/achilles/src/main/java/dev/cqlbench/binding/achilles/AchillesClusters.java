package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.PoolingOptions;
import com.datastax.driver.core.ProtocolVersion;
import com.datastax.driver.core.QueryOptions;
import com.datastax.driver.core.SocketOptions;
import com.datastax.driver.core.policies.DCAwareRoundRobinPolicy;
import com.datastax.driver.core.policies.TokenAwarePolicy;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.driver3.Driver3Clusters;

/**
 * Builds the DataStax driver 3 {@link Cluster} Achilles runs on, from a {@link BindingConfig}; shared by the binding
 * and the tests' admin connection.
 *
 * <p>Library options ({@link BindingConfig#options()}) understood here:
 * {@value #OPTION_PROTOCOL_VERSION} (V3, V4, V5; default: negotiated) and
 * {@value #OPTION_CONNECTIONS_PER_HOST} (core = max connections to each local host; default: the driver's, 1).
 */
public final class AchillesClusters {

    public static final String OPTION_PROTOCOL_VERSION = "protocolVersion";
    public static final String OPTION_CONNECTIONS_PER_HOST = "connectionsPerHost";

    private AchillesClusters() {}

    public static Cluster build(BindingConfig config, String clusterName) {
        ConsistencyLevel consistency = consistency(config);
        int timeoutMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, config.requestTimeoutMillis()));
        Cluster.Builder builder = Cluster.builder()
                .withClusterName(clusterName)
                .withNettyOptions(dev.cqlbench.binding.driver3.Driver3Clusters.CLOSE_AT_ONCE)
                .withoutJMXReporting()
                .withLoadBalancingPolicy(new TokenAwarePolicy(
                        DCAwareRoundRobinPolicy.builder().withLocalDc(config.localDatacenter()).build()))
                // the default of every statement that does not set its own (Achilles sets it on each one, see AchillesBinding)
                .withQueryOptions(new QueryOptions().setConsistencyLevel(consistency))
                .withSocketOptions(new SocketOptions().setReadTimeoutMillis(timeoutMillis));
        for (String contactPoint : config.contactPoints()) {
            builder.addContactPointsWithPorts(Driver3Clusters.address(contactPoint));
        }
        if (config.username() != null) {
            builder.withCredentials(config.username(), config.password() == null ? "" : config.password());
        }
        String protocol = config.options().get(OPTION_PROTOCOL_VERSION);
        if (protocol != null) {
            builder.withProtocolVersion(ProtocolVersion.valueOf(protocol));
        }
        String connections = config.options().get(OPTION_CONNECTIONS_PER_HOST);
        if (connections != null) {
            int n = Integer.parseInt(connections);
            builder.withPoolingOptions(new PoolingOptions().setConnectionsPerHost(HostDistance.LOCAL, n, n));
        }
        return Driver3Clusters.withTls(builder, config).build();
    }

    static ConsistencyLevel consistency(BindingConfig config) {
        return ConsistencyLevel.valueOf(config.consistency());
    }
}
