package dev.cqlbench.result;

import dev.cqlbench.measure.HistogramCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One variant × operation type over all its forks, cycles and repetitions: what is not a per-block figure (counts,
 * full histograms, per-second points). Its blocks are the result's {@link RunResult#blocks()}; every figure
 * per block, and every estimate, is derived from them.
 *
 * @param clientCpuUsPerOp    CPU of the worker JVMs (all their threads) per operation during its timed blocks, µs;
 *                            null if unknown
 * @param histogram           all successful latencies, ns, HdrHistogram compressed base64
 * @param stateDigests        the distinct state digests its cycles reported (hatshop), empty otherwise
 * @param counts              what its cycles counted besides timings and errors, added up
 * @param serverCpuUsPerOp    CPU of the server processes per operation during the timed sections, µs; null
 *                            where not measured (external clusters, scenarios that do not mark sections)
 * @param timeline            every cycle's per-second points (mixes), empty otherwise
 * @param serviceLatency      open loop: service time percentiles (from the actual start); null in closed loop
 * @param serviceHistogram    open loop: all service times, ns, HdrHistogram compressed base64; else null
 */
public record OperationResult(
        String operation,
        long count,
        long errors,
        Map<String, Long> errorsByKind,
        int operationsPerRepetition,
        LatencySummary latency,
        Double clientCpuUsPerOp,
        String histogram,
        List<String> stateDigests,
        OperationCounts counts,
        Double serverCpuUsPerOp,
        List<TimelinePoint> timeline,
        LatencySummary serviceLatency,
        String serviceHistogram) {

    public OperationResult {
        errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
        stateDigests = stateDigests == null ? List.of() : List.copyOf(stateDigests);
        counts = counts == null ? OperationCounts.NONE : counts;
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /**
     * One operation of a variant (every fork, every cycle) added up, one part after another: its distributions, in
     * the order of their cycles, and its blocks' CPU.
     */
    public static OperationResult aggregate(String operation, int operationsPerRepetition, List<Block> blocks,
                                            List<OperationDistribution> distributions) {
        Sum sum = new Sum(false);
        distributions.stream().sorted(Comparator.comparingInt(OperationDistribution::cycle)).forEach(sum::add);
        blocks.forEach(sum::add);
        return sum.result(operation, operationsPerRepetition);
    }

    /** The same operation of clients that ran together ({@code --client i/N}), added up. */
    public static OperationResult together(List<OperationResult> clients, int operationsPerRepetition) {
        Sum sum = new Sum(true);
        clients.forEach(sum::add);
        return sum.result(clients.get(0).operation(), operationsPerRepetition);
    }

    /** The same operation of whole runs one after another (runs pooled, {@code RunPool}), added up. */
    public static OperationResult inTurn(List<OperationResult> runs, int operationsPerRepetition) {
        Sum sum = new Sum(false);
        runs.forEach(sum::add);
        return sum.result(runs.get(0).operation(), operationsPerRepetition);
    }

    /**
     * The one rule by which measurements of an operation add up, for rounds and forks (one after another) and for
     * clients (together, at the same time): counts, errors by kind and what was counted besides added; histograms
     * added exactly, never percentiles averaged; the clients' CPU added (unknown if any part's is); the servers' CPU
     * added over time one after another, but read once for parts at the same time (the same servers over the same
     * seconds); the seconds of parts one after another listed in turn, of parts together added up by wall-clock
     * second ({@link TimelinePoint#together}). One after another, the parts are a cycle's distributions and its
     * blocks, whose CPU each was read around; together, they are each client's result.
     */
    static final class Sum {
        private final boolean simultaneous;
        private final Histogram all = new Histogram(3);
        private Histogram service;
        private final Map<String, Long> errorsByKind = new TreeMap<>();
        private OperationCounts counts = OperationCounts.NONE;
        private final java.util.Set<String> digests = new java.util.LinkedHashSet<>();
        private final List<List<TimelinePoint>> seconds = new ArrayList<>();
        private long count;
        private long errors;
        private long cpuNanos;
        private long serverNanos;
        /** Whether any part's CPU was added: without one, it is unknown. */
        private boolean cpuRead;

        Sum(boolean simultaneous) {
            this.simultaneous = simultaneous;
        }

        /** A cycle's distribution. */
        void add(OperationDistribution part) {
            distribution(part.count(), part.errors(), part.errorsByKind(), part.histogram(), part.serviceHistogram(),
                    part.stateDigest() == null ? List.of() : List.of(part.stateDigest()), part.counts(),
                    part.timeline());
        }

        /** A block's CPU. */
        void add(Block part) {
            cpu(part.clientCpuNanos() == null ? -1 : part.clientCpuNanos(),
                    part.serverCpuNanos() == null ? -1 : part.serverCpuNanos());
        }

        /** A client's result: its distribution and its CPU in all. */
        void add(OperationResult client) {
            distribution(client.count(), client.errors(), client.errorsByKind(), client.histogram(),
                    client.serviceHistogram(), client.stateDigests(), client.counts(), client.timeline());
            cpu(client.clientCpuUsPerOp() == null ? -1 : Math.round(client.clientCpuUsPerOp() * 1e3 * client.count()),
                    client.serverCpuUsPerOp() == null ? -1
                            : Math.round(client.serverCpuUsPerOp() * 1e3 * client.count()));
        }

        private void distribution(long partCount, long partErrors, Map<String, Long> byKind, String histogram,
                                  String serviceHistogram, java.util.Collection<String> stateDigests,
                                  OperationCounts partCounts, List<TimelinePoint> timeline) {
            all.add(HistogramCodec.decode(histogram));
            if (serviceHistogram != null) {
                service = service == null ? new Histogram(3) : service;
                service.add(HistogramCodec.decode(serviceHistogram));
            }
            byKind.forEach((kind, n) -> errorsByKind.merge(kind, n, Long::sum));
            counts = counts.plus(partCounts);
            count += partCount;
            errors += partErrors;
            digests.addAll(stateDigests);
            seconds.add(timeline == null ? List.of() : timeline);
        }

        /** One part's CPU, ns, -1 where unknown. */
        private void cpu(long partCpuNanos, long partServerNanos) {
            cpuNanos = cpuNanos < 0 || partCpuNanos < 0 ? -1 : cpuNanos + partCpuNanos;
            if (simultaneous) {
                serverNanos = cpuRead ? Math.max(serverNanos, partServerNanos) : partServerNanos;
            } else {
                serverNanos = serverNanos < 0 || partServerNanos < 0 ? -1 : serverNanos + partServerNanos;
            }
            cpuRead = true;
        }

        OperationResult result(String operation, int operationsPerRepetition) {
            List<TimelinePoint> timeline = simultaneous ? TimelinePoint.together(seconds)
                    : seconds.stream().flatMap(List::stream).toList();
            return new OperationResult(operation, count, errors, errorsByKind, operationsPerRepetition,
                    LatencySummary.of(all), cpuRead && cpuNanos >= 0 && count > 0 ? cpuNanos / 1e3 / count : null,
                    HistogramCodec.encode(all), List.copyOf(simultaneous ? new java.util.TreeSet<>(digests) : digests),
                    counts, cpuRead && serverNanos >= 0 && count > 0 ? serverNanos / 1e3 / count : null, timeline,
                    service == null ? null : LatencySummary.of(service),
                    service == null ? null : HistogramCodec.encode(service));
        }
    }
}
