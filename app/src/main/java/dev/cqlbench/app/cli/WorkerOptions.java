package dev.cqlbench.app.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** How worker JVMs are forked; shared by every scenario. */
public final class WorkerOptions {

    @Option(names = "--worker-heap-mb", defaultValue = "1024",
            description = "Maximum heap (-Xmx) of each worker JVM in MiB (default: ${DEFAULT-VALUE}).")
    int workerHeapMb;

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
