package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.SqlTarget;
import dev.cqlbench.app.cluster.Targets;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.worker.WorkerEvent;
import dev.cqlbench.worker.WorkerRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs a scenario: target up, schema, one worker JVM per variant (set up and warmed first), then per cycle
 * every live variant in a seeded-random order, CPU and memory of the worker and the servers (every embedded
 * node) read around each variant's cycle, and the servers' CPU also around each timed section a worker marks.
 * Returns the result; prints nothing but progress lines. A failing worker ends only its own variant; a stop
 * request ends the run with what was measured.
 */
public final class ScenarioOrchestrator {

    private static final Duration SETUP_TIMEOUT = Duration.ofMinutes(10);

    private final Layout layout;
    private final Lifecycle lifecycle;
    private final Progress progress;
    private final String version;

    public ScenarioOrchestrator(Layout layout, Lifecycle lifecycle, Progress progress, String version) {
        this.layout = layout;
        this.lifecycle = lifecycle;
        this.progress = progress;
        this.version = version;
    }

    /** Per-variant state while the run goes on. */
    private static final class Variant {
        final BindingModule module;
        WorkerProcess worker;
        WorkerEvent.Ready ready;
        final List<OperationCycle> cycles = new ArrayList<>();
        String failure;
        String failureKind;
        List<Long> serverPids = List.of();
        long clientCpuMillis;
        long clientPeakRss;
        final Map<Long, long[]> serverUsage = new LinkedHashMap<>(); // pid → {cpu ms, peak rss}

        Variant(BindingModule module) {
            this.module = module;
        }

        boolean live() {
            return failure == null && worker != null;
        }
    }

    public RunResult run(RunSettings settings, Path logDir) {
        String startedAt = Instant.now().toString();
        List<Variant> variants = settings.variants().stream().map(Variant::new).toList();
        String cassandraVersion = null;
        Long serverPid = null;
        String targetKind = "none";
        Map<String, Object> configuration = new LinkedHashMap<>(settings.describe());
        List<dev.cqlbench.result.RunEvent> events = java.util.Collections.synchronizedList(new ArrayList<>());
        boolean several = settings.variantTargets() != null;
        try (MultiTarget multi = several && settings.needsCassandra()
                ? MultiTarget.open(settings, progress, lifecycle::stopRequested) : null;
             ClusterTarget target = !several && settings.needsCassandra()
                ? Targets.open(settings.target(), progress, lifecycle::stopRequested,
                        settings.scaleOut() == null ? 0 : settings.scaleOut().streamThroughputMib()) : null;
             SqlTarget sql = settings.needsSql() && !lifecycle.stopRequested()
                     ? SqlTarget.open(settings.sql(), settings.target().requestTimeoutMillis(), progress,
                             settings.plan().keyspace(), settings.target().dropExisting()) : null;
             ResourceSampler sampler = new ResourceSampler()) {
            if (multi != null) {
                targetKind = "several";
                cassandraVersion = String.join(", ", new java.util.LinkedHashSet<>(multi.versions().values()));
                configuration.put("targetsOpened", multi.describe());
            }
            if (target != null) {
                targetKind = target.kind();
                serverPid = target.serverPids().isEmpty() ? null : target.serverPids().get(0);
                configuration.putAll(target.describe());
                try (ClusterAdmin admin = ClusterAdmin.connect(target)) {
                    cassandraVersion = admin.releaseVersion();
                    progress.line("Cassandra " + cassandraVersion + ", " + Schemas.prepare(admin, target, settings));
                }
            }
            try {
                for (Variant variant : variants) {
                    if (!lifecycle.stopRequested()) {
                        boolean usesSql = variant.module.sql();
                        ClusterTarget own = multi != null ? multi.forVariant(variant.module.variant()) : target;
                        if (!usesSql && own == null) {
                            continue; // stopped before its target opened
                        }
                        variant.serverPids = usesSql ? (sql.serverPid() == null ? List.of() : List.of(sql.serverPid()))
                                : own.serverPids();
                        startWorker(variant, settings, usesSql ? sql.connection() : own.connection(), logDir);
                    }
                }
                NodeWatch.Phase phase = new NodeWatch.Phase();
                try (NodeWatch watch = target == null || target.serverPids().isEmpty() ? null
                        : new NodeWatch(target::serverPids, phase, events, progress, lifecycle)) {
                    runCycles(variants, settings, sampler,
                            target instanceof dev.cqlbench.app.cluster.EmbeddedTarget embedded ? embedded : null,
                            events, phase);
                }
            } finally {
                for (Variant variant : variants) {
                    if (variant.worker != null) {
                        variant.worker.close();
                    }
                }
            }
        }
        List<VariantResult> results = variants.stream().map(v -> toResult(v, settings)).toList();
        boolean partial = lifecycle.stopRequested() || results.stream().anyMatch(r -> r.failure() != null);
        String stopReason = lifecycle.stopRequested() ? lifecycle.stopReason()
                : results.stream().filter(r -> r.failure() != null).map(r -> r.variant() + ": " + r.failure())
                        .findFirst().orElse(null);
        return new RunResult(RunResult.FORMAT, RunResult.FORMAT_VERSION, settings.scenario(), startedAt,
                Instant.now().toString(), partial, stopReason, configuration,
                Environment.capture(version, targetKind, cassandraVersion, serverPid), results, List.copyOf(events),
                settings.plan().charts());
    }

