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
 * every live variant in a seeded-random order, CPU and memory of the worker and the server read around each
 * variant's cycle. Returns the result; prints nothing but progress lines. A failing worker ends only its own
 * variant; a stop request ends the run with what was measured.
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
        Long serverPid;
        long clientCpuMillis;
        long clientPeakRss;
        long serverCpuMillis;
        long serverPeakRss;

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
        try (ClusterTarget target = settings.needsCassandra() ? Targets.open(settings.target(), progress) : null;
             SqlTarget sql = settings.needsSql() && !lifecycle.stopRequested()
                     ? SqlTarget.open(settings.sql(), settings.target().requestTimeoutMillis(), progress) : null;
             ResourceSampler sampler = new ResourceSampler()) {
            if (target != null) {
                targetKind = target.kind();
                serverPid = target.serverPid();
                try (ClusterAdmin admin = ClusterAdmin.connect(target)) {
                    cassandraVersion = admin.releaseVersion();
                    progress.line("Cassandra " + cassandraVersion + ", " + Schemas.prepare(admin, target, settings));
                }
            }
            try {
                for (Variant variant : variants) {
                    if (!lifecycle.stopRequested()) {
                        boolean usesSql = variant.module.sql();
                        variant.serverPid = usesSql ? sql.serverPid() : target.serverPid();
                        startWorker(variant, settings, usesSql ? sql.connection() : target.connection(), logDir);
                    }
                }
                runCycles(variants, settings, sampler);
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
                Instant.now().toString(), partial, stopReason, settings.describe(),
                Environment.capture(version, targetKind, cassandraVersion, serverPid), results);
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

    private void runCycles(List<Variant> variants, RunSettings settings, ResourceSampler sampler) {
        int cycles = settings.plan().cycles();
        int repetitions = settings.plan().repetitions();
        for (int cycle = 0; cycle < cycles && !lifecycle.stopRequested(); cycle++) {
            List<Variant> order = new ArrayList<>(variants);
            Collections.shuffle(order, new Random(settings.plan().seed() + cycle));
            for (Variant variant : order) {
                if (!variant.live() || lifecycle.stopRequested()) {
                    continue;
                }
                int shown = cycle + 1;
                Map<String, long[]> perOperation = new LinkedHashMap<>();
                Long serverPid = variant.serverPid;
                Map<Long, ResourceSampler.Reading> start = serverPid == null
                        ? sampler.begin(variant.worker.pid()) : sampler.begin(variant.worker.pid(), serverPid);
                try {
                    variant.cycles.addAll(variant.worker.runCycle(cycle, settings.workerTimeout(),
                            lifecycle::stopRequested, p -> {
                                long[] sums = perOperation.computeIfAbsent(p.operation(), k -> new long[3]);
                                sums[0] += p.count();
                                sums[1] += p.errors();
                                sums[2] += p.totalNanos();
                                if (p.repetition() == repetitions - 1) {
                                    progress.line(String.format("cycle %d/%d: %s %-6s %d ops in %.2f s, %d errors",
                                            shown, cycles, variant.module.variant(), p.operation(), sums[0],
                                            sums[2] / 1e9, sums[1]));
                                }
                            }));
                } catch (WorkerException e) {
                    fail(variant, e);
                } finally {
                    account(variant, sampler, start, serverPid);
                }
            }
        }
    }

    private static void account(Variant variant, ResourceSampler sampler, Map<Long, ResourceSampler.Reading> start,
                                Long serverPid) {
        ResourceSampler.Reading client = start.get(variant.worker.pid());
        if (client != null) {
            ResourceSampler.Reading used = sampler.end(client);
            variant.clientCpuMillis += used.cpuMillis();
            variant.clientPeakRss = Math.max(variant.clientPeakRss, used.rssBytes());
        }
        ResourceSampler.Reading server = serverPid == null ? null : start.get(serverPid);
        if (server != null) {
            ResourceSampler.Reading used = sampler.end(server);
            variant.serverCpuMillis += used.cpuMillis();
            variant.serverPeakRss = Math.max(variant.serverPeakRss, used.rssBytes());
        }
    }

    private void fail(Variant variant, WorkerException e) {
        variant.failure = e.getMessage();
        progress.line(variant.module.variant() + " failed: " + e.getMessage());
        if (variant.worker != null) {
            variant.worker.close();
        }
    }

    private static VariantResult toResult(Variant variant, RunSettings settings) {
        Long serverPid = variant.serverPid;
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
        ProcessUsage server = serverPid == null || variant.cycles.isEmpty() ? null
                : ResourceSampler.usage(serverPid, variant.serverCpuMillis, variant.serverPeakRss, measured);
        return new VariantResult(variant.module.variant(),
                ready == null ? variant.module.module() : ready.library().library(),
                ready == null ? variant.module.description() : ready.library().description(),
                ready == null ? null : ready.library().version(),
                settings.plan().modeLabel(), settings.plan().concurrency(),
                ready == null ? null : ready.jvm(),
                ready == null ? 0 : ready.warmupNanos(),
                ready == null ? Map.of() : ready.audit(),
                operations, variant.failure, client, server, variant.module.baseline());
    }
}
