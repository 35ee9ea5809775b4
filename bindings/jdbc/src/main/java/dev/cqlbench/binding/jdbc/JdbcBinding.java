package dev.cqlbench.binding.jdbc;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.OrderStore;

/**
 * MariaDB (or MySQL) through JDBC: study 03's relational side. The JDBC URL travels as the only contact point;
 * user and password as for Cassandra. Connections come from a HikariCP pool made with the store.
 */
public final class JdbcBinding extends Binding {

    private JdbcOrderStore store;

    public JdbcBinding(Library library, BindingConfig config) {
        super(library, config);
        if (config.contactPoints() == null || config.contactPoints().size() != 1
                || !config.contactPoints().get(0).startsWith("jdbc:")) {
            throw new IllegalArgumentException("the jdbc binding needs one JDBC URL as its contact point");
        }
        offer(OrderStore.class, this::orderStore);
    }

    /** MariaDB Connector/J's version, and the HikariCP pool's beside it. */
    @Override
    public String version() {
        return mavenVersion("org.mariadb.jdbc", "mariadb-java-client") + " (HikariCP "
                + mavenVersion("com.zaxxer", "HikariCP") + ")";
    }

    /** The version in a jar's Maven metadata, as the driver's own package carries none. */
    static String mavenVersion(String group, String artifact) {
        try (java.io.InputStream in = JdbcBinding.class.getResourceAsStream(
                "/META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in == null) {
                return "unknown";
            }
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    private synchronized OrderStore orderStore(OrderStore.Spec spec) throws Exception {
        if (store != null) {
            throw new IllegalStateException("one order store per binding");
        }
        store = JdbcOrderStore.open(config(), spec, audit);
        return store;
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
