package dev.cqlbench.binding.achilles;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.Session;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.UserCrud;
import info.archinnov.achilles.generated.ManagerFactory;
import info.archinnov.achilles.generated.ManagerFactoryBuilder;
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

    private final BindingConfig config;
    private final Cluster cluster;
    private final Session session;
    private final Map<String, Opened> byKeyspace = new LinkedHashMap<>();

    private record Opened(ManagerFactory factory, CountingStatementsCache cache, AchillesUserCrud crud) {}

    public AchillesBinding(Library library, BindingConfig config) {
        super(library);
        this.config = config;
        this.cluster = AchillesClusters.build(config, "cqlbench-" + library.name());
        try {
            this.session = cluster.connect();
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
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
        ConsistencyLevel consistency = AchillesClusters.consistency(config);
        CountingStatementsCache cache = new CountingStatementsCache(CountingStatementsCache.DEFAULT_LRU_SIZE);
        ManagerFactoryBuilder builder = ManagerFactoryBuilder.builder(cluster)
                .withNativeSession(session)
                .withDefaultKeyspaceName(keyspace)
                .withDefaultReadConsistency(consistency)
                .withDefaultWriteConsistency(consistency)
                .doForceSchemaCreation(false)
                .withStatementsCache(cache);
        String threads = config.options().get(OPTION_EXECUTOR_THREADS);
        if (threads != null) {
            builder.withExecutorServiceMinThreadCount(Integer.parseInt(threads))
                    .withExecutorServiceMaxThreadCount(Integer.parseInt(threads));
        }
        String queue = config.options().get(OPTION_EXECUTOR_QUEUE_SIZE);
        if (queue != null) {
            builder.withExecutorServiceThreadQueueSize(Integer.parseInt(queue));
        }
        // bootstrap: validates UserAchilles against the live table, prepares its static statements
        ManagerFactory factory = builder.build();
        try {
            AchillesUserCrud crud = new AchillesUserCrud(factory.forUserAchilles());
            crud.prepareUpdate();
            return new Opened(factory, cache, crud);
        } catch (RuntimeException e) {
            factory.shutDown();
            throw e;
        }
    }

    /** The driver cluster (for tests: its configuration, latency trackers). */
    Cluster cluster() {
        return cluster;
    }

    /** Every statement Achilles prepared so far, per keyspace (for tests). */
    synchronized List<String> preparedQueries() {
        List<String> queries = new ArrayList<>();
        for (Opened opened : byKeyspace.values()) {
            queries.addAll(opened.cache().staticQueries());
            queries.addAll(opened.cache().dynamicQueries());
        }
        return queries;
    }

    @Override
    public synchronized Map<String, String> audit() {
        Map<String, String> audit = new LinkedHashMap<>();
        int atBootstrap = 0;
        int onDemand = 0;
        for (Opened opened : byKeyspace.values()) {
            atBootstrap += opened.cache().staticQueries().size();
            onDemand += opened.cache().dynamicQueries().size();
        }
        audit.put("statements", "prepared");
        audit.put("preparedStatements", String.valueOf(atBootstrap + onDemand));
        audit.put("preparedStatementsDetail", atBootstrap + " prepared by Achilles at bootstrap (INSERT, INSERT IF NOT "
                + "EXISTS, INSERT JSON, INSERT JSON IF NOT EXISTS, DELETE, DELETE IF EXISTS, SELECT by id; the crud "
                + "scenario executes INSERT, SELECT, DELETE) + " + onDemand + " dynamic (UPDATE SET of the non-null "
                + "columns, prepared in userCrud before any timed operation)");
        audit.put("consistency", AchillesClusters.consistency(config).name());
        audit.put("consistencySource", "ManagerFactoryBuilder.withDefaultRead/WriteConsistency, set on each statement;"
                + " also driver QueryOptions");
        audit.put("protocolVersion",
                cluster.getConfiguration().getProtocolOptions().getProtocolVersion().toString());
        audit.put("routing", "token-aware (TokenAwarePolicy over DCAwareRoundRobinPolicy, routing key from prepared "
                + "metadata; keyspace-qualified statements)");
        audit.put("localDatacenter", config.localDatacenter());
        audit.put("batches", "none");
        audit.put("connectionsPerNode", connectionsPerNode());
        audit.put("asyncExecutor", "Achilles ThreadPoolExecutor completes every future: threads "
                + config.options().getOrDefault(OPTION_EXECUTOR_THREADS, "10") + ", queue "
                + config.options().getOrDefault(OPTION_EXECUTOR_QUEUE_SIZE, "1000"));
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
        RuntimeException failure = null;
        for (Opened opened : byKeyspace.values()) {
            try {
                opened.factory().shutDown(); // its executor; the session is ours
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        byKeyspace.clear();
        try {
            session.close();
        } finally {
            cluster.close();
        }
        if (failure != null) {
            throw failure;
        }
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
