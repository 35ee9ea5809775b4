package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.EmbeddedTarget;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.analysis.Settling;
import dev.cqlbench.app.cluster.SqlTarget;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.app.host.StoppedWorkers;
import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClientRun;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RoundOrder;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.Scenarios;
import dev.cqlbench.worker.WorkerRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Runs a scenario: clusters up and their schema, {@code forks} worker JVMs per variant (set up and warmed first),
 * then per cycle every live JVM of every variant in a seeded-random order, CPU and memory of the worker and the
 * servers (every embedded node) read around each JVM's cycle, and the servers' CPU also around each timed block a worker marks. Returns
 * the result; prints nothing but progress lines. A failing worker ends only its own variant; a stop request ends the
 * run with what was measured.
 */
public final class Orchestrator {

    private static final Duration SETUP_TIMEOUT = Duration.ofMinutes(10);

    private final Layout layout;
    private final Lifecycle lifecycle;
    private final Progress progress;
    private final String version;
    private final IdleBaseline idle = new IdleBaseline();
    /** Where the run is watched live; null when it is not. */
    private final LiveMetrics live;

    /** @param live where the run is watched live ({@code --metrics-port}); null: not watched */
    public Orchestrator(Layout layout, Lifecycle lifecycle, Progress progress, String version, LiveMetrics live) {
        this.live = live;
        this.layout = layout;
        this.lifecycle = lifecycle;
        this.progress = progress;
        this.version = version;
    }

    public RunResult run(RunSettings settings, Path logDir) {
        String startedAt = Instant.now().toString();
        List<VariantRun> variants = VariantRun.of(settings.variants(), settings.forks());
        List<RunEvent> events = Collections.synchronizedList(new ArrayList<>());
        ClusterFacts cluster = null;
        Map<String, ClusterFacts> targets = Map.of();
        String targetKind = "none";
        String cassandraVersion = null;
        Long serverPid = null;
        Rounds rounds = null;
        ClusterAdmin.ClockOffset clock = null;
        Placement placement = Placement.resolve(settings.host().placement(), serversHere(settings),
                nodesHere(settings));
        placement.pinThisProcess();
        boolean pause = settings.host().pauseIdleWorkers() && StoppedWorkers.available() && variants.size() > 1;
        if (placement.note() != null && !Placement.SHARED.equals(settings.host().placement())) {
            progress.line("placement: " + placement.note() + "; servers and clients share the CPUs");
        } else if (placement.split()) {
            progress.line("placement: " + placement.facts(pause).describe());
        }
        try (Clusters clusters = settings.needsCassandra()
                ? Clusters.open(settings, placement, progress, lifecycle::stopRequested) : null;
             SqlTarget sql = settings.needsSql() && !lifecycle.stopRequested()
                     ? SqlTarget.open(settings.sql(), settings.target().requestTimeoutMillis(), placement, progress)
                             .dropExisting(settings.target().dropExisting()) : null;
             ResourceSampler sampler = new ResourceSampler()) {
            if (sql != null) {
                Scenarios.prepareSqlSchema(settings.scenario(), settings.plan(), sql);
            }
            ClusterTarget main = clusters == null ? null : clusters.main();
            if (clusters != null) {
                cluster = clusters.facts(main);
                targets = clusters.targetFacts();
                targetKind = cluster != null ? cluster.kind() : "several";
                cassandraVersion = clusters.versions().isEmpty() ? null : String.join(", ", clusters.versions());
                serverPid = main == null || main.serverPids().isEmpty() ? null : main.serverPids().get(0);
                clock = clusters.clockOffset();
            }
            try {
                startAll(variants, settings, clusters, sql, logDir, placement);
                placement.pinClients(variants.stream().filter(v -> v.worker != null).map(v -> v.worker.pid()).toList());
                NodeWatch.Phase phase = new NodeWatch.Phase();
                try (NodeWatch watch = main == null || main.serverPids().isEmpty() ? null
                        : new NodeWatch(main::serverPids, phase, events, progress, lifecycle)) {
                    rounds = runCycles(variants, settings, sampler, main instanceof EmbeddedTarget embedded ? embedded : null,
                            events, phase, placement, pause);
                }
            } finally {
                variants.forEach(VariantRun::close);
            }
        }
        List<VariantResult> results = results(settings, variants);
        List<Block> blocks = variants.stream().flatMap(v -> v.blocks().stream()).toList();
        boolean partial = lifecycle.stopRequested() || results.stream().anyMatch(r -> r.failure() != null);
        String stopReason = lifecycle.stopRequested() ? lifecycle.stopReason()
                : results.stream().filter(r -> r.failure() != null).map(r -> r.variant() + ": " + r.failure())
                        .findFirst().orElse(null);
        String finishedAt = Instant.now().toString();
        Environment environment = Environment.capture(version, targetKind, cassandraVersion, serverPid,
                placement.facts(pause));
        ClientShard shard = settings.plan().client();
        List<ClientRun> clients = !shard.shared() ? List.of() : List.of(new ClientRun(shard.index(), shard.count(),
                shard.runId(), environment, startedAt, finishedAt, clock == null ? null : clock.offsetMs(),
                clock == null ? null : clock.uncertaintyMs(), clock == null ? null : clock.reference(), null, null,
                null));
        return RunResult.of(settings, startedAt, finishedAt, partial, stopReason, cluster, targets, environment,
                results, List.copyOf(events), Scenarios.charts(settings.scenario(), settings.plan()), rounds, clients,
                blocks, Scenarios.family(settings));
    }

