package dev.cqlbench.app.orchestrate;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.EmbeddedTarget;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.cluster.SqlTarget;
import dev.cqlbench.app.host.Calibrations;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.app.host.StoppedWorkers;
import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClientRun;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.RunScenario;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a scenario: clusters up and their schema, {@code forks} worker JVMs per variant (set up and warmed first),
 * then the rounds ({@link RoundLoop}): per round every live JVM of every variant in a seeded-random order, CPU and
 * memory of the worker and the servers (every embedded node) read around each JVM's cycle, and the servers' CPU also
 * around each timed block a worker marks. Returns the result; prints nothing but progress lines. A failing worker ends
 * only its own variant; a stop request ends the run with what was measured.
 */
public final class Orchestrator {

    private final Layout layout;
    private final Lifecycle lifecycle;
    private final Progress progress;
    private final String version;
    /** Where the run is watched live ({@link LiveMetrics#unwatched} when it is not). */
    private final LiveMetrics live;

    /** @param live where the run is watched live ({@code --metrics-port}), or {@link LiveMetrics#unwatched} */
    public Orchestrator(Layout layout, Lifecycle lifecycle, Progress progress, String version, LiveMetrics live) {
        this.live = live;
        this.layout = layout;
        this.lifecycle = lifecycle;
        this.progress = progress;
        this.version = version;
    }

    public RunResult run(RunSettings settings, Path logDir) {
        Pass pass = new Pass(settings, logDir);
        return pass.run(settings);
    }

    /** One run's state: its JVMs, where it runs and what it met. */
    private final class Pass {
        private final Path logDir;
        private final String startedAt = Instant.now().toString();
        private final List<VariantRun> variants;
        private final ClusterLog clusterLog = new ClusterLog(progress);
        /** The run's scenario, looked up once. */
        private final RunScenario scenario;
        /** What the run asks, fixed before its data. */
        private final Family family;
        private final Placement placement;
        /** Whether a JVM is stopped while the others take their turns. */
        private final boolean pause;
        private Clusters.Facts facts = Clusters.Facts.NONE;
        private Rounds rounds;
        private VarianceModel variance;

        Pass(RunSettings settings, Path logDir) {
            this.logDir = logDir;
            this.scenario = RunScenario.of(settings);
            this.family = scenario.family();
            this.variants = new ArrayList<>(VariantRun.of(settings.variants(), settings.processes().forks()));
            this.placement = Placement.resolve(settings.processes().host().placement(), serversHere(settings),
                    nodesHere(settings));
            this.pause = settings.processes().host().pauseIdleWorkers() && StoppedWorkers.available()
                    && variants.size() > 1;
            live.clusterEvents(clusterLog.live());
        }

        RunResult run(RunSettings settings) {
            if (placement.note() != null && !Placement.SHARED.equals(settings.processes().host().placement())) {
                progress.line("placement: " + placement.note() + "; servers and clients share the CPUs");
            } else if (placement.split()) {
                progress.line("placement: " + placement.facts(pause).describe());
            }
            try (Placement.Pinned pinned = placement.pinThisProcess();
                 Clusters clusters = settings.needsCassandra()
                         ? Clusters.open(scenario, placement, progress, lifecycle::stopRequested) : null;
                 SqlTarget sql = settings.needsSql() && !lifecycle.stopRequested()
                         ? SqlTarget.open(settings.servers().sql(),
                                 settings.servers().target().connection().requestTimeoutMillis(), placement, progress)
                                 .dropExisting(settings.servers().target().dropExisting()) : null) {
                if (sql != null) {
                    scenario.prepareSqlSchema(sql);
                }
                facts = clusters == null ? Clusters.Facts.NONE : clusters.facts();
                try {
                    measure(settings, clusters, sql);
                } finally {
                    // at once: a JVM that writes its class-data archive at exit takes a second or more to end
                    variants.parallelStream().forEach(VariantRun::close);
                }
            }
            return result(settings);
        }

        /** The JVMs started (more where the calibration asks), pinned to the clients' CPUs, and the rounds run. */
        private void measure(RunSettings settings, Clusters clusters, SqlTarget sql) {
            WorkerStarts starts = new WorkerStarts(layout, lifecycle, progress, live);
            Consumer<List<VariantRun>> starting = added -> {
                starts.startMore(added, variants, settings, clusters, sql, logDir, placement);
                placement.pinClients(pids(added));
            };
            starts.startAll(variants, settings, clusters, sql, logDir, placement);
            variance = variance(settings);
            List<VariantRun> more = moreForks(settings);
            if (!more.isEmpty() && !lifecycle.stopRequested()) {
                variants.addAll(more);
                starting.accept(more);
            }
            placement.pinClients(pids(variants));
            ClusterTarget main = clusters == null ? null : clusters.main();
            NodeWatch.Phase phase = new NodeWatch.Phase();
            try (NodeWatch watch = main == null || main.serverPids().isEmpty() ? null
                    : new NodeWatch(main::serverPids, phase, clusterLog, lifecycle)) {
                ScheduleDriver schedule = new ScheduleDriver(main instanceof EmbeddedTarget e ? e.cluster() : null,
                        settings.servers().schedule(), placement, clusterLog, lifecycle::stopRequested);
                rounds = new RoundLoop(settings, family, variants, starting, variance,
                        new RoundLoop.TurnWatch(phase, schedule, pause), lifecycle, progress).run();
            }
        }

