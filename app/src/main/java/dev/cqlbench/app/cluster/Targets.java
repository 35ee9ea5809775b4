package dev.cqlbench.app.cluster;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.run.Connection;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.EmbeddedNodes;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.server.cassandra.CassandraStartException;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import dev.cqlbench.server.cassandra.NodeSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/** Opens the target a run asked for. */
public final class Targets {

    /** How a run describes nodes started with authentication. */
    public static final String AUTHENTICATED = "password (PasswordAuthenticator), logged in as the default superuser";

    private Targets() {}

    /** How cqlbench logs in to nodes it started: as their default superuser when they take passwords only. */
    public static BindingConfig embeddedConnection(List<String> contactPoints, String datacenter, boolean authenticated,
                                                   String consistency, long requestTimeoutMillis,
                                                   Map<String, String> driverOptions) {
        return new BindingConfig(contactPoints, datacenter,
                authenticated ? EmbeddedCassandraOptions.SUPERUSER : null,
                authenticated ? EmbeddedCassandraOptions.SUPERUSER_PASSWORD : null,
                consistency, requestTimeoutMillis, driverOptions);
    }

    /** @param streamThroughputMib stream throughput of nodes this run starts, MiB/s; 0 = Cassandra's default */
    public static ClusterTarget open(TargetSettings settings, Placement placement, Progress progress,
                                     BooleanSupplier stop, int streamThroughputMib) {
        Connection given = settings.connection();
        if (!settings.embedded()) {
            return new ExternalTarget(connection(given, given.contactPoints(), given.datacenter()));
        }
        Optional<KeptCluster.State> kept = KeptCluster.read(settings.clusterDir());
        if (kept.isPresent()) {
            return reuse(kept.get(), settings, placement, progress);
        }
        EmbeddedNodes asked = settings.embeddedNodes();
        int nodes = asked.count() == null ? 1 : asked.count();
        checkReplication(settings.replication(), nodes);
        Path dir;
        try {
            dir = asked.workDir() != null ? Files.createDirectories(asked.workDir())
                    : Files.createTempDirectory("cqlbench-cassandra-");
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.SERVER_START, "cannot create the work directory: " + e.getMessage(), e);
        }
        int heap = heapMb(asked.heapMb(), nodes);
        int threshold = threshold(asked.batchSizeFailThresholdKib());
        EmbeddedCluster cluster = start(new EmbeddedCluster.Options(dir, nodes, new NodeSettings(heap,
                Duration.ofSeconds(asked.startTimeoutSeconds()), threshold, settings.replication(), false,
                streamThroughputMib, asked.authentication())), placement, progress, stop);
        // nodes started for a run: no credentials, or their default superuser's with --auth
        BindingConfig connection = embeddedConnection(cluster.contactPoints(), cluster.datacenter(),
                asked.authentication(), given.consistency(), given.requestTimeoutMillis(), given.driverOptions());
        return new EmbeddedTarget(cluster, dir, connection, asked.keepWorkDir(), heap, threshold,
                asked.authentication());
    }

    /**
     * Starts the embedded nodes {@code options} say and waits for all of them; a failure stops those already up.
     *
     * @param placement the CPUs the nodes run on
     */
    public static EmbeddedCluster start(EmbeddedCluster.Options options, Placement placement, Progress progress,
                                        BooleanSupplier stop) {
        int nodes = options.nodes();
        NodeSettings node = options.node();
        progress.line(String.format("starting %s (heap %d MB%s, batch_size_fail_threshold %d KiB%s, work dir %s)",
                nodes == 1 ? "embedded Cassandra" : "an embedded cluster of " + nodes + " nodes", node.heapMb(),
                nodes == 1 ? "" : " each", node.batchSizeFailThresholdKib(),
                node.authentication() ? ", password authentication" : "", options.workDir()));
        long begin = System.nanoTime();
        try {
            EmbeddedCluster cluster = placement.startingServers(() -> EmbeddedCluster.start(options,
                    nodes == 1 ? line -> { } : progress::line, stop));
            progress.line(String.format("embedded Cassandra up at %s (pid%s %s) in %.1f s",
                    String.join(", ", cluster.contactPoints()), nodes == 1 ? "" : "s",
                    cluster.pids().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                    (System.nanoTime() - begin) / 1e9));
            if (nodes > 1 || node.authentication()) {
                awaitRing(cluster, node, stop);
            }
            return cluster;
        } catch (CassandraStartException e) {
            throw new CqlbenchException(stop.getAsBoolean() ? ExitCode.INTERRUPTED : ExitCode.SERVER_START,
                    e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until a fresh client session sees every node UP: a node accepts CQL before every peer has gossiped its
     * client address, and a run (or 'cluster status') started in that moment would miss it; a node with
     * authentication accepts CQL before its default superuser exists. Gives up after the start timeout with a clear
     * error, stopping the nodes.
     */
    private static void awaitRing(EmbeddedCluster cluster, NodeSettings node, BooleanSupplier stop) {
        BindingConfig connection = embeddedConnection(cluster.contactPoints(), cluster.datacenter(),
                node.authentication(), "LOCAL_ONE", 5_000, Map.of());
        long deadline = System.nanoTime() + node.startTimeout().toNanos();
        Map<String, String> seen = Map.of();
        while (!stop.getAsBoolean()) {
            try (ClusterAdmin admin = ClusterAdmin.connect(new ExternalTarget(connection))) {
                Map<String, String> states = admin.nodeStates();
                seen = states;
                List<String> missing = cluster.nodes().stream().map(n -> n.address())
                        .filter(a -> !"UP".equals(states.get(a))).toList();
                if (missing.isEmpty()) {
                    return;
                }
            } catch (CqlbenchException e) {
                seen = Map.of("error", e.getMessage());
            }
            if (System.nanoTime() > deadline) {
                cluster.close();
                throw new CqlbenchException(ExitCode.SERVER_START, "the embedded nodes started but clients do not see "
                        + "all of them UP after " + node.startTimeout().toSeconds() + " s: " + seen);
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        cluster.close();
        throw new CqlbenchException(ExitCode.INTERRUPTED, "interrupted while the embedded nodes were joining");
    }

    private static ClusterTarget reuse(KeptCluster.State state, TargetSettings settings, Placement placement,
                                       Progress progress) {
        List<KeptCluster.Node> down = state.down();
        if (!down.isEmpty()) {
            throw new CqlbenchException(ExitCode.CONNECTION, "the cluster kept by 'cqlbench cluster start' has "
                    + down.size() + " of " + state.nodes().size() + " nodes down ("
                    + down.stream().map(n -> n.address() + " pid " + n.pid()).collect(Collectors.joining(", "))
                    + "): see 'cqlbench cluster status', or 'cqlbench cluster stop' and start again");
        }
        Integer count = settings.embeddedNodes().count();
        if (count != null && count != state.nodes().size()) {
            throw new CqlbenchException(ExitCode.USAGE, "--nodes " + count + " but the cluster kept by "
                    + "'cqlbench cluster start' has " + state.nodes().size() + " nodes: drop --nodes, or stop it first "
                    + "('cqlbench cluster stop')");
        }
        checkReplication(settings.replication(), state.nodes().size());
        placement.pinServers(state.nodes().stream().map(KeptCluster.Node::pid).toList());
        progress.line("using the " + state.nodes().size() + "-node cluster recorded in " + settings.clusterDir()
                + " at " + String.join(", ", state.contactPoints()) + " (left running)");
        Connection given = settings.connection();
        BindingConfig connection = state.authenticated() && given.username() == null
                ? embeddedConnection(state.contactPoints(), state.datacenter(), true, given.consistency(),
                        given.requestTimeoutMillis(), given.driverOptions())
                : connection(given, state.contactPoints(), state.datacenter());
        return new KeptClusterTarget(state, connection);
    }

    private static void checkReplication(int replicationFactor, int nodes) {
        if (replicationFactor > nodes) {
            throw new CqlbenchException(ExitCode.USAGE, "--rf " + replicationFactor + " needs at least "
                    + replicationFactor + " nodes, the cluster has " + nodes + " (use --nodes " + replicationFactor
                    + " or a smaller --rf)");
        }
    }

    static BindingConfig connection(Connection given, List<String> contactPoints, String datacenter) {
        return new BindingConfig(contactPoints, datacenter, given.username(), given.password(), given.consistency(),
                given.requestTimeoutMillis(), given.driverOptions());
    }

    public static int heapMb(Integer given, int nodes) {
        if (given != null) {
            return given;
        }
        long memory = 8L << 30;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return EmbeddedCluster.heapFor(nodes, memory);
    }

    public static int threshold(Integer given) {
        return given == null ? Defaults.CASSANDRA_BATCH_SIZE_FAIL_THRESHOLD_KIB : given;
    }
}
