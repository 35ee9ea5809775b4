package dev.cqlbench.app.cli;

import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.cluster.TargetFile;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Connection;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.EmbeddedNodes;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * Which cluster to use and how to talk to it; shared by every scenario. Options left out stay null (or at the
 * defaults of {@link Defaults}), so a scenario can tell "not given" from a value.
 */
public final class TargetOptions {

    @Option(names = "--contact-points", split = ",", paramLabel = "HOST:PORT",
            description = "Use this existing cluster (comma-separated host:port) instead of starting an embedded one.")
    List<String> contactPoints = new ArrayList<>();

    @Option(names = "--datacenter", paramLabel = "NAME",
            description = "Local datacenter of the cluster (default: ${DEFAULT-VALUE}).")
    String datacenter = Defaults.DATACENTER;

    @Option(names = "--username", description = "User name for password authentication.")
    String username;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "Read the password from this environment variable (never from the command line).")
    String passwordEnv;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "Read the password from the first line of this file.")
    Path passwordFile;

    @Option(names = "--consistency",
            description = "Consistency level of every statement (default: ${DEFAULT-VALUE}).")
    String consistency = Defaults.CONSISTENCY;

    @Option(names = "--request-timeout-ms",
            description = "Driver request timeout in milliseconds (default: ${DEFAULT-VALUE}).")
    long requestTimeoutMillis = Defaults.REQUEST_TIMEOUT_MILLIS;

    @Option(names = {RunOption.RF, "--replication-factor"},
            description = "Replication factor of a keyspace cqlbench creates (default: " + Defaults.REPLICATION_FACTOR
                    + "; scale-out: as many as its nodes, up to 3).")
    Integer replicationFactor;

    @Option(names = RunOption.NODES, paramLabel = "N",
            description = "Embedded cluster of N nodes on 127.0.0.1 … 127.0.0.N, started for this run (default: 1, or "
                    + "the size of the cluster 'cqlbench cluster start' keeps up, which is then used).")
    Integer nodes;

    @Option(names = "--truststore", paramLabel = "FILE",
            description = "TLS to the cluster: the truststore (JKS or PKCS12) holding the CA or node certificates.")
    Path truststore;

    @Option(names = "--truststore-password-env", paramLabel = "VAR",
            description = "Environment variable holding the truststore's password (if it has one).")
    String truststorePasswordEnv;

    @Option(names = "--keystore", paramLabel = "FILE",
            description = "TLS client certificate (when the cluster requires one): a keystore, JKS or PKCS12.")
    Path keystore;

    @Option(names = "--keystore-password-env", paramLabel = "VAR",
            description = "Environment variable holding the keystore's password.")
    String keystorePasswordEnv;

    @Option(names = "--no-hostname-validation",
            description = "TLS without checking that the node's certificate names its address (not recommended).")
    boolean noHostnameValidation;

    @Option(names = "--drop-existing",
            description = "Drop a table the scenario needs when it exists with another schema, or holds rows and was "
                    + "not created by cqlbench, and create it afresh. Without it cqlbench refuses such a table "
                    + "(exit 5) and never drops or empties data it did not write.")
    boolean dropExisting;

    @Option(names = RunOption.CLUSTER_DIR, paramLabel = "DIR",
            description = "Where 'cqlbench cluster start' keeps its cluster's state and data (default: $"
                    + KeptCluster.ENV + " or ~/.cqlbench/cluster).")
    Path clusterDir;

    @Option(names = "--driver-option", paramLabel = "PATH=VALUE",
            description = "Any driver 4 setting by its reference.conf path, e.g. advanced.connection.pool.local.size=2; repeatable.")
    Map<String, String> driverOptions = new LinkedHashMap<>();

    @Mixin
    NodeOptions started = new NodeOptions();

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Directory for the embedded Cassandra's data and log (default: a new temporary directory).")
    Path workDir;

    @Option(names = "--keep-work-dir", description = "Keep the embedded Cassandra's data and log after the run.")
    boolean keepWorkDir;

    @Option(names = "--target", paramLabel = "FILE",
            description = "A cluster named in a YAML file (contact points, datacenter, credentials from an environment "
                    + "variable or file, TLS, driver settings; or embedded-nodes: N); repeat it to run the same "
                    + "variants on each and compare them (mixes: the study's table 6, ops/s per target and the ratio "
                    + "to the first). Each variant then runs once per target, named variant@target.")
    List<Path> targetFiles = new ArrayList<>();

    private static final List<String> EMBEDDED_ONLY = List.of(NodeOptions.HEAP, "--work-dir", "--keep-work-dir",
            NodeOptions.START_TIMEOUT, RunOption.NODES, NodeOptions.BATCH_THRESHOLD, RunOption.CLUSTER_DIR,
            NodeOptions.AUTH);
    /** Options that shape nodes a run starts: contradictory when a kept cluster is used as it is. */
    private static final List<String> STARTED_ONLY = List.of(NodeOptions.HEAP, "--work-dir", "--keep-work-dir",
            NodeOptions.BATCH_THRESHOLD, NodeOptions.AUTH);

    /** The cluster of the run, checked; the kept cluster's directory resolved. */
    TargetSettings toSettings(CommandSpec spec) {
        ParseResult parsed = spec.commandLine().getParseResult();
        if (!contactPoints.isEmpty()) {
            for (String option : EMBEDDED_ONLY) {
                if (parsed.hasMatchedOption(option)) {
                    throw new BadSetting(option + " applies to the embedded Cassandra only; drop it or --contact-points");
                }
            }
            contactPoints.forEach(TargetOptions::validateContactPoint);
        }
        Checks.positive("--request-timeout-ms", requestTimeoutMillis);
        Checks.positiveIfGiven(RunOption.RF, replicationFactor);
        started.check();
        if (nodes != null) {
            Checks.between(RunOption.NODES, nodes, 1, EmbeddedCluster.MAX_NODES);
        }
        Path dir = clusterDir != null ? clusterDir : KeptCluster.defaultDir();
        if (contactPoints.isEmpty() && KeptCluster.read(dir).isPresent()) {
            for (String option : STARTED_ONLY) {
                if (parsed.hasMatchedOption(option)) {
                    throw new BadSetting(option + " applies to nodes a run starts, but the cluster 'cqlbench cluster "
                            + "start' keeps in " + dir + " is used as it is: drop " + option + ", or stop that cluster");
                }
            }
        }
        if (passwordEnv != null && passwordFile != null) {
            throw new BadSetting("give either --password-env or --password-file, not both");
        }
        String password = password();
        if (password != null && username == null) {
            throw new BadSetting("a password needs --username");
        }
        Map<String, String> options = new LinkedHashMap<>(driverOptions);
        options.putAll(tls());
        Connection connection = new Connection(contactPoints, datacenter, username, password, consistency,
                requestTimeoutMillis, options);
        EmbeddedNodes embedded = new EmbeddedNodes(nodes, started.heapMb, workDir, keepWorkDir,
                started.startTimeoutSeconds, started.thresholdKib, false, started.authentication);
        return new TargetSettings(connection, embedded, replicationFactor, dir, dropExisting);
    }

    /** The clusters of the {@code --target} files by name, in the user's order; empty without any. */
    Map<String, TargetSettings> targets(TargetSettings defaults) {
        Map<String, TargetSettings> targets = new LinkedHashMap<>();
        if (targetFiles.isEmpty()) {
            return targets;
        }
        if (!defaults.embedded() || defaults.embeddedNodes().count() != null) {
            throw new BadSetting("--target files name their clusters: drop --contact-points and --nodes");
        }
        for (Path file : targetFiles) {
            TargetFile t = TargetFile.read(file);
            if (targets.containsKey(t.name())) {
                throw new BadSetting("two --target files are named '" + t.name() + "': give one a name: line");
            }
            targets.put(t.name(), t.settings(defaults));
        }
        return targets;
    }

    private Map<String, String> tls() {
        if (truststore == null) {
            if (keystore != null || truststorePasswordEnv != null || keystorePasswordEnv != null
                    || noHostnameValidation) {
                throw new BadSetting("TLS options need --truststore");
            }
            return Map.of();
        }
        if (contactPoints.isEmpty()) {
            throw new BadSetting("--truststore applies to a cluster given by --contact-points: the nodes a run starts "
                    + "do not use TLS");
        }
        if (!Files.isReadable(truststore)) {
            throw new BadSetting("cannot read --truststore " + truststore);
        }
        return TargetFile.tlsDriverOptions(new TargetFile.Tls(truststore.toAbsolutePath().toString(),
                truststorePasswordEnv, keystore == null ? null : keystore.toAbsolutePath().toString(),
                keystorePasswordEnv, !noHostnameValidation), variable -> {
                    String value = System.getenv(variable);
                    if (value == null) {
                        throw new BadSetting(variable + " (a TLS store password) is not set");
                    }
                    return value;
                });
    }

    private String password() {
        if (passwordEnv != null) {
            return Checks.environment("--password-env", passwordEnv);
        }
        if (passwordFile != null) {
            try {
                return Files.readAllLines(passwordFile).stream().findFirst().orElse("");
            } catch (IOException e) {
                throw new BadSetting("cannot read --password-file " + passwordFile + ": " + e.getMessage());
            }
        }
        return null;
    }

    private static void validateContactPoint(String contactPoint) {
        int colon = contactPoint.lastIndexOf(':');
        String host = colon < 0 ? contactPoint : contactPoint.substring(0, colon);
        if (host.isBlank()) {
            throw new BadSetting("contact point '" + contactPoint + "' has no host; expected host:port");
        }
        if (colon >= 0) {
            try {
                int port = Integer.parseInt(contactPoint.substring(colon + 1));
                if (port < 1 || port > 65535) {
                    throw new BadSetting("contact point '" + contactPoint + "' has port outside 1..65535");
                }
            } catch (NumberFormatException e) {
                throw new BadSetting("contact point '" + contactPoint + "' has no numeric port; expected host:port");
            }
        }
    }
}
