package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Progress;
import dev.cqlbench.result.ClientConnections;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.worker.WorkerEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One variant while the run goes on: its worker, what its cycles measured, its resource usage, its failure. */
final class VariantRun {

    final Variant variant;
    WorkerProcess worker;
    WorkerEvent.Ready ready;
    final List<OperationCycle> cycles = new ArrayList<>();
    String failure;
    String failureKind;
    List<Long> serverPids = List.of();
    /** Reads its worker's connections around audited rounds; null for a relational database or none opened. */
    ConnectionAudit connectionAudit;
    /** Its worker's connections in the audited rounds so far; null before the first. */
    ClientConnections connections;
    private long clientCpuMillis;
    private long clientPeakRss;
    /** pid → {cpu ms, peak rss} */
    private final Map<Long, long[]> serverUsage = new LinkedHashMap<>();

    VariantRun(Variant variant) {
        this.variant = variant;
    }

    String name() {
        return variant.name();
    }

    boolean live() {
        return failure == null && worker != null;
    }

    /** The worker failed: its variant ends here, the others run on. */
    void fail(WorkerException e, Progress progress) {
        failure = e.getMessage();
        failureKind = e.kind();
        progress.line(name() + " failed: " + e.getMessage());
        if (worker != null) {
            worker.close();
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
    void account(ResourceSampler sampler, Map<Long, ResourceSampler.Reading> start, boolean measured) {
        ResourceSampler.Reading client = start.get(worker.pid());
        if (client != null) {
            ResourceSampler.Reading used = sampler.end(client);
            if (!measured) {
                used = new ResourceSampler.Reading(used.pid(), 0, 0);
            }
            clientCpuMillis += used.cpuMillis();
            clientPeakRss = Math.max(clientPeakRss, used.rssBytes());
        }
        for (Long pid : serverPids) {
            ResourceSampler.Reading server = start.get(pid);
            if (server != null) {
                ResourceSampler.Reading used = sampler.end(server);
                if (!measured) {
                    continue;
                }
                long[] usage = serverUsage.computeIfAbsent(pid, k -> new long[2]);
                usage[0] += used.cpuMillis();
                usage[1] = Math.max(usage[1], used.rssBytes());
            }
        }
    }

    /** What the result records of it: its cycles aggregated per operation, in the plan's order. */
    VariantResult result(RunSettings settings) {
        List<OperationResult> operations = new ArrayList<>();
        for (String label : settings.plan().operationLabels()) {
            List<OperationCycle> of = cycles.stream().filter(c -> c.operation().equals(label)).toList();
            if (!of.isEmpty()) {
                operations.add(OperationResult.aggregate(label, settings.plan().operationsPerRepetition(label), of,
                        settings.confidenceLevel()));
            }
        }
        long measured = operations.stream().mapToLong(OperationResult::count).sum();
        ProcessUsage client = worker == null || cycles.isEmpty() ? null
                : ResourceSampler.usage(worker.pid(), clientCpuMillis, clientPeakRss, measured);
        ProcessUsage server = serverUsage.isEmpty() || cycles.isEmpty() ? null
                : ProcessUsage.sum(serverUsage.entrySet().stream()
                        .map(e -> ResourceSampler.usage(e.getKey(), e.getValue()[0], e.getValue()[1], measured))
                        .toList());
        boolean started = ready != null;
        return new VariantResult(name(), variant.library().name(), variant.description(),
                started ? ready.libraryVersion() : null, settings.plan().modeLabel(), settings.plan().concurrency(),
                started ? ready.jvm() : null, started ? ready.warmupNanos() : 0, started ? ready.audit() : Map.of(),
                operations, failure, client, server, variant.library().baseline(), failureKind, connections, null);
    }
}
