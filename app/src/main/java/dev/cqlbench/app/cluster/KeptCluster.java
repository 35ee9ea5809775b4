package dev.cqlbench.app.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.server.jvm.ServerJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The cluster {@code cqlbench cluster start} keeps up between runs, known by a state file in the cluster
 * directory (default {@code ~/.cqlbench/cluster}, or {@code $CQLBENCH_CLUSTER_DIR}): each node's address, port,
 * pid and work directory. A node counts as alive only if its pid runs a command line naming its own work
 * directory, so a recycled pid is never taken for a node (and never signalled).
 */
public final class KeptCluster {

    public static final String ENV = "CQLBENCH_CLUSTER_DIR";
    public static final String STATE_FILE = "cluster.json";
    public static final String FORMAT = "cqlbench-cluster/1";

    private KeptCluster() {}

    /** @param jmxPort the node's local JMX port (on 127.0.0.1), for the server audit; null in older state files */
    public record Node(int index, String address, int nativePort, long pid, String workDir, Integer jmxPort) {

        public Node(int index, String address, int nativePort, long pid, String workDir) {
            this(index, address, nativePort, pid, workDir, null);
        }

        public String contactPoint() {
            return address + ":" + nativePort;
        }

        public boolean alive() {
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .flatMap(p -> p.info().commandLine())
                    .map(cmd -> cmd.contains(workDir + java.io.File.separator))
                    .orElse(false);
        }
    }

    /**
     * @param replicationFactor the RF token allocation was balanced for
     * @param authentication    the nodes take password logins only (null in files that predate it: no)
     */
    public record State(String format, List<Node> nodes, int heapMb, int batchSizeFailThresholdKib,
                        int replicationFactor, String datacenter, String startedAt, Boolean authentication) {

        public State(String format, List<Node> nodes, int heapMb, int batchSizeFailThresholdKib,
                     int replicationFactor, String datacenter, String startedAt) {
            this(format, nodes, heapMb, batchSizeFailThresholdKib, replicationFactor, datacenter, startedAt, false);
        }

        public boolean authenticated() {
            return Boolean.TRUE.equals(authentication);
        }

        public List<Node> down() {
            return nodes.stream().filter(n -> !n.alive()).toList();
        }

        public List<String> contactPoints() {
            return nodes.stream().map(Node::contactPoint).toList();
        }

        public List<Long> pids() {
            return nodes.stream().map(Node::pid).toList();
        }
    }

    public static Path defaultDir() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Paths.get(env);
        }
        return Paths.get(System.getProperty("user.home"), ".cqlbench", "cluster");
    }

    public static Optional<State> read(Path dir) {
        Path file = dir.resolve(STATE_FILE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            State state = Json.pretty().readValue(file.toFile(), State.class);
            if (!FORMAT.equals(state.format()) || state.nodes() == null || state.nodes().isEmpty()) {
                throw new CqlbenchException(ExitCode.USAGE, file + " is not a cqlbench cluster state file; "
                        + "remove it or use another --cluster-dir");
            }
            return Optional.of(state);
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.USAGE, "cannot read " + file + ": " + firstLine(e.getMessage())
                    + " (remove it or use another --cluster-dir)", e);
        }
    }

    public static void write(Path dir, State state) {
        Path file = dir.resolve(STATE_FILE);
        Path temp = dir.resolve(STATE_FILE + ".tmp");
        try {
            Files.createDirectories(dir);
            Files.writeString(temp, Json.pretty().writeValueAsString(state));
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Stops every live node (SIGTERM, SIGKILL after 30 s) and removes the state file; data too unless kept. */
    public static void stop(Path dir, State state, boolean keepData) {
        List<ProcessHandle> live = state.nodes().stream().filter(Node::alive)
                .map(n -> ProcessHandle.of(n.pid()).orElse(null)).filter(java.util.Objects::nonNull).toList();
        live.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (ProcessHandle p : live) {
            long left = deadline - System.nanoTime();
            try {
                p.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
            } catch (Exception timedOut) {
                p.destroyForcibly();
            }
        }
        for (ProcessHandle p : live) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // reported by the caller if still alive
            }
        }
        try {
            Files.deleteIfExists(dir.resolve(STATE_FILE));
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot remove " + dir.resolve(STATE_FILE) + ": "
                    + e.getMessage(), e);
        }
        if (!keepData) {
            for (Node node : state.nodes()) {
                ServerJvm.deleteTree(Paths.get(node.workDir()));
            }
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
