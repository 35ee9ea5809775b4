package dev.cqlbench.binding.kundera;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.policies.LoadBalancingPolicy;
import com.datastax.driver.core.policies.TokenAwarePolicy;
import com.impetus.kundera.PersistenceProperties;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Closer;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.profile.EntityCompiler;
import dev.cqlbench.profile.ProfileTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import javax.persistence.Persistence;

/**
 * Kundera 3.13 (JPA) with its DataStax-driver client ({@code kundera-cassandra-ds-driver} 3.12, driver 3.3.0).
 * Sync only: Kundera has no asynchronous API. The worker JVM needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}.
 */
public final class KunderaBinding extends Binding {

    static final String PERSISTENCE_UNIT = "cqlbench_kundera";
    static final String KUNDERA_VERSION = "3.13";
    static final String DS_CLIENT_VERSION = "3.12";
    /** Kundera's per-EntityManager client property (CassandraClientProperties), applied to every statement. */
    static final String CONSISTENCY_PROPERTY = "consistency.level";

    private final BindingConfig config;
    private final Map<String, EntityManagerFactory> factories = new LinkedHashMap<>();
    /** Each EntityManager handed out, closed with the binding. */
    private final List<EntityManager> handedOut = new ArrayList<>();
    private final Set<Cluster> clusters = new LinkedHashSet<>();

    public KunderaBinding(Library library, BindingConfig config) {
        super(library);
        this.config = checked(config);
        offer(UserCrud.class, (UserCrud.On on) -> userCrud(on.keyspace()));
        offer(ProfileTable.class, (ProfileTable.On on) -> profileTable(on));
    }

    private static BindingConfig checked(BindingConfig config) {
        if (config.contactPoints() == null || config.contactPoints().isEmpty()) {
            throw new IllegalArgumentException("no contact points");
        }
        if (!Object.class.getModule().isOpen("java.lang", KunderaBinding.class.getModule())) {
            // Kundera's persist hashes entities with commons-lang reflection (String.value): without the flag every
            // insert fails with InaccessibleObjectException
            throw new IllegalStateException("Kundera needs the JVM flag --add-opens java.base/java.lang=ALL-UNNAMED");
        }
        // Kundera's consistency property takes Thrift ConsistencyLevel names (ONE, LOCAL_ONE, QUORUM...).
        org.apache.cassandra.thrift.ConsistencyLevel.valueOf(consistency(config));
        return config;
    }

    private static String consistency(BindingConfig config) {
        return config.consistency() == null ? "LOCAL_ONE" : config.consistency().toUpperCase(java.util.Locale.ROOT);
    }

    /** Kundera's own version (its client, kundera-cassandra-ds-driver, is {@value #DS_CLIENT_VERSION}). */
    @Override
    public String version() {
        return KUNDERA_VERSION;
    }

    /** The persistence-unit properties that point Kundera at {@code keyspace} on the configured nodes. */
    static Map<String, Object> persistenceUnitProperties(BindingConfig config, String keyspace) {
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> ports = new TreeSet<>();
        for (String contactPoint : config.contactPoints()) {
            int colon = contactPoint.lastIndexOf(':');
            hosts.add(colon < 0 ? contactPoint : contactPoint.substring(0, colon));
            ports.add(colon < 0 ? "9042" : contactPoint.substring(colon + 1));
        }
        if (ports.size() != 1) {
            throw new IllegalArgumentException("Kundera takes one port for all nodes (kundera.port), got " + ports);
        }
        Map<String, Object> props = new HashMap<>();
        props.put(PersistenceProperties.KUNDERA_CLIENT_FACTORY,
                "com.impetus.kundera.client.cassandra.dsdriver.DSClientFactory");
        props.put(PersistenceProperties.KUNDERA_DIALECT, "cassandra");
        props.put(PersistenceProperties.KUNDERA_NODES, String.join(",", hosts));
        props.put(PersistenceProperties.KUNDERA_PORT, ports.iterator().next());
        props.put(PersistenceProperties.KUNDERA_KEYSPACE, keyspace);
        if (config.username() != null) {
            props.put(PersistenceProperties.KUNDERA_USERNAME, config.username());
            props.put(PersistenceProperties.KUNDERA_PASSWORD, config.password() == null ? "" : config.password());
        }
        // never kundera.ddl.auto.prepare: its schema manager uses Thrift, gone since Cassandra 4
        return props;
    }

    private synchronized UserCrud userCrud(String keyspace) {
        return KunderaUserCrud.of(closedWithTheBinding(entityManager(PERSISTENCE_UNIT, keyspace)));
    }

