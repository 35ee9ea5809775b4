package dev.cqlbench.measure;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CPU time of a JVM process: this one's (a worker's, read at the boundaries of its timed blocks) or another's (the
 * servers', read by the orchestrator). On Linux it is the sum of every thread's run time as the scheduler counts it
 * ({@code /proc/<pid>/task/<tid>/schedstat}, nanoseconds), since the process total the JVM reports moves in 10 ms
 * ticks, as coarse as a whole short block.
 */
public final class ProcessCpu {

    private static final com.sun.management.OperatingSystemMXBean OS =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    ? os : null;
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
    /** Linux thread names (15 characters at most) of HotSpot's JIT compiler threads. */
    private static final String[] COMPILER_THREADS = {"C1 CompilerThre", "C2 CompilerThre"};
    /** Whether each of this process's threads is a JIT compiler thread, by thread id (a thread keeps its name). */
    private static final Map<String, Boolean> COMPILER = new ConcurrentHashMap<>();

    private ProcessCpu() {}

    /**
     * Milliseconds the JIT compiler threads have spent compiling so far (summed over them), or -1 where the JVM
     * cannot tell: compilation during a measured phase is CPU the harness spends that is not the operations'.
     */
    public static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    /**
     * Nanoseconds of CPU this process's threads have used, the JIT compiler's left out: compiling is the JVM's work,
     * not the operations' (its time is noted apart, {@link #jitMillis}); the GC's and every library thread's count.
     * -1 where neither /proc nor the JVM can tell; elsewhere than Linux the JVM's process total, JIT included.
     */
    public static long nanos() {
        long precise = scheduledNanos(Path.of("/proc/self/task"), true);
        if (precise >= 0) {
            return precise;
        }
        return OS == null ? -1 : OS.getProcessCpuTime();
    }

    /**
     * Nanoseconds of CPU this whole process has used, the JIT compiler's included: how busy the client machine's JVM
     * was (a saturated client is saturated whoever used the CPU). -1 where the JVM cannot tell.
     */
    public static long processNanos() {
        return OS == null ? -1 : OS.getProcessCpuTime();
    }

    /** Another process's CPU, every thread, ns; -1 where /proc does not say (not Linux, or the process is gone). */
    public static long nanos(long pid) {
        return scheduledNanos(Path.of("/proc", Long.toString(pid), "task"), false);
    }

    private static long scheduledNanos(Path tasks, boolean withoutCompiler) {
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path task : threads) {
                try {
                    if (withoutCompiler && COMPILER.computeIfAbsent(task.getFileName().toString(),
                            tid -> compiler(task))) {
                        continue;
                    }
                    String line = Files.readString(task.resolve("schedstat"));
                    int space = line.indexOf(' ');
                    sum += Long.parseLong(space < 0 ? line.trim() : line.substring(0, space));
                } catch (IOException | NumberFormatException gone) {
                    // a thread that ended meanwhile: its time is no longer the process's to tell
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }

    private static boolean compiler(Path task) {
        try {
            String name = Files.readString(task.resolve("comm")).trim();
            for (String prefix : COMPILER_THREADS) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        } catch (IOException gone) {
            return false;
        }
    }

    /** Garbage collection time of this JVM so far, every collector, ms. */
    public static long gcMillis() {
        long sum = 0;
        for (java.lang.management.GarbageCollectorMXBean gc
                : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }
}
