package dev.cqlbench.result;

import java.lang.management.ManagementFactory;

/**
 * Where a run happened.
 *
 * @param target           "embedded" or "external"
 * @param cassandraVersion release_version of the node the admin connection reached
 * @param placement        where its servers and clients ran; null in results of earlier versions
 */
public record Environment(
        String cqlbenchVersion,
        String osName,
        String osVersion,
        String osArch,
        int availableProcessors,
        long physicalMemoryBytes,
        String orchestratorJava,
        String hostName,
        String target,
        String cassandraVersion,
        Long cassandraPid,
        PlacementFacts placement) {

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
        return new Environment(cqlbenchVersion, System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), memory,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")", host, target,
                cassandraVersion, cassandraPid, placement);
    }
}