    /** Whether some server the run uses runs on this machine: nodes cqlbench starts or keeps, its own MariaDB. */
    static boolean serversHere(RunSettings settings) {
        return settings.needsCassandra() && settings.target().embedded()
                || settings.needsSql() && settings.sql() != null && settings.sql().embedded();
    }

    /**
     * The most Cassandra nodes the run has on this machine at once: those it starts (a join adds one) or the kept
     * cluster's; none for an external cluster.
     */
    static int nodesHere(RunSettings settings) {
        if (!settings.needsCassandra() || !settings.target().embedded()) {
            return 0;
        }
        int nodes = settings.target().nodes() != null ? settings.target().nodes()
                : KeptCluster.read(settings.target().clusterDir())
                        .map(s -> s.nodes().size()).orElse(1);
        return nodes + (settings.schedule() != null && settings.schedule().addAtMillis() > 0 ? 1 : 0);
    }

    /** Each variant's result, from its forks, in the settings' order. */
    static List<VariantResult> results(RunSettings settings, List<VariantRun> units) {
        return settings.variants().stream()
                .map(v -> VariantRun.result(settings, units.stream().filter(u -> u.variant.equals(v)).toList()))
                .toList();
    }

    /**
     * Starts every variant's workers, {@link #STARTING_AT_ONCE} at a time: a warm-up is mostly one thread waiting for
     * the server, so on a machine of two cores three of them overlap well, and a run of nine libraries is measuring
     * minutes sooner. Nothing is measured until every one is warm.
     */
    private void startAll(List<VariantRun> variants, RunSettings settings, Clusters clusters, SqlTarget sql,
                          Path logDir, Placement placement) {
        // a team's own binding (a jar) opens first and alone: one that cannot start is the user's to fix, and
        // stops the run before any other library's JVM starts
        List<VariantRun> own = variants.stream().filter(v -> BindingJar.holds(v.variant.library())).toList();
        if (!own.isEmpty()) {
            startAll(own, variants, settings, clusters, sql, logDir, placement);
            own.stream().filter(v -> v.failure != null).findFirst().ifPresent(v -> {
                throw new CqlbenchException(ExitCode.USAGE, v.variant.name() + ": its binding "
                        + v.variant.library().binding() + " from " + v.variant.library().module()
                        + " did not start: " + v.failure);
            });
        }
        startAll(variants.stream().filter(v -> !own.contains(v)).toList(), variants, settings, clusters, sql, logDir,
                placement);
    }

