package dev.cqlbench.result;

import java.lang.management.ManagementFactory;
import java.util.List;

/** The JVM a variant ran in, as it saw itself. */
public record WorkerJvm(long pid, String javaVersion, String vmName, String vmVendor, List<String> inputArguments,
                        long maxHeapBytes) {

    public static WorkerJvm current() {
        return new WorkerJvm(ProcessHandle.current().pid(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.vendor"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().maxMemory());
    }
}
