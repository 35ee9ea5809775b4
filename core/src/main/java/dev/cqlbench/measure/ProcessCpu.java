package dev.cqlbench.measure;

import java.lang.management.ManagementFactory;

/** CPU time this JVM process has used, all threads (GC and library I/O threads included). */
public final class ProcessCpu {

    private static final com.sun.management.OperatingSystemMXBean OS =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    ? os : null;

    private ProcessCpu() {}

    private static final java.lang.management.CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    /** The note under which a runner records the JIT compiler's time during a measured phase. */
    public static final String JIT_MILLIS = "jitMillis";

    /**
     * Milliseconds the JIT compiler threads have spent compiling so far (summed over them), or -1 where the JVM
     * cannot tell: compilation during a measured phase is CPU the harness spends that is not the operations'.
     */
    public static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    /** Nanoseconds of CPU, or -1 where the JVM cannot tell. */
    public static long nanos() {
        return OS == null ? -1 : OS.getProcessCpuTime();
    }
}
