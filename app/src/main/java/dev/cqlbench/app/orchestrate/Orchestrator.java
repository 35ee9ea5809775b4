package dev.cqlbench.app.orchestrate;

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
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClientRun;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.result.PlacementFacts;
import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.app.host.Calibrations;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RoundOrder;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.scenario.Scenarios;
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
        List<VariantRun> variants = new ArrayList<>(VariantRun.of(settings.variants(), settings.forks()));
        List<RunEvent> events = Collections.synchronizedList(new ArrayList<>());
        if (live != null) {
            live.clusterEvents(events);
        }
        ClusterFacts cluster = null;
        Map<String, ClusterFacts> targets = Map.of();
        String targetKind = "none";
        String cassandraVersion = null;
        Long serverPid = null;
        Rounds rounds = null;
        VarianceModel variance = null;
        ClusterAdmin.ClockOffset clock = null;
        Placement placement = Placement.resolve(settings.host().placement(), serversHere(settings),
                nodesHere(settings));
        Placement.Pinned pinned = placement.pinThisProcess();
        boolean pause = settings.host().pauseIdleWorkers() && StoppedWorkers.available() && variants.size() > 1;
        if (placement.note() != null && !Placement.SHARED.equals(settings.host().placement())) {
            progress.line("placement: " + placement.note() + "; servers and clients share the CPUs");
        } else if (placement.split()) {
            progress.line("placement: " + placement.facts(pause).describe());
        }
        try (pinned; Clusters clusters = settings.needsCassandra()
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
                WorkerStarts starts = new WorkerStarts(layout, lifecycle, progress, live);
                starts.startAll(variants, settings, clusters, sql, logDir, placement);
                variance = variance(settings, variants, placement.facts(pause));
                List<VariantRun> more = moreForks(settings, variants, variance);
                if (!more.isEmpty() && !lifecycle.stopRequested()) {
                    variants.addAll(more);
                    starts.startMore(more, variants, settings, clusters, sql, logDir, placement);
                }
                placement.pinClients(variants.stream().filter(v -> v.worker != null).map(v -> v.worker.pid()).toList());
                NodeWatch.Phase phase = new NodeWatch.Phase();
                try (NodeWatch watch = main == null || main.serverPids().isEmpty() ? null
                        : new NodeWatch(main::serverPids, phase, events, progress, lifecycle)) {
                    java.util.function.Consumer<List<VariantRun>> starting = added -> {
                        starts.startMore(added, variants, settings, clusters, sql, logDir, placement);
                        placement.pinClients(added.stream().filter(v -> v.worker != null).map(v -> v.worker.pid())
                                .toList());
                    };
                    rounds = runCycles(variants, settings, sampler, main instanceof EmbeddedTarget embedded ? embedded : null,
                            events, phase, placement, pause, variance, starting);
                }
            } finally {
                // at once: a JVM that writes its class-data archive at exit takes a second or more to end
                variants.parallelStream().forEach(VariantRun::close);
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
                blocks, Scenarios.family(settings), variance);
    }

    /**
     * What the run's intervals take from a calibration, for its variants as their workers reported their libraries'
     * versions, and a line saying where it comes from (and what it assumes, where it is not this host's own).
     */
    private VarianceModel variance(RunSettings settings, List<VariantRun> variants, PlacementFacts placement) {
        Map<String, String> libraries = new java.util.LinkedHashMap<>();
        for (VariantRun v : variants) {
            if (v.fork == 0) {
                libraries.put(v.variant.name(), Calibration.key(v.variant.library().name(),
                        v.ready == null ? null : v.ready.libraryVersion()));
            }
        }
        Calibration.Host here = Calibration.Host.of(Environment.capture(version, "", null, null, placement));
        VarianceModel model = Calibrations.model(settings.host().calibration(), libraries, here,
                settings.scenario());
        if (settings.forks() > 1) {
            progress.line("variance between JVMs and runs: " + model.source() + (model.assumed() == null ? ""
                    : "; assumed: " + model.assumed() + " ('cqlbench calibrate' measures this host)"));
        }
        return model;
    }

    /**
     * The JVMs to start before the rounds for the variants whose library's calibrated spread between JVMs asks for more
     * than the run was given ({@link VarianceModel#forks}), with a line for each.
     */
    private List<VariantRun> moreForks(RunSettings settings, List<VariantRun> variants, VarianceModel variance) {
        List<VariantRun> out = new ArrayList<>();
        for (dev.cqlbench.run.Variant v : settings.variants()) {
            List<VariantRun> forks = variants.stream().filter(u -> u.variant.equals(v)).toList();
            if (forks.isEmpty() || forks.stream().anyMatch(f -> !f.live())) {
                continue;
            }
            int wanted = variance.forks(v.name(), forks.size());
            if (wanted > forks.size()) {
                progress.line(String.format(java.util.Locale.ROOT, "%s: %d JVMs instead of %d: its JVMs sat %.1f %% "
                        + "apart in time in the calibration", v.name(), wanted, forks.size(),
                        variance.of(dev.cqlbench.result.Measure.TIME).jvm().get(v.name()).sd() * 100));
                out.addAll(VariantRun.more(forks, wanted));
            }
        }
        return out;
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

    private Rounds runCycles(List<VariantRun> variants, RunSettings settings, ResourceSampler sampler,
                           EmbeddedTarget embedded, List<RunEvent> events, NodeWatch.Phase phase,
                           Placement placement, boolean pause, VarianceModel variance,
                           java.util.function.Consumer<List<VariantRun>> starting) {
        int cap = settings.plan().cycles();
        int least = Defaults.settlingRounds(cap);
        Settling settling = new Settling(variants.size(), least);
        long roundsStart = System.nanoTime();
        RoundRule rule = new RoundRule(settings, roundsStart, variance);
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
                        moreJvms(rule.takeJvmsApart(), variants, starting, warm -> rule.morePay(measured, warm));
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
                    CycleMeasurements done = CycleMeasurements.NONE;
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
                        if (measuring && variant.settled) {
                            variant.measured(cycleEvents.withServerCpu(done), order.indexOf(variant), cycleEvents);
                        } else if (measuring) {
                            variant.settling(quiet(done)); // a JVM added mid-run, still settling
                        } else {
                            quiet[variants.indexOf(variant)] = quiet(done);
                        }
                    } catch (WorkerException e) {
                        variant.fail(e, progress, variants);
                    } finally {
                        runProgress.end(variant.name());
                        variant.account(sampler, start, measuring && variant.settled);
                        if (connectionsBefore != null && variant.live()) {
                            variant.connections = ConnectionAudit.add(variant.connections, connectionsBefore,
                                    variant.connectionAudit.read(variant.worker.pid()),
                                    done.timedCount());
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

    /**
     * More JVMs for the variants whose JVMs the first look found further apart than their calibration says: twice as
     * many, at most {@link Defaults#MOST_FORKS}, started while no round runs, each measured once it has settled; the
     * variant's questions then rest on the rounds every JVM of it has, their looks' errors added as a union.
     */
    private void moreJvms(List<String> apart, List<VariantRun> variants,
                          java.util.function.Consumer<List<VariantRun>> start,
                          java.util.function.DoublePredicate pays) {
        List<VariantRun> more = new ArrayList<>();
        for (String name : apart) {
            List<VariantRun> forks = variants.stream().filter(v -> v.variant.name().equals(name)).toList();
            int wanted = Math.min(Defaults.MOST_FORKS, 2 * forks.size());
            if (forks.isEmpty() || forks.stream().anyMatch(f -> !f.live()) || wanted <= forks.size()) {
                continue;
            }
            double warm = forks.stream().filter(f -> f.ready != null).mapToLong(f -> f.ready.warmupNanos()).max()
                    .orElse(0) / 1e9;
            if (!pays.test(warm)) {
                progress.line(String.format(java.util.Locale.ROOT, "%s: its JVMs sit further apart than its "
                        + "calibration says at the first look; more JVMs (%.0f s to warm) would leave it fewer rounds "
                        + "than it has: its intervals carry its own JVMs' spread", name, warm));
                continue;
            }
            List<VariantRun> added = VariantRun.more(forks, wanted);
            added.forEach(v -> v.settled = false);
            progress.line(String.format(java.util.Locale.ROOT, "%s: its JVMs sit further apart than its calibration "
                    + "says at the first look: %d more, measured once they have settled", name, added.size()));
            more.addAll(added);
        }
        if (!more.isEmpty() && !lifecycle.stopRequested()) {
            variants.addAll(more);
            start.accept(more);
        }
    }

    /** Whether a JVM's round was quiet: its JIT compiler spent at most a small share of its blocks' time. */
    private static boolean quiet(CycleMeasurements done) {
        long jit = 0;
        long nanos = 0;
        for (Block b : done.blocks()) {
            jit += b.jitMillis() == null ? 0 : b.jitMillis();
            nanos += b.totalNanos();
        }
        return Settling.quiet(jit, nanos / 1e6);
    }

    /** Every server process the variants use, once each. */
    private static List<Long> serverPids(List<VariantRun> variants) {
        return variants.stream().flatMap(v -> v.serverPids.stream()).distinct().toList();
    }
}
