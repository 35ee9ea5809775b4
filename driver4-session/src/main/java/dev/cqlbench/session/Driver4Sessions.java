package dev.cqlbench.session;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import dev.cqlbench.binding.BindingConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Builds a driver 4 session from a {@link BindingConfig}: the one way cqlbench builds one, for the bindings built on
 * driver 4 (driver4, driver4-mapper, spring-data) and for the orchestrator's admin connection.
 */
public final class Driver4Sessions {

    private Driver4Sessions() {}

    /** How long a closing session's event loops wait for quiet, and at most for their tasks, ms. */
    private static final int CLOSE_QUIET_MILLIS = 100;
    private static final int CLOSE_TIMEOUT_MILLIS = 15_000;

    public static CqlSession open(BindingConfig config, String sessionName) {
        return open(config, sessionName, null);
    }

    /** Runs {@code statements} in order on a session of their own ("schema"), closed after. */
    public static void execute(BindingConfig config, List<String> statements) {
        try (CqlSession session = open(config, "schema")) {
            statements.forEach(session::execute);
        }
    }

    /** A session whose unqualified table names resolve in {@code keyspace} (for mappers that need one). */
    public static CqlSession open(BindingConfig config, String sessionName, String keyspace) {
        ProgrammaticDriverConfigLoaderBuilder options = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.SESSION_NAME, sessionName)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(config.requestTimeoutMillis()))
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, config.consistency())
                .withString(DefaultDriverOption.LOAD_BALANCING_LOCAL_DATACENTER, config.localDatacenter())
                // a closing session waits 0.1 s for quiet, not the driver's 2 s: it is closed once its work is done,
                // and 2 s made every worker stop and every binding test 2 s longer (0 races the driver's own
                // close, which then logs a rejected task)
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, CLOSE_QUIET_MILLIS)
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_TIMEOUT, CLOSE_TIMEOUT_MILLIS)
                .withString(DefaultDriverOption.NETTY_IO_SHUTDOWN_UNIT, "MILLISECONDS")
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, CLOSE_QUIET_MILLIS)
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_TIMEOUT, CLOSE_TIMEOUT_MILLIS)
                .withString(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_UNIT, "MILLISECONDS");
        for (Map.Entry<String, String> option : config.options().entrySet()) {
            // any driver setting by its reference.conf path, e.g. advanced.connection.pool.local.size=2
            options = options.withString(() -> option.getKey(), option.getValue());
        }
        CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(options.build());
        if (keyspace != null) {
            builder.withKeyspace(keyspace);
        }
        for (String contactPoint : config.contactPoints()) {
            builder.addContactPoint(address(contactPoint));
        }
        if (config.username() != null) {
            builder.withAuthCredentials(config.username(), config.password() == null ? "" : config.password());
        }
        return builder.build();
    }

    /**
     * What any session built here sends, as facts for a binding's statement audit: consistency, negotiated
     * protocol version, routing, local datacenter, batches, connections per node.
     */
    public static void recordSessionFacts(CqlSession session, BindingConfig config, Map<String, String> audit) {
        audit.put("consistency", config.consistency());
        audit.put("protocolVersion", session.getContext().getProtocolVersion().toString());
        audit.put("routing", "token-aware (DefaultLoadBalancingPolicy, routing key from prepared metadata)");
        audit.put("localDatacenter", config.localDatacenter());
        audit.put("batches", "none");
        audit.put("connectionsPerNode", String.valueOf(session.getContext().getConfig().getDefaultProfile()
                .getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE)));
        audit.put("maxRequestsPerConnection", String.valueOf(session.getContext().getConfig().getDefaultProfile()
                .getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS)));
    }

    static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon < 0) {
            return new InetSocketAddress(hostPort, 9042);
        }
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
