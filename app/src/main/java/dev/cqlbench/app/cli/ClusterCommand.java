package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ExternalTarget;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.cluster.Targets;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import dev.cqlbench.server.cassandra.NodeSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "cluster", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Status.class, ClusterCommand.Stop.class},
        description = {"Keeps an embedded Cassandra cluster up between runs: N nodes on 127.0.0.1 … 127.0.0.N.",
            "Runs without --contact-points use it as it is and leave it running; 'cluster stop' ends it.",
            "Its nodes are the only processes cqlbench leaves running after it exits."},
        footer = {"", "Examples:",
            "  ./cqlbench cluster start --nodes 3",
            "  ./cqlbench run writes --rf 3 --writes 50000",
            "  ./cqlbench cluster status",
            "  ./cqlbench cluster stop"})
public final class ClusterCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(root.context().err());
        return ExitCode.USAGE;
    }

    /** Options every cluster subcommand has. */
    static final class Where {
        @Option(names = RunOption.CLUSTER_DIR, paramLabel = "DIR",
                description = "Where the cluster's state and data live (default: $" + KeptCluster.ENV
                        + " or ~/.cqlbench/cluster).")
        Path clusterDir;

        Path dir() {
            return clusterDir != null ? clusterDir : KeptCluster.defaultDir();
        }
    }

    /** What every cluster subcommand has: the context, and which cluster directory. */
    abstract static class Sub implements Callable<Integer> {

        @ParentCommand
        ClusterCommand parent;

        @picocli.CommandLine.Mixin
        Where where;

        CommandContext context() {
            return parent.root.context();
        }

        Path dir() {
            return where.dir().toAbsolutePath();
        }

        /** The kept cluster; when there is none, says so ({@code none} ends the line) and returns empty. */
        Optional<KeptCluster.State> kept(String none) {
            Optional<KeptCluster.State> kept = KeptCluster.read(dir());
            if (kept.isEmpty()) {
                context().progress().line("no cluster kept in " + dir() + none);
            }
            return kept;
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, versionProvider = Versions.class,
            description = "Starts N embedded nodes that outlive this command, and records them in the cluster "
                    + "directory.")
    static final class Start extends Sub {

        @Option(names = RunOption.NODES, defaultValue = "1", paramLabel = "N",
                description = "Nodes, on 127.0.0.1 … 127.0.0.N (default: ${DEFAULT-VALUE}).")
        int nodes;

        @Option(names = "--token-rf", defaultValue = "3", paramLabel = "R",
                description = "The replication factor the nodes' token allocation is balanced for "
                        + "(allocate_tokens_for_local_replication_factor; at most N; default: ${DEFAULT-VALUE}). "
                        + "Each run sets its keyspace's replication factor with its own --rf.")
        int replicationFactor;

        @Mixin
        NodeOptions started = new NodeOptions();

        @Override
        public Integer call() {
            CommandContext context = context();
            Checks.between(RunOption.NODES, nodes, 1, EmbeddedCluster.MAX_NODES);
            Checks.positive("--token-rf", replicationFactor);
            started.check();
            Path dir = where.dir().toAbsolutePath();
            Optional<KeptCluster.State> existing = KeptCluster.read(dir);
            if (existing.isPresent()) {
                KeptCluster.State state = existing.get();
                if (state.down().size() < state.nodes().size()) {
                    throw new CqlbenchException(ExitCode.USAGE, "a " + state.nodes().size() + "-node cluster is "
                            + "already running from " + dir + " ('cqlbench cluster status'); stop it first "
                            + "('cqlbench cluster stop')");
                }
                context.progress().line("the cluster recorded in " + dir + " is not running any more: replacing it");
                KeptCluster.stop(dir, state, false);
            }
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new CqlbenchException(ExitCode.OUTPUT, "cannot create --cluster-dir " + dir + ": "
                        + e.getMessage(), e);
            }
            KeptCluster.State state = keep(dir, nodes, replicationFactor, started, true, context).state();
            if (context.lifecycle().stopRequested()) {
                KeptCluster.stop(dir, state, false);
                throw new CqlbenchException(ExitCode.INTERRUPTED, "interrupted: the nodes started were stopped");
            }
            context.out().print(Status.render(state, null));
            context.progress().line("cluster up; runs without --contact-points use it; "
                    + "'cqlbench cluster stop' ends it");
            return ExitCode.OK;
        }
    }

    /** A cluster started for runs to share, and what its state file records. */
    record Kept(EmbeddedCluster cluster, KeptCluster.State state) {}

    /**
     * Starts nodes and records them in {@code dir} for runs to use ({@code --cluster-dir}): detached, they outlive
     * this process ('cluster start'); attached, they end with it (the demo's shared node).
     */
    static Kept keep(Path dir, int nodes, int replicationFactor, NodeOptions started, boolean detached,
                     CommandContext context) {
        int heap = Targets.heapMb(started.heapMb, nodes);
        int threshold = Targets.threshold(started.thresholdKib);
        boolean authentication = started.authentication;
        NodeSettings each = new NodeSettings(heap, Duration.ofSeconds(started.startTimeoutSeconds), threshold,
                replicationFactor, detached, 0, authentication);
        // the nodes on the servers' CPUs, as a run's own nodes would be; each run places them again as it asks
        EmbeddedCluster cluster = Targets.start(new EmbeddedCluster.Options(dir, nodes, each),
                Placement.resolve(Placement.AUTO, true, nodes), context.progress(), context.lifecycle()::stopRequested);
        List<KeptCluster.Node> recorded = new ArrayList<>();
        for (int i = 0; i < cluster.nodes().size(); i++) {
            EmbeddedCassandra node = cluster.nodes().get(i);
            recorded.add(new KeptCluster.Node(i + 1, node.address(), node.nativePort(), node.pid(),
                    node.workDir().toAbsolutePath().toString(), node.jmxPort()));
        }
        KeptCluster.State state = new KeptCluster.State(KeptCluster.FORMAT, recorded, heap, threshold,
                replicationFactor, cluster.datacenter(), Instant.now().toString(), authentication);
        try {
            KeptCluster.write(dir, state);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        return new Kept(cluster, state);
    }

    @Command(name = "status", mixinStandardHelpOptions = true, versionProvider = Versions.class,
            description = "Shows the kept cluster's nodes: process alive, CQL reachable, as the ring sees them. "
                    + "Exit code 0 when every node is up, 4 when some are not or no cluster is kept.")
    static final class Status extends Sub {

        @Override
        public Integer call() {
            CommandContext context = context();
            Optional<KeptCluster.State> kept = kept(" ('cqlbench cluster start --nodes N' starts one)");
            if (kept.isEmpty()) {
                return ExitCode.CONNECTION;
            }
            KeptCluster.State state = kept.get();
            Map<String, String> ring = ring(state);
            context.out().print(render(state, ring));
            boolean allUp = state.down().isEmpty()
                    && state.nodes().stream().allMatch(n -> "UP".equals(ring.get(n.address())));
            return allUp ? ExitCode.OK : ExitCode.CONNECTION;
        }

        /** Node address → state as the driver sees the ring (UP, DOWN, UNKNOWN); empty if nothing answers. */
        private static Map<String, String> ring(KeptCluster.State state) {
            List<String> live = state.nodes().stream().filter(KeptCluster.Node::alive)
                    .map(KeptCluster.Node::contactPoint).toList();
            if (live.isEmpty()) {
                return Map.of();
            }
            BindingConfig connection = Targets.embeddedConnection(live, state.datacenter(), state.authenticated(),
                    "LOCAL_ONE", 5_000, Map.of());
            try (ClusterAdmin admin = ClusterAdmin.connect(new ExternalTarget(connection))) {
                return admin.nodeStates();
            } catch (CqlbenchException e) {
                return Map.of();
            }
        }

        static String render(KeptCluster.State state, Map<String, String> ring) {
            StringBuilder out = new StringBuilder();
            out.append(String.format("%ncluster kept since %s: %d node(s), heap %d MB each, batch_size_fail_threshold "
                    + "%d KiB, datacenter %s%s%n", state.startedAt(), state.nodes().size(), state.heapMb(),
                    state.batchSizeFailThresholdKib(), state.datacenter(),
                    state.authenticated() ? ", password authentication" : ""));
            List<List<String>> rows = new ArrayList<>();
            rows.add(ring == null ? List.of("node", "address", "pid", "process")
                    : List.of("node", "address", "pid", "process", "ring"));
            for (KeptCluster.Node node : state.nodes()) {
                List<String> row = new ArrayList<>(List.of(Integer.toString(node.index()), node.contactPoint(),
                        Long.toString(node.pid()), node.alive() ? "running" : "gone"));
                if (ring != null) {
                    row.add(ring.getOrDefault(node.address(), "unreachable"));
                }
                rows.add(row);
            }
            out.append(dev.cqlbench.report.Table.render(rows));
            return out.toString();
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, versionProvider = Versions.class,
            description = "Stops the kept cluster's nodes (SIGTERM, SIGKILL after 30 s) and deletes their data.")
    static final class Stop extends Sub {

        @Option(names = "--keep-data", description = "Keep the nodes' data and logs in the cluster directory.")
        boolean keepData;

        @Override
        public Integer call() {
            CommandContext context = context();
            Path dir = dir();
            Optional<KeptCluster.State> kept = kept(": nothing to stop");
            if (kept.isEmpty()) {
                return ExitCode.OK;
            }
            KeptCluster.State state = kept.get();
            int running = state.nodes().size() - state.down().size();
            KeptCluster.stop(dir, state, keepData);
            context.progress().line("stopped " + running + " running node(s) of " + state.nodes().size()
                    + (keepData ? "; data kept in " + dir : "; data deleted"));
            return ExitCode.OK;
        }
    }
}
