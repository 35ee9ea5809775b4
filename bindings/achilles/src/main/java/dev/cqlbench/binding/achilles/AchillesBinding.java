package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Closer;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.binding.driver3.Driver3Clusters;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.ProfileTable;
import info.archinnov.achilles.bootstrap.AbstractManagerFactoryBuilder;
import info.archinnov.achilles.generated.ManagerFactory;
import info.archinnov.achilles.internals.runtime.AbstractManagerFactory;
import info.archinnov.achilles.generated.ManagerFactoryBuilder;
import info.archinnov.achilles.generated.manager.UserAchilles_Manager;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Achilles 6.1 (study 01's "Achilles"): the annotation-processed {@code UserAchilles_Manager} over the DataStax Java
 * driver 3.x. One driver {@link Cluster} and {@link Session} per binding; one Achilles {@link ManagerFactory} per
 * keyspace asked for, built on that session with the keyspace as its default keyspace name, so every statement
 * Achilles generates names {@code keyspace.user}.
 *
 * <p>Library options ({@link BindingConfig#options()}) besides those of {@link AchillesClusters}:
 * {@value #OPTION_EXECUTOR_THREADS} (threads of Achilles' async executor, min = max; Achilles' default 10) and
 * {@value #OPTION_EXECUTOR_QUEUE_SIZE} (its queue; Achilles' default 1000).
 */
public final class AchillesBinding extends Binding {

    public static final String OPTION_EXECUTOR_THREADS = "executorThreads";
    public static final String OPTION_EXECUTOR_QUEUE_SIZE = "executorQueueSize";

    private final Cluster cluster;
    private final Session session;
    private final Map<String, Opened> byKeyspace = new LinkedHashMap<>();

    private final CountingStatementsCache profileCache =
            new CountingStatementsCache(CountingStatementsCache.DEFAULT_LRU_SIZE);
    private final List<AbstractManagerFactory> profileFactories = new ArrayList<>();
    private int profileQueries;

    private record Opened(ManagerFactory factory, CountingStatementsCache cache, AsyncUserCrud crud) {}

    public AchillesBinding(Library library, BindingConfig config) {
        super(library, config);
        this.cluster = AchillesClusters.build(config, "cqlbench-" + library.name());
        this.session = Driver3Clusters.connect(cluster);
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on));
    }

    /** Achilles' version (it runs on the DataStax Java driver 3.x, as its audit says). */
    @Override
    public String version() {
        return achillesVersion();
    }

    private synchronized UserCrud userCrud(String keyspace) {
        return byKeyspace.computeIfAbsent(keyspace, this::openKeyspace).crud();
    }

    private Opened openKeyspace(String keyspace) {
        CountingStatementsCache cache = new CountingStatementsCache(CountingStatementsCache.DEFAULT_LRU_SIZE);
        // bootstrap: validates UserAchilles against the live table, prepares its static statements
        ManagerFactory factory = configured(ManagerFactoryBuilder.builder(cluster), keyspace, cache).build();
        try {
            UserAchilles_Manager manager = factory.forUserAchilles();
            AchillesUserCrud.prepareUpdate(manager);
            return new Opened(factory, cache, AchillesUserCrud.of(manager));
        } catch (RuntimeException e) {
            factory.shutDown();
            throw e;
        }
    }

    /**
     * A user's profile: its entity and manager generated and compiled when the worker starts, the manager factory
     * configured as the built-in scenarios' is.
     */
    private synchronized ProfileTable profileTable(ProfileTable.On on) throws Exception {
        String keyspace = on.keyspace();
        AchillesProfileTable table = new AchillesProfileTable(session, on.profile(), keyspace,
                builder -> configured(builder, keyspace, profileCache).build());
        profileFactories.add(table.factory());
        profileQueries += on.profile().queries().size();
        audit.put("mapping", "@Table entity (and a @UDT class per user-defined type) made from the table's definition, "
                + "compiled with Achilles' annotation processor when the worker started; queries prepared once and "
                + "run through raw().typedQueryForSelect (whole rows) or raw().nativeQuery");
        audit.put("writes", on.profile().counterTable() ? "dsl().update()…Incr(n).where()…"
                : dev.cqlbench.profile.Statements.updates(on.profile())
                ? "dsl().update().fromBaseTable()…Set(v).where()….if_<column>()…(condition)"
                : on.profile().insert().condition() != null ? "crud().insert(entity).ifNotExists()"
                : "crud().insert(entity)");
        audit.put("batches", Features.rowsPerInsertMax(on.profile()) > 1 ? on.profile().insert().batchType()
                + " driver BatchStatement of Achilles' generateAndGetBoundStatement() statements"
                : "none (one row per insert)");
        return table;
    }

    /** A manager factory builder set as every one of this binding is: its session, keyspace, consistency, executor. */
    private <B extends AbstractManagerFactoryBuilder<B>> B configured(AbstractManagerFactoryBuilder<B> builder,
                                                                     String keyspace, CountingStatementsCache cache) {
        ConsistencyLevel consistency = AchillesClusters.consistency(config());
        B configured = builder
                .withNativeSession(session)
                .withDefaultKeyspaceName(keyspace)
                .withDefaultReadConsistency(consistency)
                .withDefaultWriteConsistency(consistency)
                .doForceSchemaCreation(false)
                .withStatementsCache(cache);
        String threads = config().options().get(OPTION_EXECUTOR_THREADS);
        if (threads != null) {
            configured.withExecutorServiceMinThreadCount(Integer.parseInt(threads))
                    .withExecutorServiceMaxThreadCount(Integer.parseInt(threads));
        }
        String queue = config().options().get(OPTION_EXECUTOR_QUEUE_SIZE);
        if (queue != null) {
            configured.withExecutorServiceThreadQueueSize(Integer.parseInt(queue));
        }
        return configured;
    }

    /** The driver cluster (for tests: its configuration, latency trackers). */
    Cluster cluster() {
        return cluster;
    }

    @Override
    public synchronized Map<String, String> audit() {
        Map<String, String> audit = new LinkedHashMap<>(super.audit()); // a profile's mapping, writes, batches
        int atBootstrap = 0;
        int onDemand = 0;
        for (Opened opened : byKeyspace.values()) {
            atBootstrap += opened.cache().staticQueries().size();
            onDemand += opened.cache().dynamicQueries().size();
        }
        audit.put("statements", "prepared");
        if (!profileFactories.isEmpty()) {
            int byAchilles = profileCache.staticQueries().size() + profileCache.dynamicQueries().size();
            audit.put("preparedStatements", String.valueOf(byAchilles + profileQueries));
            audit.put("preparedStatementsDetail", byAchilles + " prepared by Achilles for the profile's entity + "
                    + profileQueries + " profile queries prepared once for its raw API");
        } else {
            audit.put("preparedStatements", String.valueOf(atBootstrap + onDemand));
            audit.put("preparedStatementsDetail", atBootstrap + " prepared by Achilles at bootstrap (INSERT, INSERT "
                    + "IF NOT EXISTS, INSERT JSON, INSERT JSON IF NOT EXISTS, DELETE, DELETE IF EXISTS, SELECT by id; the "
                    + "crud scenario executes INSERT, SELECT, DELETE) + " + onDemand + " dynamic (UPDATE SET of the "
                    + "non-null columns, prepared in userCrud before any timed operation)");
        }
        audit.put("consistency", AchillesClusters.consistency(config()).name());
        audit.put("consistencySource", "ManagerFactoryBuilder.withDefaultRead/WriteConsistency, set on each statement;"
                + " also driver QueryOptions");
        audit.put("protocolVersion",
                cluster.getConfiguration().getProtocolOptions().getProtocolVersion().toString());
        audit.put("routing", "token-aware (TokenAwarePolicy over DCAwareRoundRobinPolicy, routing key from prepared "
                + "metadata; keyspace-qualified statements)");
        audit.put("localDatacenter", config().localDatacenter());
        audit.putIfAbsent("batches", "none");
        audit.put("connectionsPerNode", connectionsPerNode());
        audit.put("asyncExecutor", "Achilles ThreadPoolExecutor completes every future: threads "
                + config().options().getOrDefault(OPTION_EXECUTOR_THREADS, "10") + ", queue "
                + config().options().getOrDefault(OPTION_EXECUTOR_QUEUE_SIZE, "1000"));
        return Collections.unmodifiableMap(audit);
    }

    /** Open connections per connected host, as the driver's session state reports them. */
    private String connectionsPerNode() {
        TreeSet<Integer> counts = new TreeSet<>();
        for (Host host : session.getState().getConnectedHosts()) {
            counts.add(session.getState().getOpenConnections(host));
        }
        int core = cluster.getConfiguration().getPoolingOptions().getCoreConnectionsPerHost(HostDistance.LOCAL);
        String open = counts.size() == 1 ? String.valueOf(counts.first()) : counts.toString();
        return open + " (pool core=max=" + core + ", up to "
                + cluster.getConfiguration().getPoolingOptions().getMaxRequestsPerConnection(HostDistance.LOCAL)
                + " requests per connection)";
    }

    @Override
    public synchronized void close() {
        Closer closer = new Closer();
        closer.each(byKeyspace.values(), opened -> opened.factory().shutDown()); // its executor; the session is ours
        byKeyspace.clear();
        closer.each(profileFactories, AbstractManagerFactory::shutDown);
        profileFactories.clear();
        try {
            session.close();
        } finally {
            cluster.close();
        }
        closer.rethrow();
    }

    static String achillesVersion() {
        try (InputStream in = ManagerFactoryBuilder.class.getClassLoader()
                .getResourceAsStream("META-INF/maven/info.archinnov/achilles-core/pom.properties")) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "unknown");
            }
        } catch (IOException e) {
            // fall through
        }
        return "unknown";
    }
}
