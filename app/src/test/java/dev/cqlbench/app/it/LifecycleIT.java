package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cqlbench as a user runs it: its own JVM, an embedded Cassandra it starts itself, a worker JVM, and
 * afterwards not one of their processes left, whether cqlbench was killed or stopped by Ctrl-C. (A run that ends
 * normally on the embedded node it started: EndToEndIT's demo, which checks the same.)
 */
class LifecycleIT {

    /**
     * INT, as Ctrl-C sends, unless this test runs with SIGINT ignored (a build started in the background by a
     * shell without job control, or under nohup): the child inherits that, and the JVM then leaves SIGINT
     * ignored, as a background job should. TERM takes the same path through cqlbench's shutdown hook.
     */
    static String interruptSignal() throws IOException {
        Path status = Paths.get("/proc/self/status");
        if (Files.exists(status)) {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("SigIgn:")) {
                    long ignored = Long.parseLong(line.substring("SigIgn:".length()).strip(), 16);
                    return (ignored & (1L << 1)) != 0 ? "TERM" : "INT";
                }
            }
        }
        return "INT";
    }

    /**
     * cqlbench itself killed (SIGKILL: no hook runs, as in a crash or the OOM killer): every process it started
     * notices its parent is gone and exits on its own — Cassandra, MariaDB's JVM and its mysqld, the workers.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"crud", "hatshop"})
    void aKilledCqlbenchLeavesNoProcess(String scenario, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = scenario.equals("crud")
                ? new Launcher(dir, "run", "crud", "--forks", "1",
                        "--library", "driver4", "--ops", "1000", "--repetitions", "100",
                        "--warmup-ops", "50", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256", "--out",
                        out.toString())
                : new Launcher(dir, "run", "hatshop", "--forks", "1", "--database", "mariadb", "--count", "20000",
                        "--repetitions", "50", "--warmup-events", "200", "--worker-heap-mb", "256", "--out",
                        out.toString());
        try {
            cqlbench.awaitMeasuring();
            Thread.sleep(1000);
            cqlbench.watchChildren();
            assertThat(cqlbench.seen.size()).as("a server and a worker").isGreaterThanOrEqualTo(2);
            if (scenario.equals("hatshop")) {
                assertThat(cqlbench.seen).as("mysqld itself").anyMatch(p -> p.info().command().orElse("")
                        .contains("mysqld") || p.info().command().orElse("").contains("mariadbd"));
            }
            cqlbench.process.destroyForcibly();
            assertThat(cqlbench.process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
    }

    @Test
    void ctrlCStopsTheEmbeddedRunWritesWhatWasMeasuredAndLeavesNoProcess(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = new Launcher(dir, "run", "crud", "--forks", "1", "--ops", "1000", "--repetitions", "100",
                "--cycles", "3", "--warmup-ops", "50", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256",
                "--out", out.toString());
        try {
            cqlbench.awaitMeasuring();
            Thread.sleep(2_000); // measuring now
            cqlbench.watchChildren();
            assertThat(cqlbench.seen.size()).as("embedded Cassandra and a worker JVM").isGreaterThanOrEqualTo(2);
            new ProcessBuilder("kill", "-" + interruptSignal(), Long.toString(cqlbench.process.pid())).start()
                    .waitFor();

            int code = cqlbench.awaitExit(90);

            assertThat(code).isEqualTo(ExitCode.INTERRUPTED);
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.course().partial()).isTrue();
        assertThat(result.course().stopReason()).contains("interrupted");
        assertThat(result.ranOn().environment().target()).isEqualTo("embedded");
        assertThat(result.ranOn().environment().cassandraPid()).isNotNull();
        assertThat(result.variants().get(0).operations().get(0).count()).isPositive();
        assertThat(Files.readString(dir.resolve("stdout.txt"))).contains("PARTIAL RESULT");
    }

    @Test
    void aSecondCtrlCExitsAtOnceAndStillLeavesNoProcess(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue("INT".equals(interruptSignal()),
                "SIGINT is ignored in this build's process group (a background job): Ctrl-C cannot be sent");
        Path out = dir.resolve("results");
        Launcher cqlbench = new Launcher(dir, "run", "crud", "--forks", "1", "--library", "driver4", "--ops", "1000",
                "--repetitions", "100", "--cycles", "3", "--warmup-ops", "50", "--cassandra-heap-mb", "512",
                "--worker-heap-mb", "256", "--out", out.toString());
        try {
            cqlbench.awaitMeasuring();
            cqlbench.watchChildren();
            String pid = Long.toString(cqlbench.process.pid());
            new ProcessBuilder("kill", "-INT", pid).start().waitFor();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!cqlbench.stderrContains("Ctrl-C again") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            new ProcessBuilder("kill", "-INT", pid).start().waitFor();

            int code = cqlbench.awaitExit(15);

            assertThat(code).isEqualTo(ExitCode.INTERRUPTED);
            assertThat(Files.readString(cqlbench.stderr)).contains("second Ctrl-C: exiting now")
                    .doesNotContain("\tat ");
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
        // nothing half-written presented as complete: either no result, or a whole one
        if (Files.exists(out.resolve("result.json"))) {
            ResultFiles.read(out.resolve("result.json"));
        }
    }
}
