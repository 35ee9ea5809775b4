package dev.cqlbench.app.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster a run uses: {@code contactPoints} empty means "embedded": the cluster 'cqlbench cluster start'
 * keeps up in {@code clusterDir} if there is one, else nodes started for this run.
 *
 * @param password                  never recorded; see {@link #describe()}
 * @param cassandraHeapMb           heap of each embedded node; null: chosen from the machine's memory
 * @param nodes                     embedded nodes; null: 1, or as many as the kept cluster has
 * @param batchSizeFailThresholdKib embedded nodes' batch_size_fail_threshold; null: Cassandra's default
 * @param batchSizeFailThresholdAuto whether the scenario chose the threshold (no option given)
 * @param authentication            nodes a run starts take password logins only; cqlbench logs in as their default
 *                                  superuser
 */
public record TargetSettings(
        List<String> contactPoints,
        String datacenter,
        String username,
        String password,
        String consistency,
        long requestTimeoutMillis,
        Map<String, String> driverOptions,
        int replicationFactor,
        Integer cassandraHeapMb,
        Path workDir,
        boolean keepWorkDir,
        Duration startTimeout,
        Integer nodes,
        Integer batchSizeFailThresholdKib,
        boolean batchSizeFailThresholdAuto,
        Path clusterDir,
        boolean dropExisting,
        boolean authentication) {

    public TargetSettings(List<String> contactPoints, String datacenter, String username, String password,
                          String consistency, long requestTimeoutMillis, Map<String, String> driverOptions,
                          int replicationFactor, Integer cassandraHeapMb, Path workDir, boolean keepWorkDir,
                          Duration startTimeout, Integer nodes, Integer batchSizeFailThresholdKib,
                          boolean batchSizeFailThresholdAuto, Path clusterDir, boolean dropExisting) {
        this(contactPoints, datacenter, username, password, consistency, requestTimeoutMillis, driverOptions,
                replicationFactor, cassandraHeapMb, workDir, keepWorkDir, startTimeout, nodes,
                batchSizeFailThresholdKib, batchSizeFailThresholdAuto, clusterDir, dropExisting, false);
    }

    /** Settings that never drop an existing table (the default). */
    public TargetSettings(List<String> contactPoints, String datacenter, String username, String password,
                          String consistency, long requestTimeoutMillis, Map<String, String> driverOptions,
                          int replicationFactor, Integer cassandraHeapMb, Path workDir, boolean keepWorkDir,
                          Duration startTimeout, Integer nodes, Integer batchSizeFailThresholdKib,
                          boolean batchSizeFailThresholdAuto, Path clusterDir) {
        this(contactPoints, datacenter, username, password, consistency, requestTimeoutMillis, driverOptions,
                replicationFactor, cassandraHeapMb, workDir, keepWorkDir, startTimeout, nodes,
                batchSizeFailThresholdKib, batchSizeFailThresholdAuto, clusterDir, false);
    }

    public boolean embedded() {
        return contactPoints.isEmpty();
    }

    /** The same settings with a batch threshold the scenario chose for the nodes it starts. */
    public TargetSettings withAutoBatchSizeFailThreshold(int kib) {
        return new TargetSettings(contactPoints, datacenter, username, password, consistency, requestTimeoutMillis,
                driverOptions, replicationFactor, cassandraHeapMb, workDir, keepWorkDir, startTimeout, nodes, kib,
                true, clusterDir, dropExisting, authentication);
    }

    /** The same settings with one more driver option (recorded in the result like the user's own). */
    public TargetSettings withDriverOption(String path, String value) {
        Map<String, String> options = new LinkedHashMap<>(driverOptions);
        options.put(path, value);
        return new TargetSettings(contactPoints, datacenter, username, password, consistency, requestTimeoutMillis,
                Map.copyOf(options), replicationFactor, cassandraHeapMb, workDir, keepWorkDir, startTimeout, nodes,
                batchSizeFailThresholdKib, batchSizeFailThresholdAuto, clusterDir, dropExisting, authentication);
    }

    /** The same settings for a cluster of {@code nodes} and replication factor {@code rf}. */
    public TargetSettings withNodes(int nodes, int rf) {
        return new TargetSettings(contactPoints, datacenter, username, password, consistency, requestTimeoutMillis,
                driverOptions, rf, cassandraHeapMb, workDir, keepWorkDir, startTimeout, nodes,
                batchSizeFailThresholdKib, false, clusterDir, dropExisting, authentication);
    }

    /** Driver options as recorded: any password (TLS key and trust stores) masked. */
    public static Map<String, String> masked(Map<String, String> options) {
        Map<String, String> out = new LinkedHashMap<>();
        options.forEach((k, v) -> out.put(k, k.toLowerCase(java.util.Locale.ROOT).contains("password") ? "***" : v));
        return out;
    }

    /** For the result: everything but the password. The opened target adds what it knows (nodes, heap…). */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", embedded() ? "embedded" : "external");
        if (!embedded()) {
            out.put("contactPoints", contactPoints);
            out.put("datacenter", datacenter);
            out.put("username", username);
            out.put("passwordGiven", password != null);
        } else {
            out.put("authentication", authentication ? Targets.AUTHENTICATED : "none");
            if (batchSizeFailThresholdAuto) {
                out.put("batchSizeFailThresholdChosenBy", "scenario (no --batch-size-fail-threshold given)");
            }
        }
        out.put("consistency", consistency);
        out.put("requestTimeoutMillis", requestTimeoutMillis);
        out.put("replicationFactor", replicationFactor);
        out.put("driverOptions", masked(driverOptions));
        if (dropExisting) {
            out.put("dropExisting", true);
        }
        return out;
    }
}
