package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.liar.LyingBinding;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.ClientConnections;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A binding that declares prepared statements and sends unprepared ones ({@link LyingBinding}), run for real beside
 * an honest one on nodes cqlbench starts: the servers' counters contradict it, {@code --strict-audit} fails the run
 * with exit 11, and every figure measured is still written.
 */
class StrictAuditIT {

    @Test
    void aLyingBindingFailsAStrictRunAndWhatWasMeasuredIsKept(@TempDir Path dir) throws Exception {
        Layout layout = Layout.fromSystemProperty().with(TestModules.lay(dir, "liar", LyingBinding.class,
                "/liar/binding.json", true));
        Path out = dir.resolve("out");
        Cli.Outcome outcome = Cli.run(layout, "run", "crud", "--forks", "1",
                "--library", "liar,driver4", "--ops", "100",
                "--repetitions", "2", "--cycles", "1", "--warmup-ops", "50", "--keyspace", "it_liar",
                "--worker-heap-mb", "256", "--work-dir", dir.resolve("work").toString(),
                "--strict-audit", "--out", out.toString());

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.AUDIT);
        assertThat(outcome.err()).contains("audit mismatch: liar: write: declares prepared statements; the server "
                + "counted 1.00 unprepared per operation").doesNotContain("audit mismatch: driver4").doesNotContain("\tat ");
        assertThat(Cli.fullReport(out)).contains("liar AUDIT MISMATCH: read: declares prepared statements");

        RunResult result = ResultFiles.read(out.resolve(ResultFiles.RESULT_JSON));
        VariantResult liar = result.variants().get(0);
        VariantResult driver4 = result.variants().get(1);
        assertThat(liar.auditMismatches()).hasSize(4).allSatisfy(m -> assertThat(m).contains("1.00 unprepared"));
        assertThat(driver4.auditMismatches()).isEmpty();
        for (VariantResult v : result.variants()) {
            assertThat(v.operations()).extracting(OperationResult::operation)
                    .containsExactly("write", "read", "update", "delete");
            // nothing measured is lost: every operation counted and checked, every one audited (round 0)
            assertThat(v.operations()).allSatisfy(op -> {
                assertThat(op.count()).isEqualTo(200);
                assertThat(op.errors()).isZero();
                assertThat(op.counts().server().operations()).isEqualTo(200L);
            });
            // the connections the node listed for this worker's own sockets, over CQL
            ClientConnections c = v.connections();
            assertThat(c).as(v.variant()).isNotNull();
            assertThat(c.unreadable()).isNull();
            assertThat(c.rounds()).isEqualTo(1);
            assertThat(c.connections()).isPositive();
            assertThat(c.protocols()).containsOnlyKeys("V5");
            assertThat(c.drivers().keySet()).singleElement().asString().containsIgnoringCase("java driver");
            // every one of the 800 operations is one request on those connections at least
            assertThat(c.operations()).isEqualTo(800);
            assertThat(c.requests()).isGreaterThanOrEqualTo(800);
        }
        assertThat(Cli.fullReport(out)).contains("the worker's connections as the servers listed them");
    }
}