    private void startAll(List<VariantRun> starting, List<VariantRun> variants, RunSettings settings,
                          Clusters clusters, SqlTarget sql, Path logDir, Placement placement) {
        if (starting.isEmpty()) {
            return;
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(STARTING_AT_ONCE, starting.size())), r -> {
                    Thread t = new Thread(r, "cqlbench-worker-start");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<java.util.concurrent.Future<?>> started = new ArrayList<>();
            for (VariantRun variant : starting) {
                started.add(pool.submit(() -> {
                    if (!lifecycle.stopRequested()) {
                        start(variant, variants, settings, clusters, sql, logDir, placement);
                    }
                }));
            }
            for (java.util.concurrent.Future<?> f : started) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Workers started and warmed at the same time. On the 2-core host six JVMs of two libraries warmed in 47 s three
     * at a time and in 49 s all six at once, and then measured noisier (their JIT had compiled less in its time).
     */
    static final int STARTING_AT_ONCE = 3;

    /** Forks, sets up and warms the variant's worker, connected to its cluster or to the relational database. */
    private void start(VariantRun variant, List<VariantRun> all, RunSettings settings, Clusters clusters,
                       SqlTarget sql, Path logDir, Placement placement) {
        if (variant.failure != null) {
            return; // another JVM of its variant failed before this one started
        }
        boolean usesSql = variant.variant.library().sql();
        ClusterTarget own = usesSql || clusters == null ? null : clusters.of(variant.variant);
        if (!usesSql && own == null) {
            return; // stopped before its cluster opened
        }
        variant.serverPids = usesSql ? (sql.serverPid() == null ? List.of() : List.of(sql.serverPid()))
                : own.serverPids();
        variant.connectionAudit = usesSql ? null : clusters.connectionAudit(own);
        BindingConfig connection = usesSql ? sql.connection() : own.connection();
        String name = variant.name();
        try {
            List<String> jvmArgs = new ArrayList<>(placement.workerJvmArgs());
            jvmArgs.addAll(settings.worker().jvmArgs());
            variant.worker = startWorker(placement, variant, jvmArgs, logDir);
            if (live != null) {
                variant.watch = live.watch(variant.variant.name(), variant.fork);
                variant.worker.watchedBy(variant.watch);
            }
            variant.worker.meetAt(usesSql ? null : clusters.barrier(own));
            variant.ready = variant.worker.setup(new WorkerRequest.Setup(settings.scenario(), variant.variant,
                    connection, settings.plan(), settings.worker().outputDir(), settings.worker().hdrLog(),
                    usesSql ? List.of() : own.serverJmx(), variant.fork, live != null),
                    SETUP_TIMEOUT, lifecycle::stopRequested);
            if (variant.failure != null) {
                variant.close(); // another JVM of its variant failed while this one warmed
                return;
            }
            Variant.Release release = variant.variant.release();
            if (release != null && !release.version().equals(variant.ready.libraryVersion())) {
                // its classpath did not take: what it would measure is another version than the one named
                throw new WorkerException(name + " runs " + variant.variant.library().name() + " "
                        + variant.ready.libraryVersion() + ", not the " + release.version() + " it was given",
                        variant.worker.log(), null);
            }
            progress.line(String.format("%s: worker pid %d, %s %s, warmed up in %.1f s", name, variant.worker.pid(),
                    variant.variant.library().name(), variant.ready.libraryVersion(),
                    variant.ready.warmupNanos() / 1e9));
        } catch (WorkerException e) {
            if (variant.failure == null) {
                variant.fail(e, progress, all);
            } else {
                variant.close(); // closed because another JVM of its variant failed: that failure is the one said
            }
        }
    }

    /**
     * @param pause whether every worker but the one measuring is stopped meanwhile ({@link StoppedWorkers})
     */
    /** Forks a worker on every CPU (its warm-up), {@link Placement#pinClients} moves it for the rounds. */
    private WorkerProcess startWorker(Placement placement, VariantRun variant, List<String> jvmArgs, Path logDir)
            throws WorkerException {
        try {
            return placement.startingWorkers(() -> WorkerProcess.start(layout, variant.variant, jvmArgs,
                    logDir.resolve(variant.logName())));
        } catch (WorkerException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Rounds runCycles(List<VariantRun> variants, RunSettings settings, ResourceSampler sampler,
                           EmbeddedTarget embedded, List<RunEvent> events, NodeWatch.Phase phase,
                           Placement placement, boolean pause) {
        int cap = settings.plan().cycles();
        int least = Defaults.settlingRounds(cap);
        Settling settling = new Settling(variants.size(), least);
        long roundsStart = System.nanoTime();
        RoundRule rule = new RoundRule(settings, roundsStart);
        RunProgress runProgress = new RunProgress(progress, least + cap, settings.plan().repetitions(),
                settings.plan().operationLabels().size(), variants.stream().filter(VariantRun::live).count(),
                rule::timeSpent);
        Duration inactivity = Duration.ofSeconds(settings.worker().timeoutSeconds());
        int finished = 0;
        int settle = -1;
        if (pause) {
            variants.stream().filter(VariantRun::live).forEach(v -> v.worker.pause());
        }
        try {
            for (int cycle = 0; !lifecycle.stopRequested(); cycle++) {
                if (settle < 0 && !settling.settling()) {
                    settle = cycle;
                    rule.settled(settle, (System.nanoTime() - roundsStart) / 1e9);
                    runProgress.settled(settle, cap);
                    if (settle > 0) {
                        progress.line(settle + " settling rounds done, left out of the result" + (settle == least ? ""
                                : settling.settled() ? " (until every JVM's JIT compiler was quiet in a round)"
                                : " (the most: a JVM's JIT compiler was still busy)"));
                    }
                }
                if (settle >= 0) {
                    int measured = cycle - settle;
                    if (measured >= cap) {
                        break;
                    }
                    if (measured > 0) {
                        String done = rule.done(measured, variants, progress::line);
                        if (done != null) {
                            progress.line(done);
                            break;
                        }
                    }
                }
                boolean measuring = settle >= 0;
                if (cycle % IdleBaseline.EVERY == 0) {
                    idle.measure(sampler, serverPids(variants));
                }
                boolean[] quiet = new boolean[variants.size()];
                List<VariantRun> order = RoundOrder.resolvable(variants, v -> v.variant, settings.plan().seed(),
                        cycle);
                for (VariantRun variant : order) {
                    quiet[variants.indexOf(variant)] = true;
                    if (!variant.live() || lifecycle.stopRequested()) {
                        continue;
                    }
                    boolean audited = Defaults.audited(cycle, settle);
                    boolean connections = audited && variant.connectionAudit != null;
                    ConnectionAudit.Reading connectionsBefore = connections
                            ? variant.connectionAudit.read(variant.worker.pid()) : null;
                    List<OperationCycle> done = List.of();
                    Map<Long, ResourceSampler.Reading> start = sampler.begin(variant.pids());
                    CycleEvents cycleEvents = new CycleEvents(variant, cycle, runProgress, sampler, idle, phase,
                            settings.schedule(), embedded == null ? null : embedded.cluster(), placement, events,
                            lifecycle, progress, roundsStart);
                    runProgress.begin(variant.name(), cycle);
                    if (variant.watch != null) {
                        variant.watch.round(cycle, measuring);
                    }
                    phase.begin(variant.name(), null);
                    try {
                        variant.worker.resume();
                        done = variant.worker.runCycle(cycle, audited, Defaults.readsEveryRow(cycle),
                                inactivity, lifecycle::stopRequested, cycleEvents);
                        if (pause && !lifecycle.stopRequested()) {
                            variant.worker.pause();
                        }
                        if (measuring) {
                            variant.measured(cycleEvents.withServerCpu(done), order.indexOf(variant), cycleEvents);
                        } else {
                            quiet[variants.indexOf(variant)] = quiet(done);
                        }
                    } catch (WorkerException e) {
                        variant.fail(e, progress, variants);
                    } finally {
                        runProgress.end(variant.name());
                        variant.account(sampler, start, measuring);
                        if (connectionsBefore != null && variant.live()) {
                            variant.connections = ConnectionAudit.add(variant.connections, connectionsBefore,
                                    variant.connectionAudit.read(variant.worker.pid()),
                                    done.stream().filter(OperationCycle::timed).mapToLong(OperationCycle::count).sum());
                        }
                        cycleEvents.awaitSchedule();
                    }
                }
                if (!measuring) {
                    settling.round(quiet);
                    settling.limit(settings.stopping() == null ? 0 : settings.stopping().maxSeconds(),
                            (System.nanoTime() - roundsStart) / 1e9 / settling.rounds());
                } else if (!lifecycle.stopRequested()) {
                    finished = cycle + 1 - settle;
                }
            }
        } finally {
            runProgress.finish();
        }
        return rule.rounds(finished, lifecycle.stopRequested(), idle.percentOfCore(), Math.max(0, settle));
    }

    /** Whether a JVM's round was quiet: its JIT compiler spent at most a small share of its blocks' time. */
    private static boolean quiet(List<OperationCycle> done) {
        long jit = 0;
        long nanos = 0;
        for (OperationCycle c : done) {
            jit += c.repetitionJitMillis().stream().mapToLong(m -> Math.max(0, m)).sum();
            nanos += c.repetitionTotalsNanos().stream().mapToLong(Long::longValue).sum();
        }
        return Settling.quiet(jit, nanos / 1e6);
    }

    /** Every server process the variants use, once each. */
    private static List<Long> serverPids(List<VariantRun> variants) {
        return variants.stream().flatMap(v -> v.serverPids.stream()).distinct().toList();
    }
}