    /**
     * A user's profile: its JPA classes made from the table's definition, compiled onto the worker's classpath with a
     * persistence unit of their own, read by Kundera as it reads the application's.
     */
    private synchronized ProfileTable profileTable(ProfileTable.On on) throws Exception {
        KunderaProfileSources sources = new KunderaProfileSources(on.profile());
        ClassLoader loader = EntityCompiler.compileOnClasspath(sources.sources(), sources.resources());
        java.util.function.Supplier<EntityManager> entityManagers = () -> {
            synchronized (this) {
                return closedWithTheBinding(entityManager(KunderaProfileSources.PERSISTENCE_UNIT, on.keyspace()));
            }
        };
        entityManagers.get().close(); // the persistence unit made and audited before any timed call
        audit.put("mapping", "@Entity (" + (sources.simpleKey() ? "@Id" : "@EmbeddedId key class")
                + ") made from the table's definition, compiled onto the worker's classpath with a persistence unit "
                + "of its own; queries through createNativeQuery(cql, entity class), values written into the text");
        audit.put("writes", "EntityManager.persist(entity), then clear(); one EntityManager per calling thread");
        return new KunderaProfileTable(entityManagers, on.profile(), on.keyspace(), sources, loader);
    }

    /** {@code em}, closed (if still open) when the binding closes. */
    private EntityManager closedWithTheBinding(EntityManager em) {
        handedOut.add(em);
        return em;
    }

    /** An EntityManager of persistence unit {@code unit} on {@code keyspace} (its factory made once), audited. */
    private EntityManager entityManager(String unit, String keyspace) {
        EntityManagerFactory emf = factories.get(unit + "/" + keyspace);
        if (emf == null) {
            emf = Persistence.createEntityManagerFactory(unit, persistenceUnitProperties(config, keyspace));
            factories.put(unit + "/" + keyspace, emf);
        }
        Map<String, Object> emProperties = new HashMap<>();
        emProperties.put(CONSISTENCY_PROPERTY, consistency(config));
        EntityManager em = emf.createEntityManager(emProperties);
        Session session = KunderaSessions.session(em);
        Cluster cluster = session.getCluster();
        clusters.add(cluster);
        if (config.requestTimeoutMillis() > 0) {
            // Kundera reads driver socket options only from a client-properties XML file; the live SocketOptions
            // are consulted per request by driver 3, so setting them here applies to every statement.
            cluster.getConfiguration().getSocketOptions().setReadTimeoutMillis((int) config.requestTimeoutMillis());
        }
        fillAudit(session, em);
        return em;
    }

    private void fillAudit(Session session, EntityManager em) {
        Cluster cluster = session.getCluster();
        audit.put("statements", "unprepared");
        audit.put("preparedStatements", "0");
        audit.put("consistency", String.valueOf(((com.impetus.client.cassandra.CassandraClientBase)
                ((Map<?, ?>) em.getDelegate()).values().iterator().next()).getConsistencyLevel()));
        audit.put("protocolVersion",
                String.valueOf(cluster.getConfiguration().getProtocolOptions().getProtocolVersion()));
        LoadBalancingPolicy policy = cluster.getConfiguration().getPolicies().getLoadBalancingPolicy();
        String policyName = policy instanceof TokenAwarePolicy tokenAware
                ? "TokenAwarePolicy(" + tokenAware.getChildPolicy().getClass().getSimpleName() + ")"
                : policy.getClass().getSimpleName();
        audit.put("routing", "not token-aware: " + policyName + " (driver 3 default), but Kundera's SimpleStatements"
                + " carry no routing key, so the child policy's round robin picks the coordinator");
        audit.put("batches", "none");
        List<String> perNode = new ArrayList<>();
        for (Host host : cluster.getMetadata().getAllHosts()) {
            perNode.add(String.valueOf(session.getState().getOpenConnections(host)));
        }
        audit.put("connectionsPerNode", String.valueOf(cluster.getConfiguration().getPoolingOptions()
                .getCoreConnectionsPerHost(HostDistance.LOCAL)) + " (driver 3 default for protocol v3+; open now: "
                + String.join(",", perNode) + "; plus one control connection per cluster)");
        audit.put("valueBinding", "values inlined as CQL literals in the query text (no bind markers)");
        audit.put("entityManager", "one per table, cleared after every operation (no first-level cache hits)");
        audit.put("requestTimeoutMillis",
                String.valueOf(cluster.getConfiguration().getSocketOptions().getReadTimeoutMillis()));
    }

    @Override
    public synchronized void close() {
        Closer closer = new Closer();
        closer.each(handedOut, em -> {
            if (em.isOpen()) {
                em.close();
            }
        });
        handedOut.clear();
        closer.each(factories.values(), emf -> {
            if (emf.isOpen()) {
                emf.close(); // DSClientFactory.destroy(): closes the driver Session and Cluster
            }
        });
        factories.clear();
        // DSClientFactory.destroy() only calls Cluster.closeAsync(); wait for the driver's threads to end so
        // the JVM can exit.
        closer.each(clusters, Cluster::close);
        clusters.clear();
        closer.rethrow();
    }
}