    private void startWorker(Variant variant, RunSettings settings, BindingConfig connection, Path logDir) {
        String name = variant.module.variant();
        try {
            variant.worker = WorkerProcess.start(layout, variant.module, settings.workerJvmArgs(),
                    logDir.resolve("worker-" + name + ".log"));
            variant.ready = variant.worker.setup(new WorkerRequest.Setup(name, connection, settings.plan()),
                    SETUP_TIMEOUT, lifecycle::stopRequested);
            progress.line(String.format("%s: worker pid %d, %s %s, warmed up in %.1f s", name, variant.worker.pid(),
                    variant.ready.library().library(), variant.ready.library().version(),
                    variant.ready.warmupNanos() / 1e9));
        } catch (WorkerException e) {
            fail(variant, e);
        }
    }

    private void runCycles(List<Variant> variants, RunSettings settings, ResourceSampler sampler,
                           dev.cqlbench.app.cluster.EmbeddedTarget embedded, List<dev.cqlbench.result.RunEvent> events,
                           NodeWatch.Phase phase) {
        int cycles = settings.plan().cycles();
        int repetitions = settings.plan().repetitions();
        // progress: a unit is one variant's cycle; within it, repetitions reported so far against those its previous
        // cycle reported (the plan's count before that)
        double units = Math.max(1, variants.stream().filter(Variant::live).count() * (double) cycles);
        int[] unitsDone = {0};
        long[] operationsDone = {0};
        Map<String, Integer> reportsPerCycle = new java.util.HashMap<>();
        int plannedReports = Math.max(1, settings.plan().operationLabels().size() * repetitions);
        try {
            runCycles(variants, settings, sampler, embedded, events, phase, cycles, repetitions, units, unitsDone,
                    operationsDone, reportsPerCycle, plannedReports);
        } finally {
            progress.finish();
        }
    }

