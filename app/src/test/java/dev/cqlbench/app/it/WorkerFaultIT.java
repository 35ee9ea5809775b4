package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Worker JVMs that hang (SIGSTOP: silent, alive) or crash (SIGKILL) mid-run, cqlbench running as a user runs it:
 * each is detected (silence past --worker-timeout-s; its output closing), reported in one line naming its log,
 * and the other variant runs to the end; the run exits 6 with every result written and no process left.
 */
class WorkerFaultIT {

    private static final Pattern WORKER_PID = Pattern.compile("(\\S+): worker pid (\\d+)");

    @Test
    void aHungWorkerAndACrashedWorkerFailAloneAndTheOtherVariantFinishes(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = new Launcher(dir, "run", "crud", "--forks", "1",
                "--library", "driver4,driver4-mapper,spring-data", "--ops", "400", "--repetitions", "3",
                "--cycles", "3", "--warmup-ops", "200", "--worker-timeout-s", "8", "--worker-heap-mb", "256",
                "--cassandra-heap-mb", "512", "--out", out.toString());
        try {
            Map<String, Long> workers = awaitWorkers(cqlbench, 3);
            signal("STOP", workers.get("driver4-mapper")); // hangs: alive, silent
            signal("KILL", workers.get("spring-data")); // crashes
            int code = cqlbench.awaitExit(300);
            assertThat(code).as(Files.readString(cqlbench.stderr)).isEqualTo(ExitCode.WORKER);
            cqlbench.assertNoChildLeft();
        } finally {
            cqlbench.destroyAll();
        }
        String err = Files.readString(cqlbench.stderr);
        assertThat(err).doesNotContain("\tat ").doesNotContain("Exception in thread");
        assertThat(err).containsPattern("driver4-mapper failed: driver4-mapper worker completed no operation for 8 s "
                + "and was killed.*\\(log: .*worker-driver4-mapper\\.log\\)");
        assertThat(err).containsPattern("spring-data failed: spring-data worker (exited unexpectedly|is gone) "
                + "\\(exit code 137\\).*\\(log: .*worker-spring-data\\.log\\)");

        RunResult result = ResultFiles.read(out.resolve("result.json"));
        Map<String, VariantResult> byName = new HashMap<>();
        result.variants().forEach(v -> byName.put(v.variant(), v));
        VariantResult survivor = byName.get("driver4");
        assertThat(survivor.failure()).isNull();
        assertThat(survivor.operations()).allSatisfy(op -> {
            assertThat(op.count()).as(op.operation()).isEqualTo(3 * 3 * 400);
            assertThat(op.errors()).isZero();
        });
        assertThat(survivor.verification().differed()).isZero();
        assertThat(byName.get("driver4-mapper").failure()).contains("completed no operation");
        assertThat(byName.get("spring-data").failure()).containsPattern("exited unexpectedly|is gone");
        assertThat(Files.readString(out.resolve("summary.csv"))).contains("driver4");
    }

    /** Waits until {@code n} workers have warmed up; their pids by variant. */
    static Map<String, Long> awaitWorkers(Launcher cqlbench, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        Map<String, Long> pids = new HashMap<>();
        while (pids.size() < n && cqlbench.process.isAlive() && System.nanoTime() < deadline) {
            cqlbench.watchChildren();
            Thread.sleep(100);
            if (Files.exists(cqlbench.stderr)) {
                Matcher m = WORKER_PID.matcher(Files.readString(cqlbench.stderr));
                while (m.find()) {
                    pids.put(m.group(1), Long.parseLong(m.group(2)));
                }
            }
        }
        assertThat(pids).as(Files.readString(cqlbench.stderr)).hasSize(n);
        return pids;
    }

    private static void signal(String signal, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor())
                .isZero();
    }
}
