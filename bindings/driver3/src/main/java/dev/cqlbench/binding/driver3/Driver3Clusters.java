package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.NettyOptions;
import com.datastax.driver.core.QueryOptions;
import com.datastax.driver.core.SocketOptions;
import com.datastax.driver.core.policies.DCAwareRoundRobinPolicy;
import com.datastax.driver.core.policies.TokenAwarePolicy;
import com.datastax.driver.core.RemoteEndpointAwareJdkSSLOptions;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Tls;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import java.util.concurrent.TimeUnit;

/**
 * A driver 3 Cluster set up like the driver 4 sessions: same contact points, local datacenter, token-aware
 * routing, consistency and request timeout. Shared by every driver 3 based binding.
 */
public final class Driver3Clusters {

    private Driver3Clusters() {}

    /**
     * Netty as the driver sets it up, but a closing Cluster waits 0.1 s for quiet, not Netty's 2 s: it is closed
     * once its work is done, and 2 s made every worker stop and every binding test 2 s longer (as driver 4's
     * sessions, {@code Driver4Sessions}).
     */
    public static final NettyOptions CLOSE_AT_ONCE = new NettyOptions() {
        @Override
        public void onClusterClose(io.netty.channel.EventLoopGroup eventLoopGroup) {
            eventLoopGroup.shutdownGracefully(100, 15_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
        }
    };

    /** Runs {@code statements} in order on a cluster connection of their own, closed after. */
    public static void execute(BindingConfig config, List<String> statements) {
        try (Cluster cluster = build(config); Session session = cluster.connect()) {
            statements.forEach(session::execute);
        }
    }

    public static Cluster build(BindingConfig config) {
        Cluster.Builder builder = Cluster.builder()
                .withLoadBalancingPolicy(new TokenAwarePolicy(
                        DCAwareRoundRobinPolicy.builder().withLocalDc(config.localDatacenter()).build()))
                .withQueryOptions(new QueryOptions()
                        .setConsistencyLevel(ConsistencyLevel.valueOf(config.consistency().toUpperCase(Locale.ROOT))))
                .withSocketOptions(new SocketOptions().setReadTimeoutMillis((int) config.requestTimeoutMillis()))
                .withNettyOptions(CLOSE_AT_ONCE)
                .withoutJMXReporting();
        for (String contactPoint : config.contactPoints()) {
            builder.addContactPointsWithPorts(address(contactPoint));
        }
        if (config.username() != null) {
            builder.withCredentials(config.username(), config.password() == null ? "" : config.password());
        }
        return withTls(builder, config).build();
    }

    /**
     * The cluster over TLS when the run asks for it ({@link Tls}): driver 4's settings, read into driver 3's JDK SSL
     * options, the node's certificate checked against the address connected to unless hostname validation is off
     * (as driver 4's DefaultSslEngineFactory does). Shared by every driver 3 based binding.
     */
    public static Cluster.Builder withTls(Cluster.Builder builder, BindingConfig config) {
        Optional<Tls> tls = Tls.of(config.options());
        tls.ifPresent(t -> builder.withSSL(new CheckedSsl(t.sslContext(), t.hostnameValidation())));
        return builder;
    }

    /** Driver 3's JDK SSL options, with the node's certificate checked against the address it is reached at. */
    private static final class CheckedSsl extends RemoteEndpointAwareJdkSSLOptions {

        private final boolean hostnameValidation;

        CheckedSsl(SSLContext context, boolean hostnameValidation) {
            super(context, null);
            this.hostnameValidation = hostnameValidation;
        }

        @Override
        protected SSLEngine newSSLEngine(SocketChannel channel, InetSocketAddress remoteEndpoint) {
            SSLEngine engine = super.newSSLEngine(channel, remoteEndpoint);
            if (hostnameValidation) {
                SSLParameters parameters = engine.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                engine.setSSLParameters(parameters);
            }
            return engine;
        }
    }

    /** A session of {@code cluster}, connected; the cluster closed when it cannot connect. */
    public static Session connect(Cluster cluster) {
        try {
            return cluster.connect();
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** A contact point, {@code host} or {@code host:port} (9042 when it names none). */
    public static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? new InetSocketAddress(hostPort, 9042)
                : new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
