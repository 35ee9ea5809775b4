package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClientConnections;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.worker.WorkerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One JVM of a variant (one of its forks) while the run goes on: its worker, what its cycles measured, its resource
 * usage, its failure. A variant's result is made of all its forks ({@link #result}).
 */
final class VariantRun {

    final Variant variant;
    /** Which of the variant's JVMs this is, from 0. */
    final int fork;
    /** How many JVMs the variant runs in (more once its calibrated spread asks for them, {@link #more}). */
    int forks;
    /**
     * Whether its rounds are measured: a JVM added mid-run settles first, its rounds left out until its JIT compiler
     * has been quiet for {@link dev.cqlbench.analysis.Settling#QUIET_ROUNDS} rounds in a row.
     */
    boolean settled = true;
    private int quietInARow;
    volatile WorkerProcess worker;
    WorkerEvent.Ready ready;
    /** Its measured blocks, each with the servers' CPU where it was read and its place in its round. */
    private final List<Block> blocks = new ArrayList<>();
    /** Its measured cycles' distributions, one per operation and kind. */
    private final List<OperationDistribution> distributions = new ArrayList<>();
    volatile String failure;
    String failureKind;
    List<Long> serverPids = List.of();
    /** Reads its worker's connections around audited rounds; null for a relational database or none opened. */
    ConnectionAudit connectionAudit;
    /** What the live metrics hear of its worker (counted when unwatched too); null until its worker starts. */
    dev.cqlbench.app.live.LiveMetrics.Watch watch;
    /** Its worker's connections in the audited rounds so far; null before the first. */
    ClientConnections connections;
    private long clientCpuMillis;
    private long clientPeakRss;
    /** pid → {cpu ms, peak rss} */
    private final Map<Long, long[]> serverUsage = new LinkedHashMap<>();

    VariantRun(Variant variant, int fork, int forks) {
        this.variant = variant;
        this.fork = fork;
        this.forks = forks;
    }

    /** Every variant's forks, in the variants' order. */
    static List<VariantRun> of(List<Variant> variants, int forks) {
        List<VariantRun> out = new ArrayList<>();
        for (Variant v : variants) {
            for (int k = 0; k < forks; k++) {
                out.add(new VariantRun(v, k, forks));
            }
        }
        return out;
    }

    /**
     * The JVMs to add to {@code variant}'s {@code forks} so that it runs in {@code wanted}: numbered on from them, and
     * every JVM of the variant told how many it now has.
     */
    static List<VariantRun> more(List<VariantRun> forks, int wanted) {
        List<VariantRun> out = new ArrayList<>();
        forks.forEach(f -> f.forks = wanted);
        for (int k = forks.size(); k < wanted; k++) {
            out.add(new VariantRun(forks.get(0).variant, k, wanted));
        }
        return out;
    }

    /** A round of a JVM still settling mid-run ended, {@code quiet} or not: it settles after enough in a row. */
    void settling(boolean quiet) {
        quietInARow = quiet ? quietInARow + 1 : 0;
        settled |= quietInARow >= dev.cqlbench.analysis.Settling.QUIET_ROUNDS;
    }

    /** The variant's name, with the fork when it has several: "driver4", "driver4/2". */
    String name() {
        return variant.forkLabel(fork, forks);
    }

    /** Its worker's log file's name: "worker-driver4.log" for the first fork, "worker-driver4-fork2.log" after. */
    String logName() {
        return "worker-" + variant.forkFileName(fork) + ".log";
    }

    boolean live() {
        return failure == null && worker != null;
    }

    /** The worker failed: its variant ends here, every fork of it (so every round it ran has all its forks). */
    void fail(WorkerException e, Progress progress, List<VariantRun> all) {
        failure = e.getMessage();
        failureKind = e.kind();
        progress.line(name() + " failed: " + e.getMessage());
        close();
        for (VariantRun sibling : all) {
            if (sibling != this && sibling.variant.equals(variant) && sibling.failure == null) {
                sibling.failure = "fork " + (fork + 1) + " of " + variant.name() + " failed: " + e.getMessage();
                sibling.failureKind = e.kind();
                sibling.close();
            }
        }
    }

    void close() {
        if (worker != null) {
            worker.close();
        }
        if (watch != null) {
            watch.done();
        }
    }

    /** The pids measured around each of its cycles: its worker's first, then the servers'. */
    long[] pids() {
        long[] pids = new long[serverPids.size() + 1];
        pids[0] = worker.pid();
        for (int i = 0; i < serverPids.size(); i++) {
            pids[i + 1] = serverPids.get(i);
        }
        return pids;
    }

    /** Closes one cycle's window on its worker and servers, and adds their CPU and peak memory if it is measured. */
    void account(ResourceSampler sampler, Map<Long, ResourceSampler.Sample> start, boolean measured) {
        ResourceSampler.Sample client = start.get(worker.pid());
        if (client != null) {
            ResourceSampler.Sample used = sampler.end(client);
            if (!measured) {
                used = new ResourceSampler.Sample(used.pid(), 0, 0);
            }
            clientCpuMillis += used.cpuMillis();
            clientPeakRss = Math.max(clientPeakRss, used.rssBytes());
        }
        for (Long pid : serverPids) {
            ResourceSampler.Sample server = start.get(pid);
            if (server != null) {
                ResourceSampler.Sample used = sampler.end(server);
                if (!measured) {
                    continue;
                }
                long[] usage = serverUsage.computeIfAbsent(pid, k -> new long[2]);
                usage[0] += used.cpuMillis();
                usage[1] = Math.max(usage[1], used.rssBytes());
            }
        }
    }

