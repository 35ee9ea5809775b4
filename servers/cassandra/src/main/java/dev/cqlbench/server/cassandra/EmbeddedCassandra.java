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
    private final ServerJvm.Command command;
    private final EmbeddedCassandraOptions options;
    private final int nativePort;
    private final int jmxPort;
    private final Path log;

    private EmbeddedCassandra(Process process, ServerJvm.Command command, EmbeddedCassandraOptions options,
                              int nativePort, int jmxPort, Path log) {
        this.process = process;
        this.command = command;
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
        return start(options, true, stop);
    }

    /**
     * Starts a node outside the ring ({@code -Dcassandra.join_ring=false}) and waits until it accepts CQL clients: it
     * gossips and learns the schema, but owns no tokens and no client learns of it until {@link #joinRing}.
     */
    static EmbeddedCassandra startOutsideRing(EmbeddedCassandraOptions options,
                                              java.util.function.BooleanSupplier stop) throws CassandraStartException {
        return start(options, false, stop);
    }

    private static EmbeddedCassandra start(EmbeddedCassandraOptions options, boolean joinRing,
                                           java.util.function.BooleanSupplier stop) throws CassandraStartException {
        // ports chosen here are free when chosen; should another process bind one before the node does, new ports
        // (a cluster's common ports are its to choose again: see EmbeddedCluster)
        boolean portsChosenHere = options.nativePort() == 0 && options.storagePort() == 0;
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(options, joinRing, stop);
            } catch (CassandraStartException e) {
                if (!portsChosenHere || attempt >= 3 || stop.getAsBoolean() || !e.portTaken()) {
                    throw e;
                }
                ServerJvm.deleteTree(options.workDir().toAbsolutePath().resolve("data"));
            }
        }
    }

    private static EmbeddedCassandra startOnce(EmbeddedCassandraOptions options, boolean joinRing,
            java.util.function.BooleanSupplier stop) throws CassandraStartException {
        Path dir = options.workDir().toAbsolutePath();
        Path log = dir.resolve("cassandra.log");
        int nativePort;
        int jmxPort;
        Process process;
        ServerJvm.Command command;
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
            flags.add("-Xms" + options.node().heapMb() + "m");
            flags.add("-Xmx" + options.node().heapMb() + "m");
            flags.add("-XX:+UseG1GC");
            flags.add("-XX:+ExitOnOutOfMemoryError");
            flags.add("-Djava.net.preferIPv4Stack=true");
            flags.add("-Dcassandra-foreground=yes");
            flags.add("-Dcassandra.config=" + yaml.toUri());
            flags.add("-Dcassandra.storagedir=" + dir.resolve("data"));
            flags.add("-Dcassandra.logdir=" + dir);
            flags.add("-Dcassandra.jmx.local.port=" + jmxPort);
            flags.addAll(NodeFlags.ring(options.seed()));
            if (!joinRing) {
                flags.add("-Dcassandra.join_ring=false");
            }
            if (options.node().detached()) {
                flags.add("-D" + CassandraNodeMain.DETACHED_PROPERTY + "=true");
            }
            if (options.node().authentication()) {
                // the default superuser at once, not 10 s after the node listens
                flags.add("-Dcassandra.superuser_setup_delay_ms=0");
            }
            flags.add("-Dlogback.configurationFile=" + logback.toUri());
            flags.addAll(NodeFlags.JAVA17);
            command = ServerJvm.command(EmbeddedCassandra.class, CassandraNodeMain.class.getName(), dir, flags, true);
            process = new ProcessBuilder(command.line())
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (IOException e) {
            throw new CassandraStartException("cannot start embedded Cassandra: " + e.getMessage(), log);
        }
        EmbeddedCassandra node = new EmbeddedCassandra(process, command, options, nativePort, jmxPort, log);
        node.awaitReady(stop);
        return node;
    }

    private void awaitReady(java.util.function.BooleanSupplier stop) throws CassandraStartException {
        long deadline = System.nanoTime() + options.node().startTimeout().toNanos();
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
                + options.node().startTimeout().toSeconds() + " s: " + firstError().orElse("no error in its log"), log);
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
        flags.addAll(NodeFlags.JAVA17);
        List<String> command = new ArrayList<>(ServerJvm.command(EmbeddedCassandra.class,
                "org.apache.cassandra.tools.NodeTool", options.workDir(), flags, false).line());
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

    /**
     * Joins a node started {@link #startOutsideRing outside the ring}: Cassandra's own StorageService.joinRing over the
     * node's local JMX, what {@code nodetool join} calls. It takes tokens for its RF, waits the ring delay while the
     * others learn them, streams what it now owns, and returns once the node is normal; a failed stream leaves the
     * node joining, which fails here.
     */
    void joinRing() throws CassandraStartException {
        try {
            String mode = storageService((server, service) -> {
                server.invoke(service, "joinRing", null, null);
                return (String) server.getAttribute(service, "OperationMode");
            });
            if (!"NORMAL".equals(mode)) {
                throw new CassandraStartException("node " + address() + " did not join the ring: it is " + mode
                        + " after its bootstrap (" + firstError().orElse("no error in its log") + ")", log);
            }
        } catch (IOException | javax.management.JMException e) {
            throw new CassandraStartException("node " + address() + " did not join the ring: " + e.getMessage(), log);
        }
    }

    /** A question to a node's StorageService MBean. */
    interface StorageServiceCall<T> {
        T ask(javax.management.MBeanServerConnection server, javax.management.ObjectName storageService)
                throws IOException, javax.management.JMException, InterruptedException;
    }

    /** Asks this node's StorageService over its local JMX port, one connection for the whole question. */
    <T> T storageService(StorageServiceCall<T> call) throws IOException, javax.management.JMException {
        String url = "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi";
        try (javax.management.remote.JMXConnector jmx = javax.management.remote.JMXConnectorFactory.connect(
                new javax.management.remote.JMXServiceURL(url))) {
            return call.ask(jmx.getMBeanServerConnection(),
                    new javax.management.ObjectName("org.apache.cassandra.db:type=StorageService"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking node " + address() + " over JMX");
        }
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

    /**
     * Stops the node. One that dies with cqlbench halts at once: its standard input closes and it halts (0.4 s on the
     * 2-core host, where Cassandra's own shutdown on SIGTERM flushes and drains for 5.5 s, for data nobody reads
     * again). A detached node, and one that does not halt within 10 s, gets SIGTERM; SIGKILL 30 s later. Idempotent.
     */
    @Override
    public void close() {
        try {
            if (process.isAlive() && !options.node().detached()) {
                try {
                    process.getOutputStream().close();
                } catch (IOException e) {
                    // already closed: the node is halting
                }
                process.waitFor(10, TimeUnit.SECONDS);
            }
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            }
            if (!process.isAlive()) {
                command.exited(process.exitValue());
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

    private static final String LOGBACK = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="STDOUT"/></root>
            </configuration>
            """;
}
