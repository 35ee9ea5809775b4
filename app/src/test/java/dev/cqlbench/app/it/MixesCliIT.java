package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Study 05's mixes end to end on a real node: load, run, closed and open loop, timeline, every read checked. */
@ExtendWith(EmbeddedCassandraExtension.class)
class MixesCliIT {

    private static OperationResult op(RunResult result, String label) {
        return result.variants().get(0).operations().stream().filter(o -> o.operation().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + label));
    }

    @Test
    void theStudysMixesRunClosedLoopAtEachConcurrency(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run(List.of("run", "mixes", "--contact-points",
                node.contactPoint(), "--workload", "read65_update25_insert10,workloade", "--concurrency", "4,16",
                "--duration", "2s", "--records", "2000", "--warmup-ops", "500", "--warmup-max-s", "0", "--worker-heap-mb", "256",
                "--keyspace", "it_mixes", "--out", out.toString()));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(op(result, "read65_update25_insert10@load").count()).isEqualTo(2000);
        // after each workload every record (loaded or inserted) read back and compared field by field
        assertThat(result.variants().get(0).verification().checked()).isGreaterThan(2 * 2000);
        assertThat(result.variants().get(0).verification().differed()).isZero();
        for (String phase : List.of("read65_update25_insert10@4", "read65_update25_insert10@16", "workloade@4",
                "workloade@16")) {
            OperationResult all = op(result, phase);
            assertThat(all.count()).as(phase).isPositive();
            assertThat(all.errors()).as(phase + " " + all.errorsByKind()).isZero();
            assertThat(all.timeline()).as("a point per second").hasSizeBetween(2, 3);
            assertThat(dev.cqlbench.report.Format.throughput(result, result.variants().get(0).variant(), all))
                    .isPositive();
        }
        OperationResult reads = op(result, "read65_update25_insert10@16/READ");
        OperationResult inserts = op(result, "read65_update25_insert10@16/INSERT");
        assertThat((double) inserts.count() / op(result, "read65_update25_insert10@16").count()).isBetween(0.05, 0.15);
        assertThat(reads.count()).isPositive();
        assertThat(op(result, "workloade@16/SCAN").count()).isPositive();
        assertThat(Files.readAllLines(out.resolve("timeline.csv")).get(0))
                .isEqualTo("variant,operation,cycle,repetition,second,ops,errors,p50_us,p99_us,errors_by_kind,"
                        + "epoch_second,client_cpu_ms,client_gc_ms,lag_max_us,clients");
        assertThat(outcome.out()).contains("ops/s by workload × concurrency").contains("4 in flight")
                .contains("16 in flight");
        assertThat(Cli.fullReport(out)).contains("read65_update25_insert10@16");
    }

    @Test
    void openLoopHoldsTheRateAndKeepsServiceTimeApart(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run(List.of("run", "mixes", "--contact-points",
                node.contactPoint(), "--workload", "workloada", "--rate", "500", "--concurrency", "64",
                "--duration", "6s", "--records", "1000", "--warmup-ops", "0", "--worker-heap-mb", "256",
                // the 6 s phase reports nothing until its end: the heartbeat's progress keeps the worker alive
                "--worker-timeout-s", "3", "--keyspace", "it_mixes_open", "--out", out.toString()));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        OperationResult all = op(result, "workloada@64");
        assertThat(all.count()).isBetween(2900L, 3000L);
        assertThat(dev.cqlbench.report.Format.throughput(result, result.variants().get(0).variant(), all))
                .isBetween(400.0, 520.0);
        assertThat(all.latencies().serviceLatency()).isNotNull();
        assertThat(all.latency().p50Us()).isGreaterThanOrEqualTo(all.latencies().serviceLatency().p50Us());
        assertThat(outcome.out()).contains("open loop at 500.0 ops/s");
        assertThat(Cli.fullReport(out)).contains("svc p99");
    }

    @Test
    void twoTargetsRunTheSameMixesAndAreComparedAsTheStudysTable6(EmbeddedCassandra node, @TempDir Path dir)
            throws Exception {
        Path a = dir.resolve("a.yaml");
        Path b = dir.resolve("b.yaml");
        Files.writeString(a, "name: first\ncontact-points: [" + node.contactPoint() + "]\n");
        Files.writeString(b, "name: second\ncontact-points: [" + node.contactPoint() + "]\nconsistency: ALL\n");
        Path out = dir.resolve("out");
        Cli.Outcome outcome = Cli.run(List.of("run", "mixes", "--target", a.toString(), "--target",
                b.toString(), "--workload", "update50_read50", "--concurrency", "8", "--duration", "3s", "--records",
                "1000", "--warmup-ops", "200", "--warmup-max-s", "0", "--worker-heap-mb", "256", "--keyspace", "it_mixes_targets", "--out",
                out.toString()));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(v -> v.variant())
                .containsExactly("driver4@first", "driver4@second");
        assertThat(result.variants().get(1).audit()).containsEntry("consistency", "ALL");
        assertThat(result.settings().servers().targets()).containsOnlyKeys("first", "second");
        assertThat(result.ranOn().clusters()).containsOnlyKeys("first", "second");
        for (var v : result.variants()) {
            assertThat(v.operations().stream().filter(o -> o.operation().equals("update50_read50@8")).findFirst()
                    .orElseThrow().errors()).isZero();
        }
        assertThat(Cli.fullReport(out)).contains("targets compared (the study's table 6)")
                .contains("driver4@second / driver4@first");
    }
}
