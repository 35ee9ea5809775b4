package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Cassandra cluster a run uses: {@code contactPoints} empty means "embedded": the cluster 'cqlbench cluster
 * start' keeps up in {@code clusterDir} if there is one, else nodes started for this run. Recorded in the result as
 * it is, but for secrets: the password is never written ({@link #passwordGiven()} is), and driver options naming a
 * password are written masked.
 *
 * @param replicationFactor         of keyspaces this run creates; null: not given ({@link Defaults#REPLICATION_FACTOR}
 *                                  once {@link #resolved()})
 * @param cassandraHeapMb           heap of each embedded node; null: chosen from the machine's memory
 * @param nodes                     embedded nodes; null: 1, or as many as the kept cluster has
 * @param batchSizeFailThresholdKib embedded nodes' batch_size_fail_threshold; null: Cassandra's default
 * @param batchSizeFailThresholdAuto whether the scenario chose the threshold (no option given)
 * @param authentication            nodes a run starts take password logins only; cqlbench logs in as their default
 *                                  superuser
 */
@RecordBuilder
public record TargetSettings(
        List<String> contactPoints,
        String datacenter,
        String username,
        @JsonIgnore String password,
        String consistency,
        long requestTimeoutMillis,
        @JsonSerialize(using = SecretsMasked.class) Map<String, String> driverOptions,
        Integer replicationFactor,
        Integer cassandraHeapMb,
        Path workDir,
        boolean keepWorkDir,
        long startTimeoutSeconds,
        Integer nodes,
        Integer batchSizeFailThresholdKib,
        boolean batchSizeFailThresholdAuto,
        Path clusterDir,
        boolean dropExisting,
        boolean authentication) {

    public TargetSettings {
        contactPoints = contactPoints == null ? List.of() : List.copyOf(contactPoints);
        driverOptions = driverOptions == null ? Map.of() : Map.copyOf(driverOptions);
    }

    /** Settings built in code: an embedded cluster, every field at its default until set. */
    public static TargetSettingsBuilder builder() {
        return TargetSettingsBuilder.builder().contactPoints(List.of()).datacenter(Defaults.DATACENTER)
                .consistency(Defaults.CONSISTENCY).requestTimeoutMillis(Defaults.REQUEST_TIMEOUT_MILLIS)
                .driverOptions(Map.of()).startTimeoutSeconds(Defaults.START_TIMEOUT_SECONDS);
    }

    public TargetSettingsBuilder toBuilder() {
        return TargetSettingsBuilder.builder(this);
    }

    /** The same settings with one more driver option (recorded in the result like the user's own). */
    public TargetSettings withDriverOption(String path, String value) {
        Map<String, String> options = new LinkedHashMap<>(driverOptions);
        options.put(path, value);
        return toBuilder().driverOptions(options).build();
    }

    public boolean embedded() {
        return contactPoints.isEmpty();
    }

    /** Whether a password was given (the result records this, never the password). */
    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public boolean passwordGiven() {
        return password != null;
    }

    /** The replication factor keyspaces get: the one given, else the default. */
    public int replication() {
        return replicationFactor == null ? Defaults.REPLICATION_FACTOR : replicationFactor;
    }

    /** The same settings with every default that depends on nothing else filled in. */
    public TargetSettings resolved() {
        return replicationFactor != null ? this : toBuilder().replicationFactor(Defaults.REPLICATION_FACTOR).build();
    }

    /** Driver options as recorded: any password (TLS key and trust stores) masked. */
    public static Map<String, String> masked(Map<String, String> options) {
        return SecretsMasked.masked(options);
    }
}
