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
    /** Each JIT compiler thread's run time at its latest reading, ns, by thread id: an ended one keeps its last. */
    private static final Map<String, Long> COMPILER_RAN = new ConcurrentHashMap<>();

    private ProcessCpu() {}

    /**
     * Milliseconds of CPU the JIT compiler threads have used so far (summed over them, those that have ended
     * included), or -1 where the JVM cannot tell: compilation during a measured phase is CPU the harness spends that is
     * not the operations'. On Linux it is the compiler threads' run time as the scheduler counts it, as for
     * {@link #nanos}; elsewhere the JVM's own total, which counts each compile's elapsed time: a compile waiting for
     * the CPU, or spanning a pause (SIGSTOP), counts as compiling there, so eight JVMs sharing two CPUs read as
     * compiling four times as much as they do.
     */
    public static long jitMillis() {
        return read().jitMillis();
    }

    /**
     * This process's CPU so far, split: its threads' without the JIT compiler's ({@link #nanos}) and the compiler's
     * ({@link #jitMillis}), in one pass over its threads.
     */
    public static CpuTimes read() {
        CpuTimes precise = scheduled(Path.of("/proc/self/task"), true);
        if (precise != null) {
            return precise;
        }
        long jit = JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
        return new CpuTimes(OS == null ? -1 : OS.getProcessCpuTime(), jit < 0 ? -1 : jit * 1_000_000);
    }

    /**
     * CPU of a process so far, ns, -1 where unknown.
     *
     * @param operationsNanos every thread's but the JIT compiler's
     * @param compilerNanos   the JIT compiler threads', those ended included
     */
    public record CpuTimes(long operationsNanos, long compilerNanos) {

        /** The compiler's CPU, ms; -1 where unknown. */
        public long jitMillis() {
            return compilerNanos < 0 ? -1 : compilerNanos / 1_000_000;
        }
    }

    /**
     * Nanoseconds of CPU this process's threads have used, the JIT compiler's left out: compiling is the JVM's work,
     * not the operations' (its time is noted apart, {@link #jitMillis}); the GC's and every library thread's count.
     * -1 where neither /proc nor the JVM can tell; elsewhere than Linux the JVM's process total, JIT included.
     */
    public static long nanos() {
        return read().operationsNanos();
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
        CpuTimes r = scheduled(Path.of("/proc", Long.toString(pid), "task"), false);
        return r == null ? -1 : r.operationsNanos();
    }

    /**
     * Every thread's run time from {@code tasks}; with {@code splitCompiler} the JIT compiler threads' apart, each
     * one's last reading kept once it has ended (HotSpot stops compiler threads it added when they idle), so that
     * the compiler's total never goes back. Null where /proc does not say.
     */
    private static CpuTimes scheduled(Path tasks, boolean splitCompiler) {
        if (!Files.isDirectory(tasks)) {
            return null;
        }
        long sum = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path task : threads) {
                try {
                    String tid = task.getFileName().toString();
                    String line = Files.readString(task.resolve("schedstat"));
                    int space = line.indexOf(' ');
                    long ran = Long.parseLong(space < 0 ? line.trim() : line.substring(0, space));
                    if (splitCompiler && COMPILER.computeIfAbsent(tid, t -> compiler(task))) {
                        COMPILER_RAN.merge(tid, ran, Math::max);
                    } else {
                        sum += ran;
                    }
                } catch (IOException | NumberFormatException gone) {
                    // a thread that ended meanwhile: its time is no longer the process's to tell
                }
            }
        } catch (IOException e) {
            return null;
        }
        long compiler = splitCompiler ? COMPILER_RAN.values().stream().mapToLong(Long::longValue).sum() : 0;
        return new CpuTimes(sum, compiler);
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