    private void runCycles(List<Variant> variants, RunSettings settings, ResourceSampler sampler,
                           dev.cqlbench.app.cluster.EmbeddedTarget embedded, List<dev.cqlbench.result.RunEvent> events,
                           NodeWatch.Phase phase, int cycles, int repetitions, double units, int[] unitsDone,
                           long[] operationsDone,
                           Map<String, Integer> reportsPerCycle, int plannedReports) {
        for (int cycle = 0; cycle < cycles && !lifecycle.stopRequested(); cycle++) {
            List<Variant> order = new ArrayList<>(variants);
            Collections.shuffle(order, new Random(settings.plan().seed() + cycle));
            for (Variant variant : order) {
                if (!variant.live() || lifecycle.stopRequested()) {
                    continue;
                }
                int shown = cycle + 1;
                Map<String, long[]> perOperation = new LinkedHashMap<>();
                Map<String, Long> serverCpuMillis = new LinkedHashMap<>();
                long[] sectionStart = {-1};
                List<Long> serverPids = variant.serverPids;
                long[] pids = new long[serverPids.size() + 1];
                pids[0] = variant.worker.pid();
                for (int i = 0; i < serverPids.size(); i++) {
                    pids[i + 1] = serverPids.get(i);
                }
                Map<Long, ResourceSampler.Reading> start = sampler.begin(pids);
                List<Thread> scaling = new ArrayList<>();
                int[] reports = {0};
                int expected = reportsPerCycle.getOrDefault(variant.module.variant(), plannedReports);
                phase.begin(variant.module.variant(), null);
                try {
                    List<OperationCycle> done = variant.worker.runCycle(cycle, settings.workerTimeout(),
                            lifecycle::stopRequested, event -> {
                                if (event instanceof WorkerEvent.Section section) {
                                    if (section.begin()) {
                                        phase.begin(variant.module.variant(), section.operation());
                                    }
                                    if (section.begin() && settings.scaleOut() != null && embedded != null
                                            && !section.operation().endsWith("@load")) {
                                        Thread t = new Thread(new ScaleOutDriver(embedded.cluster(),
                                                settings.scaleOut(), variant.module.variant(), section.operation(),
                                                System.nanoTime(), events, progress, lifecycle::stopRequested),
                                                "cqlbench-scale-out");
                                        t.setDaemon(true);
                                        t.start();
                                        scaling.add(t);
                                    }
                                    if (serverPids.isEmpty()) {
                                        return;
                                    }
                                    long now = sampler.cpuMillis(serverPids);
                                    if (section.begin()) {
                                        sectionStart[0] = now;
                                    } else if (sectionStart[0] >= 0) {
                                        serverCpuMillis.merge(section.operation(), now - sectionStart[0], Long::sum);
                                        sectionStart[0] = -1;
                                    }
                                    return;
                                }
                                WorkerEvent.Progress p = (WorkerEvent.Progress) event;
                                phase.operation(p.operation());
                                long[] sums = perOperation.computeIfAbsent(p.operation(), k -> new long[3]);
                                sums[0] += p.count();
                                sums[1] += p.errors();
                                sums[2] += p.totalNanos();
                                reports[0]++;
                                operationsDone[0] += p.count();
                                progress.tick(new Progress.Tick(String.format("cycle %d/%d, %s %s", shown, cycles,
                                        variant.module.variant(), p.operation()),
                                        (unitsDone[0] + Math.min(1.0, reports[0] / (double) expected)) / units,
                                        operationsDone[0], p.totalNanos() > 0 ? p.count() / (p.totalNanos() / 1e9) : 0));
                                if (p.repetition() == repetitions - 1) {
                                    progress.line(String.format("cycle %d/%d: %s %-6s %d ops in %.2f s, %d errors",
                                            shown, cycles, variant.module.variant(), p.operation(), sums[0],
                                            sums[2] / 1e9, sums[1]));
                                }
                            });
                    for (OperationCycle c : done) {
                        Long millis = serverCpuMillis.get(c.operation());
                        variant.cycles.add(millis == null ? c : c.withServerCpuNanos(millis * 1_000_000L));
                    }
                } catch (WorkerException e) {
                    fail(variant, e);
                } finally {
                    unitsDone[0]++;
                    reportsPerCycle.put(variant.module.variant(), Math.max(1, reports[0]));
                    account(variant, sampler, start, serverPids);
                    for (Thread t : scaling) {
                        // a join or decommission still going on finishes (or is stopped) before the next variant
                        try {
                            t.join();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
            }
        }
    }

    private static void account(Variant variant, ResourceSampler sampler, Map<Long, ResourceSampler.Reading> start,
                                List<Long> serverPids) {
        ResourceSampler.Reading client = start.get(variant.worker.pid());
        if (client != null) {
            ResourceSampler.Reading used = sampler.end(client);
            variant.clientCpuMillis += used.cpuMillis();
            variant.clientPeakRss = Math.max(variant.clientPeakRss, used.rssBytes());
        }
        for (Long pid : serverPids) {
            ResourceSampler.Reading server = start.get(pid);
            if (server != null) {
                ResourceSampler.Reading used = sampler.end(server);
                long[] usage = variant.serverUsage.computeIfAbsent(pid, k -> new long[2]);
                usage[0] += used.cpuMillis();
                usage[1] = Math.max(usage[1], used.rssBytes());
            }
        }
    }

    private void fail(Variant variant, WorkerException e) {
        variant.failure = e.getMessage();
        variant.failureKind = e.kind();
        progress.line(variant.module.variant() + " failed: " + e.getMessage());
        if (variant.worker != null) {
            variant.worker.close();
        }
    }

    private static VariantResult toResult(Variant variant, RunSettings settings) {
        List<OperationResult> operations = new ArrayList<>();
        for (String label : settings.plan().operationLabels()) {
            List<OperationCycle> cycles = variant.cycles.stream().filter(c -> c.operation().equals(label)).toList();
            if (!cycles.isEmpty()) {
                operations.add(OperationResult.aggregate(label, settings.plan().operationsPerRepetition(label), cycles,
                        settings.confidenceLevel()));
            }
        }
        long measured = operations.stream().mapToLong(OperationResult::count).sum();
        WorkerEvent.Ready ready = variant.ready;
        ProcessUsage client = variant.worker == null || variant.cycles.isEmpty() ? null
                : ResourceSampler.usage(variant.worker.pid(), variant.clientCpuMillis, variant.clientPeakRss, measured);
        ProcessUsage server = variant.serverUsage.isEmpty() || variant.cycles.isEmpty() ? null
                : ProcessUsage.sum(variant.serverUsage.entrySet().stream()
                        .map(e -> ResourceSampler.usage(e.getKey(), e.getValue()[0], e.getValue()[1], measured))
                        .toList());
        return new VariantResult(variant.module.variant(),
                ready == null ? variant.module.module() : ready.library().library(),
                ready == null ? variant.module.description() : ready.library().description(),
                ready == null ? null : ready.library().version(),
                settings.plan().modeLabel(), settings.plan().concurrency(),
                ready == null ? null : ready.jvm(),
                ready == null ? 0 : ready.warmupNanos(),
                ready == null ? Map.of() : ready.audit(),
                operations, variant.failure, client, server, variant.module.baseline(), variant.failureKind);
    }
}
