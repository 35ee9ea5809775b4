package dev.cqlbench.app.cli;

import dev.cqlbench.app.host.Calibrations;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.HostSettings;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.WorkerSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
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

    @Option(names = "--placement", paramLabel = "MODE",
            description = "Where processes run: split puts the servers cqlbench starts or keeps on this machine "
                    + "(Cassandra nodes, MariaDB) on half the CPUs and cqlbench with its workers on the other half, "
                    + "as a client machine apart from a server machine; shared lets them compete for every CPU; auto "
                    + "splits when the servers run here (default: ${DEFAULT-VALUE}).")
    String placement = Defaults.PLACEMENT;

    @Option(names = "--pause-idle-workers", negatable = true,
            description = "Stop every worker JVM but the one measuring while it measures (SIGSTOP, continued for its "
                    + "own turn), so idle JVMs' JIT compilers and garbage collectors take none of its CPU "
                    + "(default: ${DEFAULT-VALUE}: on the 2-core host it made blocks noisier).")
    boolean pauseIdleWorkers = Defaults.PAUSE_IDLE_WORKERS;

    @Option(names = RunOption.CALIBRATION, paramLabel = "FILE",
            description = "Where the intervals' between-JVM and between-run variance components come from: a file "
                    + "'cqlbench calibrate' wrote, or 'none' (each run's own JVMs alone, nothing between runs); "
                    + "default: this host's calibration, else the one this project measured on its 2-core host, "
                    + "which the run then names as assumed.")
    String calibration;

    /** How the run uses this machine. */
    HostSettings host() {
        if (!HostSettings.PLACEMENTS.contains(placement)) {
            throw new BadSetting("--placement must be one of " + String.join(", ", HostSettings.PLACEMENTS)
                    + ", got '" + placement + "'");
        }
        if (calibration != null && !HostSettings.NO_CALIBRATION.equals(calibration)) {
            Calibrations.read(Path.of(calibration)); // refused now, not once nodes and JVMs have started
        }
        return new HostSettings(placement, pauseIdleWorkers, calibration);
    }

    /**
     * The workers' settings: the scenario's heap unless one is given, touched whole at start where the scenario asks
     * it and {@code jvms} such heaps fit this machine's memory (else {@code say} hears why not); the result directory
     * for files workers write.
     */
    WorkerSettings settings(int scenarioHeapMb, boolean preTouch, int jvms, Path out, boolean hdrLog,
                            Consumer<String> say) {
        int heap = workerHeapMb != null ? workerHeapMb : scenarioHeapMb;
        Checks.positive("--worker-heap-mb", heap);
        Checks.positive("--worker-timeout-s", workerTimeoutSeconds);
        long memory = machineMemory();
        boolean touch = preTouch && WorkerSettings.preTouchFits(jvms, heap, memory);
        if (preTouch && !touch) {
            say.accept(String.format(Locale.ROOT, "worker heaps grow as they fill, not touched whole at start: %d "
                    + "JVMs × %d MiB are more than %.0f %% of this machine's %.1f GiB; the blocks that first write a "
                    + "heap's new memory cost more CPU (fewer variants or forks, or --worker-heap-mb, avoid it)",
                    jvms, heap, Defaults.PRE_TOUCH_MEMORY_SHARE * 100, memory / 1073741824.0));
        }
        return WorkerSettings.of(heap, touch, workerJvmArgs, workerTimeoutSeconds, out.toAbsolutePath().toString(),
                hdrLog);
    }

    /** This machine's physical memory, bytes; 0 where the JVM cannot tell. */
    private static long machineMemory() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : 0;
    }
}
