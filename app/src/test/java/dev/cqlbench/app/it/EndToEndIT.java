package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.decode.DecodeSchema;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user types, through the real launcher: a run whose data reads back wrong ({@code run decode}), and the demo
 * (one of its parts, {@code --only mixes}: a {@code run mixes} as typed, exit 0, on the one page).
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class EndToEndIT {

    private static List<String> decode(EmbeddedCassandra node, Path out) {
        return List.of("run", "decode", "--forks", "1",
                "--contact-points", node.contactPoint(), "--library", "driver4,spring-data",
                "--rows", "200", "--repetitions", "2", "--cycles", "1", "--warmup-reads", "200", "--keyspace",
                "it_e2e", "--worker-heap-mb", "256", "--out", out.toString());
    }

    private static void run(Path dir, int expectedCode, List<String> args) throws Exception {
        Files.createDirectories(dir);
        // a guard against a hang, not a speed target: the demo's mixes part takes about 2 minutes alone on the 2-core
        // host (152 s for both tests), and went past 300 s once when the host was slow (CI, 2026-11-29)
        Launcher.runToEnd(dir, 480, expectedCode, args.toArray(String[]::new));
    }

    @Test
    void aRunWhoseDataReadsBackWrongWritesItsResultsAndExits8(EmbeddedCassandra node, @TempDir Path dir)
            throws Exception {
        // someone's write from the future: cqlbench's own insert of the study row loses to it (last write wins)
        BindingConfig config = new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null,
                "LOCAL_ONE", 10_000, Map.of());
        try (CqlSession session = Driver4Sessions.open(config, "e2e-corrupt")) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS it_e2e WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute(DecodeSchema.createTable("it_e2e"));
            long future = TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis()) + TimeUnit.DAYS.toMicros(1);
            session.execute("UPDATE it_e2e." + DecodeSchema.TABLE + " USING TIMESTAMP " + future
                    + " SET activity_state = 'CORRUPT' WHERE activity_id = " + DecodeSchema.STUDY_ROW.activityId());
        }
        Path out = dir.resolve("out");
        run(dir.resolve("log"), ExitCode.VERIFICATION, decode(node, out));
        assertThat(Files.readString(dir.resolve("log/stderr.txt"))).contains("data verification FAILED")
                .doesNotContain("\tat ");
        RunResult wrong = ResultFiles.read(out.resolve(ResultFiles.RESULT_JSON));
        assertThat(wrong.variants()).extracting(v -> v.variant()).containsExactly("driver4", "spring-data");
        assertThat(wrong.variants()).allSatisfy(v -> {
            assertThat(v.operations()).isNotEmpty().allSatisfy(op -> assertThat(op.count()).isEqualTo(400));
            assertThat(v.operations().stream()
                    .mapToLong(op -> op.errorsByKind().getOrDefault(ErrorCounts.READ_MISMATCH, 0L)).sum())
                    .as(v.variant() + " saw the wrong row at every read").isEqualTo(v.operations().stream()
                            .mapToLong(OperationResult::count).sum());
        });
        // the terminal gets the verdicts and the key table; every table is in 'report --full' and on the page
        // (one cycle: no comparison has the rounds an interval needs, and the run says so)
        assertThat(Files.readString(dir.resolve("log/stdout.txt"))).contains("study 02's claims")
                .contains("no comparison has the 5 rounds an interval needs")
                .doesNotContain("every figure per timed block");
    }

    @Test
    void theDemoRunsItsPartsAsTypedAndDrawsThemOnOnePage(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("demo");
        // the demo's shortest part (one variant), run as typed
        run(dir.resolve("log"), ExitCode.OK, List.of("demo", "--only", "mixes", "--out", out.toString()));
        String stderr = Files.readString(dir.resolve("log/stderr.txt"));
        assertThat(stderr).contains("demo: run mixes --workload read95_update5,insert90_read10")
                .doesNotContain("demo: run crud").doesNotContain("demo: run decode");
        // on the node the demo started for the parts that need one, and stopped when they were done
        assertThat(stderr).contains("--cluster-dir " + out.resolve("cluster"));
        assertThat(out.resolve("cluster").resolve(KeptCluster.STATE_FILE)).doesNotExist();
        RunResult result = ResultFiles.read(out.resolve("mixes").resolve(ResultFiles.RESULT_JSON));
        assertThat(result.variants()).singleElement().satisfies(v -> {
            assertThat(v.failure()).isNull();
            assertThat(v.operations()).extracting(OperationResult::operation)
                    .contains("read95_update5@16", "insert90_read10@16");
        });
        // the page opens with the verdicts: study 05's two mixes claims, each decided or named with its run
        String page = Files.readString(out.resolve(ResultFiles.REPORT_HTML));
        assertThat(page).contains("<h2>mixes</h2>").contains("The studies' claims, answered")
                .contains("read95_update5 is the slowest mix").doesNotContain("too few rounds");
        // a claim left open is named with a run a user can type: not on the demo's node, which is gone
        assertThat(Files.readString(dir.resolve("log/stdout.txt"))).contains("study 05's claims")
                .doesNotContain("too few rounds").doesNotContain("--cluster-dir");
        assertThat(out.resolve("decode")).doesNotExist();
    }
}
