package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.EmbeddedTarget;
import dev.cqlbench.app.cluster.SchemaTarget;
import dev.cqlbench.app.cluster.Targets;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.RunScenario;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The Cassandra clusters of a run, opened and with the scenario's schema prepared on each: the run's own, for the
 * variants without a target of their own, and each compared target's ({@code --target}). All closed at the end.
 */
final class Clusters implements AutoCloseable {

    private ClusterTarget main;
    private final Map<String, ClusterTarget> byTarget = new LinkedHashMap<>();
    private final Map<ClusterTarget, ClusterFacts> facts = new LinkedHashMap<>();
    private final Map<ClusterTarget, ConnectionAudit> connectionAudits = new LinkedHashMap<>();
    private final Map<ClusterTarget, ClusterAdmin.ClockOffset> clockOffsets = new LinkedHashMap<>();
    private final Map<ClusterTarget, ClientBarrier> barriers = new LinkedHashMap<>();

    static Clusters open(RunScenario scenario, Placement placement, Progress progress, BooleanSupplier stop) {
        RunSettings settings = scenario.settings();
        Clusters clusters = new Clusters();
        try {
            List<Variant> cassandra = settings.variants().stream().filter(v -> !v.library().sql()).toList();
            Servers servers = settings.servers();
            int streamThroughput = servers.schedule() == null ? 0 : servers.schedule().streamThroughputMib();
            if (cassandra.stream().anyMatch(v -> v.target() == null) && !stop.getAsBoolean()) {
                clusters.main = clusters.prepare(scenario, servers.target(), null,
                        Targets.open(servers.target(), placement, progress, stop, streamThroughput), progress, stop);
                bootSpare(settings, clusters.main, placement, progress, stop);
            }
            for (String name : new LinkedHashSet<>(cassandra.stream().map(Variant::target)
                    .filter(t -> t != null).toList())) {
                if (stop.getAsBoolean()) {
                    break;
                }
                progress.line("target " + name + ":");
                TargetSettings target = settings.servers().targets().get(name);
                clusters.byTarget.put(name, clusters.prepare(scenario, target, name,
                        Targets.open(target, placement, progress, stop, streamThroughput), progress, stop));
            }
        } catch (RuntimeException e) {
            clusters.close();
            throw e;
        }
        return clusters;
    }

    /**
     * For a schedule that adds a node to the run's own embedded cluster: that node boots now, outside the ring, on the
     * servers' CPUs, while the workers start and warm up, so that the join the schedule makes is the join itself and
     * not a JVM starting on the CPUs the measured nodes use (see {@link EmbeddedCluster#bootSpare}).
     */
    private static void bootSpare(RunSettings settings, ClusterTarget main, Placement placement, Progress progress,
                                  BooleanSupplier stop) {
        if (settings.servers().schedule() == null || settings.servers().schedule().addAtMillis() <= 0
                || !(main instanceof EmbeddedTarget embedded) || stop.getAsBoolean()) {
            return;
        }
        try {
            placement.startingServers(() -> {
                embedded.cluster().bootSpare(progress::line, stop);
                return null;
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Connects as the bindings will, learns the version, prepares the scenario's tables; the session stays open for
     * the run's connection audit ({@link ConnectionAudit}) and closes with the clusters.
     */
    private ClusterTarget prepare(RunScenario scenario, TargetSettings target, String name, ClusterTarget opened,
                                  Progress progress, BooleanSupplier stop) {
        RunSettings settings = scenario.settings();
        ClusterAdmin admin = null;
        try {
            admin = ClusterAdmin.connect(opened);
            String version = admin.releaseVersion();
            facts.put(opened, opened.facts().withReleaseVersion(version));
            // of clients sharing the workload, client 0 creates the schema and the others wait for it
            dev.cqlbench.run.ClientShard client = settings.plan().client();
            java.time.Duration waits = client.shared() && client.index() > 0
                    ? java.time.Duration.ofSeconds(dev.cqlbench.run.Defaults.BARRIER_TIMEOUT_SECONDS) : null;
            String schema = scenario.prepareSchema(new SchemaTarget(admin, opened, target.replication(),
                    target.dropExisting(), waits, stop));
            progress.line((name == null ? "" : "target " + name + ": ") + "Cassandra " + version + ", " + schema);
            connectionAudits.put(opened, new ConnectionAudit(admin));
            if (settings.plan().client().shared()) {
                clockOffsets.put(opened, admin.clockOffset());
                if (waits == null) {
                    admin.ensureBarrierTable(settings.plan().keyspace());
                } else {
                    admin.awaitTable(settings.plan().keyspace(), ClusterAdmin.BARRIER_TABLE, waits, stop);
                }
                barriers.put(opened, new ClientBarrier(admin, settings.plan().keyspace(), settings.plan().client(),
                        stop));
            }
        } catch (RuntimeException e) {
            if (admin != null) {
                admin.close();
            }
            opened.close();
            throw e;
        }
        return opened;
    }

    /** The cluster {@code variant} runs on (null when it was not opened: the run stopped first). */
    ClusterTarget of(Variant variant) {
        return variant.target() == null ? main : byTarget.get(variant.target());
    }

    /** The run's own cluster, as opened; null when none was. */
    ClusterTarget main() {
        return main;
    }

    /** The audit of client connections on {@code target}, on the session that prepared its schema. */
    ConnectionAudit connectionAudit(ClusterTarget target) {
        return connectionAudits.get(target);
    }

    /**
     * This machine's clock against the run's cluster (its own, else the first target's), when clients share the
     * workload; else null.
     */
    private ClusterAdmin.ClockOffset clockOffset() {
        return main != null ? clockOffsets.get(main)
                : clockOffsets.values().stream().filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** Where the clients sharing the workload meet on {@code target}; null for a client alone. */
    ClientBarrier barrier(ClusterTarget target) {
        return target == null ? null : barriers.get(target);
    }

    /**
     * What the result records of the clusters a run opened: the run's own cluster's facts ({@code cluster}), each
     * compared target's by name, the kind of target ("several" for targets alone, "none" without Cassandra), the
     * Cassandra versions met, the own cluster's first node's pid, and this machine's clock against it.
     */
    record Facts(ClusterFacts cluster, Map<String, ClusterFacts> targets, String kind, String cassandraVersion,
                 Long serverPid, ClusterAdmin.ClockOffset clock) {
        static final Facts NONE = new Facts(null, Map.of(), "none", null, null, null);
    }

    Facts facts() {
        ClusterFacts own = main == null ? null : facts.get(main);
        Map<String, ClusterFacts> targets = new LinkedHashMap<>();
        byTarget.forEach((name, target) -> targets.put(name, facts.get(target)));
        List<String> versions = facts.values().stream().map(ClusterFacts::releaseVersion)
                .filter(java.util.Objects::nonNull).distinct().toList();
        return new Facts(own, targets, own != null ? own.kind() : "several",
                versions.isEmpty() ? null : String.join(", ", versions),
                main == null || main.serverPids().isEmpty() ? null : main.serverPids().get(0), clockOffset());
    }

    @Override
    public void close() {
        connectionAudits.values().forEach(ConnectionAudit::close);
        List<ClusterTarget> all = new ArrayList<>(byTarget.values());
        Collections.reverse(all);
        if (main != null) {
            all.add(main);
        }
        for (ClusterTarget t : all) {
            try {
                t.close();
            } catch (RuntimeException ignored) {
                // the others still close
            }
        }
    }
}
