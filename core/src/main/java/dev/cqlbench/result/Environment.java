package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.lang.management.ManagementFactory;

/**
 * Where a run happened.
 *
 * @param machine          the machine the orchestrator ran on
 * @param target           "embedded" or "external"
 * @param cassandraVersion release_version of the node the admin connection reached
 * @param placement        where its servers and clients ran; null in results of earlier versions
 */
public record Environment(
        String cqlbenchVersion,
        @JsonUnwrapped Machine machine,
        String orchestratorJava,
        String target,
        String cassandraVersion,
        Long cassandraPid,
        PlacementFacts placement) {

    /**
     * The machine the orchestrator ran on.
     *
     * @param physicalMemoryBytes its memory (-1: unknown)
     */
    public record Machine(String osName, String osVersion, String osArch, int availableProcessors,
                          long physicalMemoryBytes, String hostName) {
    }

    public Environment {
        machine = machine == null ? new Machine(null, null, null, 0, -1, null) : machine;
    }

    public String osName() {
        return machine.osName();
    }

    public String osVersion() {
        return machine.osVersion();
    }

    public String osArch() {
        return machine.osArch();
    }

    public int availableProcessors() {
        return machine.availableProcessors();
    }

    public long physicalMemoryBytes() {
        return machine.physicalMemoryBytes();
    }

    public String hostName() {
        return machine.hostName();
    }

    public static Environment capture(String cqlbenchVersion, String target, String cassandraVersion,
                                      Long cassandraPid, PlacementFacts placement) {
        long memory = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown";
        }
        Machine machine = new Machine(System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), memory, host);
        return new Environment(cqlbenchVersion, machine,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")", target,
                cassandraVersion, cassandraPid, placement);
    }
}
