package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
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

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
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

    /** Builds settings; every field starts at its default. */
    public static final class Builder {
        private List<String> contactPoints = List.of();
        private String datacenter = Defaults.DATACENTER;
        private String username;
        private String password;
        private String consistency = Defaults.CONSISTENCY;
        private long requestTimeoutMillis = Defaults.REQUEST_TIMEOUT_MILLIS;
        private Map<String, String> driverOptions = Map.of();
        private Integer replicationFactor;
        private Integer cassandraHeapMb;
        private Path workDir;
        private boolean keepWorkDir;
        private long startTimeoutSeconds = Defaults.START_TIMEOUT_SECONDS;
        private Integer nodes;
        private Integer batchSizeFailThresholdKib;
        private boolean batchSizeFailThresholdAuto;
        private Path clusterDir;
        private boolean dropExisting;
        private boolean authentication;

        Builder() {}

        Builder(TargetSettings s) {
            contactPoints = s.contactPoints;
            datacenter = s.datacenter;
            username = s.username;
            password = s.password;
            consistency = s.consistency;
            requestTimeoutMillis = s.requestTimeoutMillis;
            driverOptions = s.driverOptions;
            replicationFactor = s.replicationFactor;
            cassandraHeapMb = s.cassandraHeapMb;
            workDir = s.workDir;
            keepWorkDir = s.keepWorkDir;
            startTimeoutSeconds = s.startTimeoutSeconds;
            nodes = s.nodes;
            batchSizeFailThresholdKib = s.batchSizeFailThresholdKib;
            batchSizeFailThresholdAuto = s.batchSizeFailThresholdAuto;
            clusterDir = s.clusterDir;
            dropExisting = s.dropExisting;
            authentication = s.authentication;
        }

        public Builder contactPoints(List<String> value) {
            contactPoints = value;
            return this;
        }

        public Builder datacenter(String value) {
            datacenter = value;
            return this;
        }

        public Builder credentials(String user, String secret) {
            username = user;
            password = secret;
            return this;
        }

        public Builder consistency(String value) {
            consistency = value;
            return this;
        }

        public Builder requestTimeoutMillis(long value) {
            requestTimeoutMillis = value;
            return this;
        }

        public Builder driverOptions(Map<String, String> value) {
            driverOptions = value;
            return this;
        }

        /** One more driver option (recorded in the result like the user's own). */
        public Builder driverOption(String path, String value) {
            Map<String, String> options = new LinkedHashMap<>(driverOptions);
            options.put(path, value);
            driverOptions = options;
            return this;
        }

        public Builder replicationFactor(Integer value) {
            replicationFactor = value;
            return this;
        }

        public Builder cassandraHeapMb(Integer value) {
            cassandraHeapMb = value;
            return this;
        }

        public Builder workDir(Path value, boolean keep) {
            workDir = value;
            keepWorkDir = keep;
            return this;
        }

        public Builder startTimeoutSeconds(long value) {
            startTimeoutSeconds = value;
            return this;
        }

        public Builder nodes(Integer value) {
            nodes = value;
            return this;
        }

        /** A threshold the user gave ({@code auto} false) or the scenario chose for the nodes it starts. */
        public Builder batchSizeFailThresholdKib(Integer kib, boolean auto) {
            batchSizeFailThresholdKib = kib;
            batchSizeFailThresholdAuto = auto;
            return this;
        }

        public Builder clusterDir(Path value) {
            clusterDir = value;
            return this;
        }

        public Builder dropExisting(boolean value) {
            dropExisting = value;
            return this;
        }

        public Builder authentication(boolean value) {
            authentication = value;
            return this;
        }

        public TargetSettings build() {
            return new TargetSettings(contactPoints, datacenter, username, password, consistency,
                    requestTimeoutMillis, driverOptions, replicationFactor, cassandraHeapMb, workDir, keepWorkDir,
                    startTimeoutSeconds, nodes, batchSizeFailThresholdKib, batchSizeFailThresholdAuto, clusterDir,
                    dropExisting, authentication);
        }
    }
}
