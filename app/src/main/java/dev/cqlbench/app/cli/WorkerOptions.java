package dev.cqlbench.app.cli;

import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.WorkerSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** How worker JVMs are forked; shared by every scenario. */
public final class WorkerOptions {

    @Option(names = "--worker-heap-mb", description = "Maximum heap (-Xmx) of each worker JVM in MiB (default: "
            + Defaults.WORKER_HEAP_MB + "; mixes and scale-out: " + Defaults.SMALL_WORKER_HEAP_MB + ").")
    Integer workerHeapMb;

    @Option(names = "--worker-jvm-arg", paramLabel = "ARG",
            description = "Extra argument for every worker JVM, e.g. -XX:+UseParallelGC; repeatable.")
    List<String> workerJvmArgs = new ArrayList<>();

    @Option(names = "--worker-timeout-s",
            description = "A worker that completes no operation for this many seconds (its heartbeat says so, or it "
                    + "falls silent) is considered hung: its threads are dumped into its log and it is killed; the "
                    + "other variants run on (default: ${DEFAULT-VALUE}).")
    long workerTimeoutSeconds = Defaults.WORKER_TIMEOUT_SECONDS;

    /**
     * The workers' settings: the scenario's heap unless one is given; the result directory for files workers write.
     */
    WorkerSettings settings(int scenarioHeapMb, Path out, boolean hdrLog) {
        int heap = workerHeapMb != null ? workerHeapMb : scenarioHeapMb;
        Checks.positive("--worker-heap-mb", heap);
        Checks.positive("--worker-timeout-s", workerTimeoutSeconds);
        return WorkerSettings.of(heap, workerJvmArgs, workerTimeoutSeconds, out.toAbsolutePath().toString(), hdrLog);
    }
}
