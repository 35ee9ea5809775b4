package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Cli;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.app.report.SummaryCsv;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The crud scenario end to end through the command line, against one real embedded node. */
@ExtendWith(EmbeddedCassandraExtension.class)
class CrudCliIT {

    /** A small crud run against the node; one JVM per variant unless {@code extra} gives --forks. */
    static List<String> crud(EmbeddedCassandra node, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "crud", "--contact-points", node.contactPoint(),
                "--ops", "200", "--repetitions", "2", "--cycles", "2", "--warmup-ops", "100",
                "--worker-heap-mb", "256", "--out", out.toString()));
        if (!List.of(extra).contains("--forks")) {
            args.addAll(List.of("--forks", "1"));
        }
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void syncRunCountsEveryOperationAndEveryReadCameBackAsWritten(EmbeddedCassandra node, @TempDir Path out)
            throws Exception {
        // the node takes any login; a password given must still never reach the result
        Path secret = Files.writeString(Files.createTempFile("cqlbench-it", ".pw"), "s3cret-crud-it\n");
        secret.toFile().deleteOnExit();
        Cli.Outcome outcome = Cli.run(crud(node, out, "--keyspace", "it_sync", "--username", "bench",
                "--password-file", secret.toString(), "--forks", "2"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.course().partial()).isFalse();
        assertThat(result.ranOn().environment().cassandraVersion()).startsWith("5.0");
        assertThat(result.ranOn().environment().target()).isEqualTo("external");
        assertThat(result.plan()).isInstanceOfSatisfying(CrudPlan.class, plan -> {
            assertThat(plan.operations()).isEqualTo(200);
            assertThat(plan.cycles()).isEqualTo(2);
        });
        VariantResult driver4 = result.variants().get(0);
        assertThat(driver4.variant()).isEqualTo("driver4");
        assertThat(driver4.libraryVersion()).startsWith("4.");
        assertThat(driver4.audit()).containsEntry("statements", "prepared").containsEntry("consistency", "LOCAL_ONE");
        assertThat(driver4.operations()).extracting(OperationResult::operation)
                .containsExactly("write", "read", "update", "delete");
        // two JVMs (forks), each its own users: every read checked, by both; the acknowledged writes, updates and
        // deletes read back after their timed section, every one in the run's first round (nothing settles in two
        // rounds), one in ten in turn in the second (2 repetitions of 200: 40 of 400)
        assertThat(result.settings().processes().forks()).isEqualTo(2);
        int checked = 2 * 800 + 2 * 3 * 400 + 2 * 3 * 40;
        assertThat(driver4.verification()).isEqualTo(new dev.cqlbench.result.Verification(checked, 0, 0));
        assertThat(Cli.fullReport(out)).contains("data verification: 4,240 values checked, 0 differed");
        assertThat(outcome.out()).as("one library: no study claim among its variants, no comparison; its own figures")
                .contains("typical time per operation (µs)").containsPattern("\\ndriver4 +\\S")
                .doesNotContain("study 01").doesNotContain("data verification");
        assertThat(outcome.err()).contains("driver4/1: worker pid").contains("driver4/2: worker pid");
        assertThat(out.resolve("logs/worker-driver4-fork2.log")).exists();
        for (OperationResult op : driver4.operations()) {
            assertThat(op.count()).as(op.operation()).isEqualTo(2 * 800);
            assertThat(op.errors()).as(op.operation() + " " + op.errorsByKind()).isZero();
            List<Block> blocks = result.blocks("driver4", op.operation());
            assertThat(blocks).hasSize(8);
            assertThat(blocks).extracting(Block::fork).containsOnly(0, 1);
            assertThat(op.latency().p50Us()).isPositive().isLessThanOrEqualTo(op.latency().p99Us());
            assertThat(op.latency().p99Us()).isLessThanOrEqualTo(op.latency().maxUs());
            // every block has its own typical time and the worker's own CPU
            assertThat(blocks).allSatisfy(r -> {
                assertThat(r.typicalNanos()).isPositive();
                assertThat(r.clientCpuNanos()).isPositive();
            });
        }
        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(csv.get(0)).isEqualTo(SummaryCsv.HEADER);
        assertThat(csv).hasSize(5);
        assertThat(csv.get(1)).startsWith("crud,driver4,write,1600,0,");
        assertThat(Cli.fullReport(out)).contains("average total time of 200 operations").contains("driver4");
        assertThat(Files.readString(out.resolve("result.json"))).doesNotContain("s3cret-crud-it")
                .contains("\"passwordGiven\" : true");
        // every user was deleted again
        try (CqlSession session = Driver4Sessions.open(config(node), "it-check")) {
            assertThat(session.execute("SELECT count(*) FROM it_sync.user").one().getLong(0)).isZero();
        }
    }

    @Test
    void asyncRunKeepsTheSameCountsWithOperationsInFlight(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run(crud(node, out, "--keyspace", "it_async", "--mode", "async", "--concurrency", "16",
                "--hdr-log"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        VariantResult driver4 = ResultFiles.read(out.resolve("result.json")).variants().get(0);
        assertThat(driver4.mode()).isEqualTo("async");
        assertThat(driver4.concurrency()).isEqualTo(16);
        assertThat(driver4.operations()).allSatisfy(op -> {
            assertThat(op.count()).isEqualTo(800);
            assertThat(op.errors()).isZero();
        });
        // --hdr-log: a standard interval log holding exactly the measured operations (not warmup), per operation
        java.util.Map<String, Long> logged = new java.util.TreeMap<>();
        org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(
                out.resolve("hdr").resolve("driver4.hlog").toFile());
        org.HdrHistogram.EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null) {
            org.HdrHistogram.Histogram h = (org.HdrHistogram.Histogram) interval;
            logged.merge(h.getTag(), h.getTotalCount(), Long::sum);
        }
        assertThat(logged).containsExactlyInAnyOrderEntriesOf(java.util.Map.of("write", 800L, "read", 800L,
                "update", 800L, "delete", 800L));
        assertThat(out.resolve("report.html")).isNotEmptyFile();
    }

    @Test
    void aReleasedVersionOfTheDriverRunsBesideTheBuiltOneEveryReadChecked(EmbeddedCassandra node, @TempDir Path out)
            throws Exception {
        // driver 4.17.0 (com.datastax.oss, before the driver moved to org.apache.cassandra) against the built 4.19.x
        Cli.Outcome outcome = Cli.run(crud(node, out, "--keyspace", "it_release", "--library",
                "driver4@4.17.0,driver4"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        assertThat(outcome.err()).contains("driver4@4.17.0: com.datastax.oss:java-driver-core:4.17.0")
                .contains("driver4@4.17.0: worker pid").contains("driver4 4.17.0, warmed up");
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactly("driver4@4.17.0", "driver4");
        assertThat(result.variants().get(0).libraryVersion()).isEqualTo("4.17.0");
        assertThat(result.variants().get(1).libraryVersion()).startsWith("4.19.");
        assertThat(result.settings().variants().get(0).release().artifacts())
                .anyMatch(a -> a.matches("com\\.datastax\\.oss:java-driver-core:4\\.17\\.0 sha256:[0-9a-f]{64}"));
        assertThat(result.settings().variants().get(1).release()).isNull();
        for (VariantResult v : result.variants()) {
            assertThat(v.verification().checked()).as(v.variant()).isPositive();
            assertThat(v.verification().differed()).as(v.variant()).isZero();
            assertThat(v.operations()).allSatisfy(op -> assertThat(op.errors()).as(op.operation()).isZero());
        }
        // the report names what ran, and so did the server: the connections' own driver name and version
        assertThat(Cli.fullReport(out)).contains("released versions, resolved from Maven repositories")
                .containsPattern("driver4@4\\.17\\.0 +com\\.datastax\\.oss:java-driver-core:4\\.17\\.0 +[0-9a-f]{12}…")
                .containsPattern("driver4@4\\.17\\.0 .*Java driver for Apache Cassandra\\(R\\) 4\\.17\\.0");
        assertThat(Files.readString(out.resolve("result.json"))).doesNotContain("\"classpath\"");
    }

    @Test
    void aTableWithAnotherSchemaStopsTheRunBeforeMeasuring(EmbeddedCassandra node, @TempDir Path out) {
        try (CqlSession session = Driver4Sessions.open(config(node), "it-clash")) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS it_clash WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute("CREATE TABLE IF NOT EXISTS it_clash.user (id text PRIMARY KEY, first_name text)");
        }
        Cli.Outcome outcome = Cli.run(crud(node, out, "--keyspace", "it_clash"));

        assertThat(outcome.code()).isEqualTo(ExitCode.SCHEMA);
        assertThat(outcome.err()).contains("it_clash.user exists with column id text, expected uuid")
                .contains("--drop-existing");
        assertThat(out.resolve("result.json")).doesNotExist();

        // the user says so: the table is dropped and created afresh, and the run measures
        Cli.Outcome dropped = Cli.run(crud(node, out, "--keyspace", "it_clash", "--drop-existing"));
        assertThat(dropped.code()).as(dropped.err()).isEqualTo(ExitCode.OK);
        assertThat(ResultFiles.read(out.resolve("result.json")).settings().servers().target().dropExisting()).isTrue();
    }

    @Test
    void anUnreachableClusterIsOneLineAndItsOwnExitCode(@TempDir Path out) {
        Cli.Outcome outcome = Cli.run(List.of("run", "crud", "--forks", "1",
                "--contact-points", "127.0.0.1:1", "--out", out.toString()));

        assertThat(outcome.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(outcome.err()).startsWith("cqlbench: cannot connect to [127.0.0.1:1]");
        assertThat(outcome.err().strip().lines()).hasSize(1);
    }

    @Test
    void aWrongDatacenterIsNamed(EmbeddedCassandra node, @TempDir Path out) {
        Cli.Outcome outcome = Cli.run(crud(node, out, "--datacenter", "nowhere"));

        assertThat(outcome.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(outcome.err()).contains("no node of the cluster is in datacenter 'nowhere'")
                .contains("datacenters seen: [datacenter1]").contains("--datacenter");
    }

    @Test
    void anEmbeddedCassandraThatCannotStartSaysWhyAndWhereItsLogIs(@TempDir Path out) {
        Path workDir = out.resolve("node");
        Cli.Outcome outcome = Cli.run(List.of("run", "crud", "--forks", "1",
                "--cassandra-heap-mb", "1", "--work-dir", workDir.toString(),
                "--out", out.resolve("results").toString()));

        assertThat(outcome.code()).isEqualTo(ExitCode.SERVER_START);
        // where the processes run, the "starting" progress line, then the error
        assertThat(outcome.err().strip().lines()).hasSize(3).first().asString().startsWith("cqlbench: placement: ");
        Path log = workDir.resolve("node1").resolve("cassandra.log");
        assertThat(outcome.err()).contains("cqlbench: embedded Cassandra at 127.0.0.1 exited with code")
                .contains("heap").contains("(log: " + log.toAbsolutePath() + ")");
        assertThat(log).exists();
        assertThat(out.resolve("results/result.json")).doesNotExist();
    }

    private static BindingConfig config(EmbeddedCassandra node) {
        return new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null, "LOCAL_ONE", 10_000,
                Map.of());
    }
}
