package com.example.users.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.session.Session;
import com.example.users.UserRepository;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

/**
 * The team's repository as a cqlbench library: the session opened as the application opens it, with what cqlbench
 * gives every library (contact points, datacenter, credentials, consistency, request timeout, driver settings), the
 * crud scenario's operations and a profile of table {@code user} run through {@link UserRepository}. It never
 * touches the clock and prints nothing: cqlbench times, counts and checks every call.
 */
public final class MyDaoBinding extends Binding {

    private final CqlSession session;

    public MyDaoBinding(Library library, BindingConfig config) {
        super(library, config);
        this.session = session(config);
        offer(UserCrud.class, (UserCrud.On on) -> crud(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> table(on.profile(), on.keyspace()));
    }

    /** The code's version (its jar's) and the driver's under it. */
    @Override
    public String version() {
        String own = MyDaoBinding.class.getPackage().getImplementationVersion();
        return (own == null ? "unversioned" : own) + " on driver " + Session.OSS_DRIVER_COORDINATES.getVersion();
    }

    private UserCrud crud(String keyspace) {
        UserRepository repository = new UserRepository(session, keyspace);
        declare(repository);
        return RepositoryCrud.of(repository);
    }

    private ProfileTable table(Profile profile, String keyspace) {
        RepositoryTable.check(profile); // before the repository prepares its statements on a table that may not exist
        UserRepository repository = new UserRepository(session, keyspace);
        declare(repository);
        return new RepositoryTable(repository, profile);
    }

    /** What it sends, for cqlbench to check against the server's own counters. */
    private void declare(UserRepository repository) {
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(repository.preparedStatements()));
        audit.put("batches", "none");
        audit.put("consistency", config().consistency());
        audit.put("protocolVersion", session.getContext().getProtocolVersion().toString());
        audit.put("mapping", "UserRowMapper, by column name, into the application's User record");
    }

    /** The session as the application opens it (its contract test runs its plain CQL through one too). */
    public static CqlSession session(BindingConfig config) {
        ProgrammaticDriverConfigLoaderBuilder options = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.SESSION_NAME, "my-dao")
                .withString(DefaultDriverOption.LOAD_BALANCING_LOCAL_DATACENTER, config.localDatacenter())
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, config.consistency())
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(config.requestTimeoutMillis()));
        for (Map.Entry<String, String> setting : config.options().entrySet()) {
            options = options.withString(setting::getKey, setting.getValue());
        }
        CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(options.build());
        for (String hostPort : config.contactPoints()) {
            int colon = hostPort.lastIndexOf(':');
            builder.addContactPoint(colon < 0 ? new InetSocketAddress(hostPort, 9042)
                    : new InetSocketAddress(hostPort.substring(0, colon),
                            Integer.parseInt(hostPort.substring(colon + 1))));
        }
        if (config.username() != null) {
            builder.withAuthCredentials(config.username(), config.password() == null ? "" : config.password());
        }
        return builder.build();
    }

    @Override
    public void close() {
        session.close();
    }
}
