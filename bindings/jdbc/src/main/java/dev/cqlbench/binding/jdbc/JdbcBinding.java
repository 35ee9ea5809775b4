package dev.cqlbench.binding.jdbc;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryInfo;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.binding.UserCrud;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * MariaDB (or MySQL) through JDBC: study 03's relational side. The JDBC URL travels as the only contact point;
 * user and password as for Cassandra. Connections come from a HikariCP pool made with the store.
 */
public final class JdbcBinding implements Binding {

    public static final String VARIANT = "mariadb";

    private final BindingConfig config;
    private final Map<String, String> audit = new LinkedHashMap<>();
    private JdbcOrderStore store;

    JdbcBinding(BindingConfig config) {
        if (config.contactPoints() == null || config.contactPoints().size() != 1
                || !config.contactPoints().get(0).startsWith("jdbc:")) {
            throw new IllegalArgumentException("the mariadb binding needs one JDBC URL as its contact point");
        }
        this.config = config;
    }

    @Override
    public LibraryInfo library() {
        return new LibraryInfo("jdbc", "MariaDB Connector/J + HikariCP " + mavenVersion("com.zaxxer", "HikariCP"),
                mavenVersion("org.mariadb.jdbc", "mariadb-java-client"));
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

    @Override
    public UserCrud userCrud(String keyspace) {
        throw new UnsupportedOperationException("the mariadb binding implements the hatshop scenario only");
    }

    @Override
    public OrderStore orderStore(OrderStore.Spec spec) throws Exception {
        if (store != null) {
            throw new IllegalStateException("one order store per binding");
        }
        store = JdbcOrderStore.open(config, spec, audit);
        return store;
    }

    @Override
    public Map<String, String> audit() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(audit));
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
