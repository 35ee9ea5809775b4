package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.result.TimelinePoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Cassandra node killed (SIGKILL) mid-run, cqlbench running as a user runs it: with a node left the run goes on
 * and says when the node went down; with none left it stops within a bounded time with one line and exit 10. Both
 * write their results and leave no process behind.
 */
class NodeFailureIT {

    private static final Pattern NODE_PID = Pattern.compile("up at (127\\.0\\.0\\.\\d+):\\d+ \\(pid (\\d+)\\)");

    /**
     * Waits until the load phase is over (cqlbench says so), then {@code intoRunPhaseMillis} of the run phase, and
     * kills the node at {@code address}: the kill lands in the run phase however slow the machine is.
     */
    private static long killNodeMidRun(Launcher cqlbench, String address, long intoRunPhaseMillis)
            throws Exception {
        cqlbench.awaitStderr("driver4 read95_update5@" + MixesPlan.LOAD + " ", "the load phase finished");
        Thread.sleep(intoRunPhaseMillis);
        cqlbench.watchChildren();
        Matcher m = NODE_PID.matcher(Files.readString(cqlbench.stderr));
        while (m.find()) {
            if (m.group(1).equals(address)) {
                long pid = Long.parseLong(m.group(2));
                ProcessHandle node = ProcessHandle.of(pid).orElseThrow();
                node.destroyForcibly();
                node.onExit().get(30, TimeUnit.SECONDS);
                return pid;
            }
        }
        throw new AssertionError("no pid of " + address + " in " + Files.readString(cqlbench.stderr));
    }

    @Test
    void aKilledNodeIsMarkedAndTheRunGoesOnWithTheOther(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = new Launcher(dir, "run", "mixes", "--nodes", "2", "--rf", "2",
                "--workload", "read95_update5", "--records", "5000", "--duration", "15s", "--concurrency", "8",
                "--warmup-ops", "2000", "--warmup-max-s", "0", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256",
                "--out", out.toString());
        long killed;
        try {
            killed = killNodeMidRun(cqlbench, "127.0.0.2", 3_000);
            int code = cqlbench.awaitExit(180);
            assertThat(code).as(Files.readString(cqlbench.stderr)).isEqualTo(ExitCode.OK);
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.course().partial()).isFalse();
        RunEvent down = result.course().events().stream().filter(e -> e.kind().equals(RunEvent.NODE_DOWN)).findFirst()
                .orElseThrow();
        assertThat(down.detail()).contains(Long.toString(killed));
        assertThat(down.variant()).isEqualTo("driver4");
        assertThat(down.operation()).isEqualTo("read95_update5@8");
        assertThat(down.atSecond()).isBetween(0.0, 15.0);
        assertThat(result.course().events()).noneMatch(e -> e.kind().equals(RunEvent.CLUSTER_DOWN));
        // the read-back is at ALL, which a dead replica makes impossible: the records are unverifiable, not wrong
        dev.cqlbench.result.Verification verification = result.variants().get(0).verification();
        assertThat(verification.checked() + verification.unverifiable()).isGreaterThanOrEqualTo(5000);
        assertThat(verification.unverifiable()).isPositive();
        assertThat(verification.differed()).isZero();
        // operations went on after the node died, on the node left
        List<TimelinePoint> timeline = result.variants().get(0).operations().stream()
                .filter(op -> op.operation().equals("read95_update5@8")).findFirst().orElseThrow().timeline();
        assertThat(timeline.stream().filter(p -> p.second() > down.atSecond() + 3 && p.second() < 14))
                .isNotEmpty().allMatch(p -> p.ops() > 0);
        assertThat(Files.readString(dir.resolve("stdout.txt"))).contains("node-down");
        assertThat(Files.readString(cqlbench.stderr)).contains("1 of 2 nodes left").doesNotContain("\tat ");
    }

    @Test
    void theOnlyNodeKilledStopsTheRunWithinBoundsAndWritesWhatWasMeasured(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = new Launcher(dir, "run", "mixes",
                "--workload", "read95_update5", "--records", "5000", "--duration", "120s", "--concurrency", "8",
                "--warmup-ops", "2000", "--warmup-max-s", "0", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256",
                "--out", out.toString());
        try {
            killNodeMidRun(cqlbench, "127.0.0.1", 2_000);
            long killedAt = System.nanoTime();
            int code = cqlbench.awaitExit(60);
            assertThat(code).as(Files.readString(cqlbench.stderr)).isEqualTo(ExitCode.CLUSTER_LOST);
            assertThat((System.nanoTime() - killedAt) / 1e9).as("seconds from the kill to the exit").isLessThan(60);
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
        String err = Files.readString(cqlbench.stderr);
        assertThat(err).contains("every node of the cluster is down").doesNotContain("\tat ");
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.course().partial()).isTrue();
        assertThat(result.course().stopReason()).contains("every node of the cluster is down");
        assertThat(result.course().events()).extracting(RunEvent::kind)
                .contains(RunEvent.NODE_DOWN, RunEvent.CLUSTER_DOWN);
        // the load and the part of the run phase before the kill are there
        assertThat(result.variants().get(0).operations().get(0).count()).isEqualTo(5000);
        assertThat(out.resolve("report.html")).isNotEmptyFile();
    }
}