        private RunResult result(RunSettings settings) {
            List<VariantResult> results = results(settings, variants);
            List<Block> blocks = variants.stream().flatMap(v -> v.blocks().stream()).toList();
            boolean partial = lifecycle.stopRequested() || results.stream().anyMatch(r -> r.failure() != null);
            String stopReason = lifecycle.stopRequested() ? lifecycle.stopReason()
                    : results.stream().filter(r -> r.failure() != null).map(r -> r.variant() + ": " + r.failure())
                            .findFirst().orElse(null);
            String finishedAt = Instant.now().toString();
            Environment environment = Environment.capture(version, facts.kind(), facts.cassandraVersion(),
                    facts.serverPid(), placement.facts(pause));
            ClientShard shard = settings.plan().client();
            ClusterAdmin.ClockOffset clock = facts.clock();
            List<ClientRun> clients = !shard.shared() ? List.of() : List.of(new ClientRun(shard.index(),
                    shard.count(), shard.runId(), environment, startedAt, finishedAt, clock == null
                    ? ClientRun.Clock.UNKNOWN : new ClientRun.Clock(clock.offsetMs(), clock.uncertaintyMs(),
                    clock.reference()), ClientRun.Busy.UNKNOWN));
            return RunResult.of(new RunResult.Course(startedAt, finishedAt, partial, stopReason, clusterLog.events()),
                    settings, new RunResult.RanOn(facts.cluster(), facts.targets(), environment, clients),
                    results, rounds, blocks,
                    new RunResult.Frame(family, variance, scenario.charts()));
        }

        /**
         * What the run's intervals take from a calibration, for its variants as their workers reported their
         * libraries' versions, and a line saying where it comes from (and what it assumes, where it is not this
         * host's own).
         */
        private VarianceModel variance(RunSettings settings) {
            Map<String, String> libraries = new LinkedHashMap<>();
            for (VariantRun v : variants) {
                if (v.fork == 0) {
                    libraries.put(v.variant.name(), Calibration.key(v.variant.library().name(),
                            v.ready == null ? null : v.ready.libraryVersion()));
                }
            }
            Calibration.Host here = Calibration.Host.of(Environment.capture(version, "", null, null,
                    placement.facts(pause)));
            VarianceModel model = Calibrations.model(settings.processes().host().calibration(), libraries, here,
                    settings.scenario());
            if (settings.processes().forks() > 1) {
                progress.line("variance between JVMs and runs: " + model.source() + (model.assumed() == null ? ""
                        : "; assumed: " + model.assumed() + " ('cqlbench calibrate' measures this host)"));
            }
            return model;
        }

        /**
         * The JVMs to start before the rounds for the variants whose library's calibrated spread between JVMs asks
         * for more than the run was given ({@link VarianceModel#forks}), with a line for each.
         */
        private List<VariantRun> moreForks(RunSettings settings) {
            List<VariantRun> out = new ArrayList<>();
            for (Variant v : settings.variants()) {
                List<VariantRun> forks = variants.stream().filter(u -> u.variant.equals(v)).toList();
                if (forks.isEmpty() || forks.stream().anyMatch(f -> !f.live())) {
                    continue;
                }
                int wanted = variance.forks(v.name(), forks.size());
                if (wanted > forks.size()) {
                    progress.line(String.format(Locale.ROOT, "%s: %d JVMs instead of %d: its JVMs sat %.1f %% "
                            + "apart in time in the calibration", v.name(), wanted, forks.size(),
                            variance.of(Measure.TIME).jvm().get(v.name()).sd() * 100));
                    out.addAll(VariantRun.more(forks, wanted));
                }
            }
            return out;
        }
    }

    /** The worker pids of the JVMs that started. */
    private static List<Long> pids(List<VariantRun> jvms) {
        return jvms.stream().filter(v -> v.worker != null).map(v -> v.worker.pid()).toList();
    }

    /** Whether some server the run uses runs on this machine: nodes cqlbench starts or keeps, its own MariaDB. */
    static boolean serversHere(RunSettings settings) {
        return settings.needsCassandra() && settings.servers().target().embedded()
                || settings.needsSql() && settings.servers().sql() != null && settings.servers().sql().embedded();
    }

    /**
     * The most Cassandra nodes the run has on this machine at once: those it starts (a join adds one) or the kept
     * cluster's; none for an external cluster.
     */
    static int nodesHere(RunSettings settings) {
        if (!settings.needsCassandra() || !settings.servers().target().embedded()) {
            return 0;
        }
        Servers servers = settings.servers();
        Integer count = servers.target().embeddedNodes().count();
        int nodes = count != null ? count : KeptCluster.read(servers.target().clusterDir())
                .map(s -> s.nodes().size()).orElse(1);
        return nodes + (servers.schedule() != null && servers.schedule().addAtMillis() > 0 ? 1 : 0);
    }

    /** Each variant's result, from its forks, in the settings' order. */
    static List<VariantResult> results(RunSettings settings, List<VariantRun> units) {
        return settings.variants().stream()
                .map(v -> VariantRun.result(settings, units.stream().filter(u -> u.variant.equals(v)).toList()))
                .toList();
    }
}
