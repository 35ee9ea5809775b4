package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Study 05's scale-out on a real embedded cluster: 2 nodes, a third joins while a mix runs at a fixed rate. */
class ScaleOutCliIT {

    @Test
    void aNodeJoinsMidRunOnTheTimelineAndNoProcessIsLeft(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher.runToEnd(dir, 600, ExitCode.OK, "run", "scale-out", "--nodes", "2", "--rf", "2",
                "--workload", "read95_update5", "--rate", "300", "--concurrency", "32", "--add-node-at", "8s",
                "--duration", "75s", "--records", "5000", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256",
                "--warmup-ops", "20000", "--warmup-max-s", "0", // the timeline is asserted, not the JIT's quiet
                "--cluster-dir", dir.resolve("no-kept-cluster").toString(), "--out", out.toString());
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.course().events()).extracting(RunEvent::kind)
                .containsExactly(RunEvent.JOIN_START, RunEvent.JOIN_END);
        RunEvent start = result.course().events().get(0);
        RunEvent end = result.course().events().get(1);
        // never before --add-node-at, and in order (how late a busy host starts it, or how long the join takes with
        // the nodes on their own CPU, is not asserted)
        assertThat(start.atSecond()).isGreaterThanOrEqualTo(7.5).isLessThan(end.atSecond());
        // the node was started outside the ring before the phase and told to join at --add-node-at (join_ring)
        assertThat(start.detail()).contains("127.0.0.3").contains("started outside the ring before the phase");
        assertThat(result.ranOn().cluster().embedded().nodeSettings()).containsKey("join_ring");
        OperationResult phase = result.variants().get(0).operations().stream()
                .filter(o -> o.operation().equals("read95_update5@32")).findFirst().orElseThrow();
        assertThat(phase.timeline()).hasSizeGreaterThanOrEqualTo(70);
        // open loop: one operation every 1/300 s of the 75 s, each sent whether or not the last came back
        assertThat(phase.count()).isEqualTo(22_500);
        assertThat(result.settings().servers().target().embeddedNodes().count()).isEqualTo(2);
        assertThat(result.settings().servers().schedule().addAtMillis()).isEqualTo(8_000);
        assertThat(Cli.fullReport(out)).contains("what happened to the cluster, on the run phase")
                .contains("join-start").contains("join took").contains("during the join");
    }
}
