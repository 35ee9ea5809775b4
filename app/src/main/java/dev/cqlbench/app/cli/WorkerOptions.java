package dev.cqlbench.app.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** How worker JVMs are forked; shared by every scenario. */
public final class WorkerOptions {

    @Option(names = "--worker-heap-mb", defaultValue = "1024",
            description = "Maximum heap (-Xmx) of each worker JVM in MiB (default: ${DEFAULT-VALUE}; mixes and "
                    + "scale-out: " + SMALL_HEAP_MB + ").")
    int workerHeapMb;

    /** The heap of mixes workers, which keep no data of their own: G1 then keeps the worker's RSS near 270 MB. */
    static final int SMALL_HEAP_MB = 256;

    /** A scenario's own default heap, where the user gave none. */
    WorkerOptions defaultHeap(picocli.CommandLine.Model.CommandSpec spec, int mb) {
        if (!spec.commandLine().getParseResult().hasMatchedOption("--worker-heap-mb")) {
            workerHeapMb = mb;
        }
        return this;
    }

    @Option(names = "--worker-jvm-arg", paramLabel = "ARG",
            description = "Extra argument for every worker JVM, e.g. -XX:+UseParallelGC; repeatable.")
    List<String> workerJvmArgs = new ArrayList<>();

    @Option(names = "--worker-timeout-s", defaultValue = "300",
            description = "A worker that completes no operation for this many seconds (its heartbeat says so, or it "
                    + "falls silent) is considered hung: its threads are dumped into its log and it is killed; the "
                    + "other variants run on (default: ${DEFAULT-VALUE}).")
    int workerTimeoutSeconds;

    List<String> jvmArgs() {
        Checks.positive("--worker-heap-mb", workerHeapMb);
        // no -Xms or pre-touching: resident memory then shows what each library really uses
        List<String> args = new ArrayList<>(List.of("-Xmx" + workerHeapMb + "m"));
        // G1 unless the user picks a collector (the JVM refuses two)
        if (workerJvmArgs.stream().noneMatch(a -> a.matches("-XX:\\+Use\\w*GC"))) {
            args.add("-XX:+UseG1GC");
        }
        args.addAll(workerJvmArgs);
        return args;
    }

    Duration timeout() {
        Checks.positive("--worker-timeout-s", workerTimeoutSeconds);
        return Duration.ofSeconds(workerTimeoutSeconds);
    }
}
