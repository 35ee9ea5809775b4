package dev.cqlbench.server.cassandra;

import dev.cqlbench.server.jvm.ServerJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One Apache Cassandra node (cassandra-all from Maven Central) in a forked JVM on a loopback address. The node
 * is a child process whose pid is known; it halts by itself if this JVM dies (see {@link CassandraNodeMain}).
 */
public final class EmbeddedCassandra implements AutoCloseable {

    static final String READY_LINE = "Starting listening for CQL clients";

    private final Process process;
    private final EmbeddedCassandraOptions options;
    private final int nativePort;
    private final int jmxPort;
    private final Path log;

    private EmbeddedCassandra(Process process, EmbeddedCassandraOptions options, int nativePort, int jmxPort, Path log) {
        this.process = process;
        this.options = options;
        this.nativePort = nativePort;
        this.jmxPort = jmxPort;
        this.log = log;
    }

    /** Starts a node and waits until it accepts CQL clients. */
    public static EmbeddedCassandra start(EmbeddedCassandraOptions options) throws CassandraStartException {
        return start(options, () -> false);
    }

    /**
     * Starts a node and waits until it accepts CQL clients, or until {@code stop} says to give up (the node is
     * then stopped and the start fails).
     */
    public static EmbeddedCassandra start(EmbeddedCassandraOptions options, java.util.function.BooleanSupplier stop)
            throws CassandraStartException {
        // ports chosen here are free when chosen; should another process bind one before the node does, new ports
        // (a cluster's common ports are its to choose again: see EmbeddedCluster)
        boolean portsChosenHere = options.nativePort() == 0 && options.storagePort() == 0;
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(options, stop);
            } catch (CassandraStartException e) {
                if (!portsChosenHere || attempt >= 3 || stop.getAsBoolean() || !e.portTaken()) {
                    throw e;
                }
                ServerJvm.deleteTree(options.workDir().toAbsolutePath().resolve("data"));
            }
        }
    }

    private static EmbeddedCassandra startOnce(EmbeddedCassandraOptions options,
            java.util.function.BooleanSupplier stop) throws CassandraStartException {
        Path dir = options.workDir().toAbsolutePath();
        Path log = dir.resolve("cassandra.log");
        int nativePort;
        int jmxPort;
        Process process;
        try {
            Files.createDirectories(dir);
            nativePort = options.nativePort() == 0 ? Ports.free(options.address()) : options.nativePort();
            int storagePort = options.storagePort() == 0 ? Ports.free(options.address()) : options.storagePort();
            // Cassandra's local JMX listens on 127.0.0.1 whatever the node's address
            jmxPort = Ports.free("127.0.0.1");
            Path yaml = dir.resolve("cassandra.yaml");
            Files.writeString(yaml, CassandraYaml.render(dir, options, nativePort, storagePort));
            Path logback = dir.resolve("logback.xml");
            Files.writeString(logback, LOGBACK);
            List<String> flags = new ArrayList<>();
            flags.add("-Xms" + options.heapMb() + "m");
            flags.add("-Xmx" + options.heapMb() + "m");
            flags.add("-XX:+UseG1GC");
            flags.add("-XX:+ExitOnOutOfMemoryError");
            flags.add("-Djava.net.preferIPv4Stack=true");
            flags.add("-Dcassandra-foreground=yes");
            flags.add("-Dcassandra.config=" + yaml.toUri());
            flags.add("-Dcassandra.storagedir=" + dir.resolve("data"));
            flags.add("-Dcassandra.logdir=" + dir);
            flags.add("-Dcassandra.jmx.local.port=" + jmxPort);
            flags.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
            // a seed has no ring to wait for (the 30 s default would double the start time); a joining node
            // waits long enough for loopback gossip to tell it every token
            flags.add("-Dcassandra.ring_delay_ms=" + (options.seed() ? 1000 : 5000));
            if (options.detached()) {
                flags.add("-D" + CassandraNodeMain.DETACHED_PROPERTY + "=true");
            }
            if (options.authentication()) {
                // the default superuser at once, not 10 s after the node listens
                flags.add("-Dcassandra.superuser_setup_delay_ms=0");
            }
            flags.add("-Dlogback.configurationFile=" + logback.toUri());
            flags.addAll(JAVA17_FLAGS);
            List<String> command = ServerJvm.command(EmbeddedCassandra.class, CassandraNodeMain.class.getName(), dir,
                    flags);
            process = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new CassandraStartException("cannot start embedded Cassandra: " + e.getMessage(), log);
        }
        EmbeddedCassandra node = new EmbeddedCassandra(process, options, nativePort, jmxPort, log);
        node.awaitReady(stop);
        return node;
    }

    private void awaitReady(java.util.function.BooleanSupplier stop) throws CassandraStartException {
        long deadline = System.nanoTime() + options.startTimeout().toNanos();
        try {
            while (System.nanoTime() < deadline) {
                if (logContains(READY_LINE)) {
                    return;
                }
                if (stop.getAsBoolean()) {
                    close();
                    throw new CassandraStartException("stopped while embedded Cassandra at " + options.address()
                            + " was starting", log);
                }
                if (!process.isAlive()) {
                    throw new CassandraStartException("embedded Cassandra at " + options.address() + " exited with code " + process.exitValue()
                            + " while starting: " + firstError().orElse("no error in its log"), log);
                }
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new CassandraStartException("interrupted while embedded Cassandra was starting", log);
        }
        close();
        throw new CassandraStartException("embedded Cassandra did not accept CQL clients within "
                + options.startTimeout().toSeconds() + " s: " + firstError().orElse("no error in its log"), log);
    }

    public String contactPoint() {
        return options.address() + ":" + nativePort;
    }

    public String address() {
        return options.address();
    }

    /** The node's local JMX port (on 127.0.0.1, without authentication): its metrics ({@link ServerCounters}). */
    public int jmxPort() {
        return jmxPort;
    }

    public int nativePort() {
        return nativePort;
    }

    public String datacenter() {
        return EmbeddedCassandraOptions.DATACENTER;
    }

    /**
     * Runs {@code nodetool ARGS} against this node (Cassandra's own NodeTool from cassandra-all, in a forked JVM
     * over the node's local JMX port) and returns its output; fails when nodetool exits non-zero.
     */
    public String nodetool(java.time.Duration timeout, String... args) throws IOException, InterruptedException {
        Path quiet = options.workDir().toAbsolutePath().resolve("nodetool-logback.xml");
        Files.writeString(quiet, "<configuration><root level=\"WARN\"/></configuration>\n");
        List<String> flags = new ArrayList<>(List.of("-Xmx256m", "-Dlogback.configurationFile=" + quiet.toUri()));
        flags.addAll(JAVA17_FLAGS);
        List<String> command = new ArrayList<>(ServerJvm.command(EmbeddedCassandra.class,
                "org.apache.cassandra.tools.NodeTool", options.workDir(), flags));
        command.addAll(List.of("-h", "127.0.0.1", "-p", Integer.toString(jmxPort)));
        command.addAll(List.of(args));
        Process tool = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output;
        try (InputStream in = tool.getInputStream()) {
            output = in.readAllBytes();
        }
        if (!tool.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            tool.destroyForcibly();
            throw new IOException("nodetool " + String.join(" ", args) + " did not finish within "
                    + timeout.toSeconds() + " s");
        }
        String text = new String(output, StandardCharsets.UTF_8);
        if (tool.exitValue() != 0) {
            // nodetool says why on its last lines ("error: …"); logging above that is noise
            List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
            String why = lines.stream().filter(l -> l.startsWith("error:") || l.startsWith("nodetool:")).findFirst()
                    .orElse(lines.isEmpty() ? "exit " + tool.exitValue() : lines.get(lines.size() - 1));
            throw new IOException("nodetool " + String.join(" ", args) + " failed: " + why.strip());
        }
        return text;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path log() {
        return log;
    }

    public Path workDir() {
        return options.workDir();
    }

    /** Stops the node: SIGTERM, then SIGKILL after 30 s. Idempotent. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private boolean logContains(String text) {
        try {
            return Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** The first line of the log that says what went wrong, for a one-line reason. */
    private Optional<String> firstError() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.contains("ERROR") || line.contains("Exception") || line.startsWith("Error")) {
                    // the JVM itself failing says why on the next line ("Too small maximum heap", …)
                    if (line.startsWith("Error occurred during initialization of VM") && i + 1 < lines.size()) {
                        line = line + ": " + lines.get(i + 1).strip();
                    }
                    return Optional.of(line);
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** From Cassandra's conf/jvm17-server.options, which the cassandra-all jar does not carry. */
    static final List<String> JAVA17_FLAGS = List.of(
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.math=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/java.net=ALL-UNNAMED");

    private static final String LOGBACK = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="STDOUT"/></root>
            </configuration>
            """;
}
