package dev.cqlbench.app.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster a run uses: {@code contactPoints} empty means "start an embedded node".
 *
 * @param password never recorded; see {@link #describe()}
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
        int cassandraHeapMb,
        Path workDir,
        boolean keepWorkDir,
        Duration startTimeout) {

    public boolean embedded() {
        return contactPoints.isEmpty();
    }

    /** For the result: everything but the password. */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", embedded() ? "embedded" : "external");
        if (!embedded()) {
            out.put("contactPoints", contactPoints);
            out.put("datacenter", datacenter);
            out.put("username", username);
            out.put("passwordGiven", password != null);
        } else {
            out.put("cassandraHeapMb", cassandraHeapMb);
        }
        out.put("consistency", consistency);
        out.put("requestTimeoutMillis", requestTimeoutMillis);
        out.put("replicationFactor", replicationFactor);
        out.put("driverOptions", driverOptions);
        return out;
    }
}
