package dev.cqlbench.app.cluster;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.run.Connection;
import dev.cqlbench.run.EmbeddedNodes;
import dev.cqlbench.run.TargetSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cluster named in a YAML file, for runs that compare targets ({@code --target a.yaml --target b.yaml}):
 * either an existing cluster (contact points, datacenter, credentials from an environment variable or a file,
 * TLS, driver settings) or embedded nodes the run starts ({@code embedded-nodes}). Passwords never leave this
 * class except towards the driver; what the result records has them masked.
 *
 * <pre>
 * name: prod                       # default: the file name
 * contact-points: [10.0.0.5:9042, 10.0.0.6:9042]
 * datacenter: dc1
 * username: bench
 * password-env: CQL_PASSWORD       # or password-file: /path/to/file
 * consistency: LOCAL_QUORUM
 * replication-factor: 3
 * tls:
 *   truststore: /path/truststore.jks
 *   truststore-password-env: TRUSTSTORE_PASSWORD
 *   keystore: /path/client.jks       # optional: a client certificate
 *   keystore-password-env: KEYSTORE_PASSWORD
 *   hostname-validation: true
 * driver:                          # any driver 4 reference.conf setting
 *   advanced.connection.pool.local.size: 2
 * </pre>
 */
public record TargetFile(
        String name,
        @JsonProperty("contact-points") List<String> contactPoints,
        String datacenter,
        String username,
        @JsonProperty("password-env") String passwordEnv,
        @JsonProperty("password-file") String passwordFile,
        String consistency,
        @JsonProperty("replication-factor") Integer replicationFactor,
        @JsonProperty("embedded-nodes") Integer embeddedNodes,
        Tls tls,
        Map<String, String> driver) {

    public record Tls(String truststore, @JsonProperty("truststore-password-env") String truststorePasswordEnv,
                      String keystore, @JsonProperty("keystore-password-env") String keystorePasswordEnv,
                      @JsonProperty("hostname-validation") Boolean hostnameValidation) {}

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public static TargetFile read(Path file) {
        try {
            TargetFile t = YAML.readValue(Files.readString(file), TargetFile.class);
            if (t == null) {
                throw new CqlbenchException(ExitCode.USAGE, "target file " + file + " is empty");
            }
            String base = file.getFileName().toString().replaceFirst("\\.(ya?ml)$", "");
            t = new TargetFile(t.name() == null ? base : t.name(), t.contactPoints(), t.datacenter(), t.username(),
                    t.passwordEnv(), t.passwordFile(), t.consistency(), t.replicationFactor(), t.embeddedNodes(),
                    t.tls(), t.driver());
            boolean external = t.contactPoints() != null && !t.contactPoints().isEmpty();
            if (external == (t.embeddedNodes() != null)) {
                throw new CqlbenchException(ExitCode.USAGE, "target file " + file + " must give either contact-points "
                        + "or embedded-nodes");
            }
            if (!t.name().matches("[A-Za-z0-9_.-]{1,40}")) {
                throw new CqlbenchException(ExitCode.USAGE, "target name '" + t.name() + "' in " + file
                        + " must be 1–40 letters, digits, '.', '_' or '-'");
            }
            return t;
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.USAGE, "cannot read target file " + file + ": "
                    + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    /** The settings this target runs with: the command line's for whatever the file leaves out. */
    public TargetSettings settings(TargetSettings defaults) {
        Map<String, String> options = new LinkedHashMap<>(defaults.connection().driverOptions());
        if (driver != null) {
            options.putAll(driver);
        }
        if (tls != null) {
            if (tls.truststore() == null) {
                throw new CqlbenchException(ExitCode.USAGE, "target " + name + ": tls needs a truststore");
            }
            options.putAll(tlsDriverOptions(tls, this::env));
        }
        String password = null;
        if (passwordEnv != null) {
            password = env(passwordEnv);
        } else if (passwordFile != null) {
            try {
                password = Files.readAllLines(Path.of(passwordFile)).stream().findFirst().orElse("");
            } catch (IOException e) {
                throw new CqlbenchException(ExitCode.USAGE, "target " + name + ": cannot read password-file "
                        + passwordFile + ": " + e.getMessage());
            }
        }
        if (password != null && username == null) {
            throw new CqlbenchException(ExitCode.USAGE, "target " + name + ": a password needs a username");
        }
        boolean external = embeddedNodes == null;
        Connection given = defaults.connection();
        Connection connection = new Connection(external ? contactPoints : List.of(),
                datacenter != null ? datacenter : given.datacenter(), username, password,
                consistency != null ? consistency : given.consistency(), given.requestTimeoutMillis(), options);
        // its own nodes as the run's defaults would start them, as many as it says
        EmbeddedNodes nodes = defaults.embeddedNodes();
        EmbeddedNodes own = new EmbeddedNodes(external ? null : embeddedNodes, nodes.heapMb(), null, false,
                nodes.startTimeoutSeconds(), nodes.batchSizeFailThresholdKib(), false, false);
        return new TargetSettings(connection, own,
                replicationFactor != null ? replicationFactor : defaults.replicationFactor(),
                // an embedded target never reuses the kept cluster: it starts its own nodes
                external ? defaults.clusterDir() : Path.of("/nonexistent/cqlbench-no-kept-cluster"), false);
    }

    /**
     * Driver 4's settings for TLS (DefaultSslEngineFactory): a truststore, optionally a client certificate, store
     * passwords read from the environment variables named; shared by target files and the command line.
     */
    public static Map<String, String> tlsDriverOptions(Tls tls, java.util.function.UnaryOperator<String> env) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put(dev.cqlbench.binding.Tls.FACTORY, "DefaultSslEngineFactory");
        options.put(dev.cqlbench.binding.Tls.TRUSTSTORE, tls.truststore());
        if (tls.truststorePasswordEnv() != null) {
            options.put(dev.cqlbench.binding.Tls.TRUSTSTORE_PASSWORD, env.apply(tls.truststorePasswordEnv()));
        }
        if (tls.keystore() != null) {
            options.put(dev.cqlbench.binding.Tls.KEYSTORE, tls.keystore());
            if (tls.keystorePasswordEnv() != null) {
                options.put(dev.cqlbench.binding.Tls.KEYSTORE_PASSWORD, env.apply(tls.keystorePasswordEnv()));
            }
        }
        options.put(dev.cqlbench.binding.Tls.HOSTNAME_VALIDATION,
                String.valueOf(tls.hostnameValidation() == null || tls.hostnameValidation()));
        return options;
    }

    private String env(String variable) {
        String value = System.getenv(variable);
        if (value == null) {
            throw new CqlbenchException(ExitCode.USAGE, "target " + name + ": environment variable " + variable
                    + " is not set");
        }
        return value;
    }
}
