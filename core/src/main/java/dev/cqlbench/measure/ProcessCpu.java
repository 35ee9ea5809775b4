package dev.cqlbench.measure;

import java.lang.management.ManagementFactory;

/** CPU time this JVM process has used, all threads (GC and library I/O threads included). */
public final class ProcessCpu {

    private static final com.sun.management.OperatingSystemMXBean OS =
            ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                    ? os : null;

    private ProcessCpu() {}

    /** Nanoseconds of CPU, or -1 where the JVM cannot tell. */
    public static long nanos() {
        return OS == null ? -1 : OS.getProcessCpuTime();
    }
}