    /** One cycle of its worker: resumed for it and, with {@code pause}, stopped again after (unless the run stops). */
    CycleMeasurements cycle(int cycle, boolean audited, Duration inactivity, BooleanSupplier stop, boolean pause,
                            Consumer<WorkerEvent> listener) throws WorkerException {
        worker.resume();
        CycleMeasurements done = worker.runCycle(cycle, audited, Defaults.readsEveryRow(cycle), inactivity, stop,
                listener);
        if (pause && !stop.getAsBoolean()) {
            worker.pause();
        }
        return done;
    }

    /** A round begins for it, measured or settling: the live metrics hear it. */
    void roundBegins(int cycle, boolean measuring) {
        watch.round(cycle, measuring);
    }

    /** Its worker's connections now, before an audited round; null where they are not audited. */
    ConnectionAudit.Seen connectionsNow() {
        return connectionAudit == null ? null : connectionAudit.read(worker.pid());
    }

    /** An audited round ended: its connections since {@code before} join those of its earlier audited rounds. */
    void connectionsSince(ConnectionAudit.Seen before, long timedOperations) {
        if (before != null && live()) {
            connections = ConnectionAudit.add(connections, before, connectionAudit.read(worker.pid()),
                    timedOperations);
        }
    }

    /** One measured cycle's blocks (stamped with this fork, their turn and place in the round) and distributions. */
    void measured(List<Block> stamped, List<OperationDistribution> measuredDistributions) {
        blocks.addAll(stamped);
        distributions.addAll(measuredDistributions);
    }

    /** Its measured blocks, each with the servers' CPU where it was read and its place in its round. */
    List<Block> blocks() {
        return java.util.Collections.unmodifiableList(blocks);
    }

    /**
     * What the result records of a variant from its forks: their distributions aggregated per operation (its blocks
     * are the result's), in the plan's order; their CPU added, their peak memory the largest; its failure, if a fork
     * failed.
     */
    static VariantResult result(RunSettings settings, List<VariantRun> forks) {
        VariantRun first = forks.get(0);
        List<OperationDistribution> all = forks.stream().flatMap(f -> f.distributions.stream()).toList();
        List<OperationResult> operations = new ArrayList<>();
        for (String label : settings.plan().operationLabels()) {
            List<OperationDistribution> of = all.stream().filter(d -> d.operation().equals(label)).toList();
            if (!of.isEmpty()) {
                operations.add(OperationResult.aggregate(label, settings.plan().operationsPerRepetition(label), of));
            }
        }
        long measured = operations.stream().mapToLong(OperationResult::count).sum();
        List<ProcessUsage> clients = new ArrayList<>();
        Map<Long, long[]> servers = new LinkedHashMap<>();
        for (VariantRun f : forks) {
            if (f.worker != null && !f.distributions.isEmpty()) {
                clients.add(ResourceSampler.usage(f.worker.pid(), f.clientCpuMillis, f.clientPeakRss, measured));
            }
            f.serverUsage.forEach((pid, u) -> {
                long[] sum = servers.computeIfAbsent(pid, k -> new long[2]);
                sum[0] += u[0];
                sum[1] = Math.max(sum[1], u[1]);
            });
        }
        ProcessUsage client = clients.isEmpty() ? null : clients.size() == 1 ? clients.get(0)
                : new ProcessUsage(clients.get(0).pid(), clients.stream().mapToDouble(ProcessUsage::cpuSeconds).sum(),
                        clients.stream().mapToLong(ProcessUsage::peakRssBytes).max().orElse(0),
                        clients.stream().mapToDouble(ProcessUsage::cpuUsPerOp).sum(), clients);
        ProcessUsage server = servers.isEmpty() || all.isEmpty() ? null
                : ProcessUsage.sum(servers.entrySet().stream()
                        .map(e -> ResourceSampler.usage(e.getKey(), e.getValue()[0], e.getValue()[1], measured))
                        .toList());
        VariantRun started = forks.stream().filter(f -> f.ready != null).findFirst().orElse(first);
        VariantRun failed = forks.stream().filter(f -> f.failure != null).findFirst().orElse(null);
        ClientConnections connections = null;
        for (VariantRun f : forks) {
            connections = connections == null ? f.connections : f.connections == null ? connections
                    : connections.and(f.connections);
        }
        WorkerEvent.Ready ready = started.ready;
        long warmup = forks.stream().filter(f -> f.ready != null).mapToLong(f -> f.ready.warmupNanos()).max()
                .orElse(0);
        return new VariantResult(first.variant.name(), new VariantResult.LibraryFacts(first.variant.library().name(),
                first.variant.description(), ready != null ? ready.libraryVersion() : null,
                first.variant.library().baseline()), settings.plan().modeLabel(), settings.plan().concurrency(),
                new VariantResult.Usage(ready != null ? ready.jvm() : null, warmup, client, server),
                new VariantResult.Audited(ready != null ? ready.audit() : Map.of(), connections), operations,
                new VariantResult.Failure(failed == null ? null : failed.failure,
                failed == null ? null : failed.failureKind));
    }
}
