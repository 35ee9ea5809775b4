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
 * full histograms, counts, per-second points). Its blocks are the result's {@link RunResult#blocks()}; every figure
 * per block, and every estimate, is derived from them.
 *
 * @param clientCpuUsPerOp    CPU of the worker JVMs (all their threads) per operation over whole cycles, µs (the
 *                            untimed read-backs included); null if unknown
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

    /** The cycles of one operation (of every fork of a variant) added up, one after another. */
    public static OperationResult aggregate(String operation, int operationsPerRepetition,
                                            List<OperationCycle> cycles) {
        Sum sum = new Sum(false);
        cycles.stream().sorted(Comparator.comparingInt(OperationCycle::cycle)).forEach(c -> sum.add(c.count(),
                c.errors(), c.errorsByKind(), c.histogram(), c.serviceHistogram(), c.clientCpuNanos(),
                c.serverCpuNanos(), c.stateDigest() == null ? List.of() : List.of(c.stateDigest()), c.counts(),
                c.timeline()));
        return sum.result(operation, operationsPerRepetition);
    }

    /** The same operation of clients that ran together ({@code --client i/N}), added up. */
    public static OperationResult together(List<OperationResult> clients, int operationsPerRepetition) {
        Sum sum = new Sum(true);
        for (OperationResult op : clients) {
            sum.add(op.count(), op.errors(), op.errorsByKind(), op.histogram(), op.serviceHistogram(),
                    op.clientCpuUsPerOp() == null ? -1 : Math.round(op.clientCpuUsPerOp() * 1e3 * op.count()),
                    op.serverCpuUsPerOp() == null ? -1 : Math.round(op.serverCpuUsPerOp() * 1e3 * op.count()),
                    op.stateDigests(), op.counts(), op.timeline());
        }
        return sum.result(clients.get(0).operation(), operationsPerRepetition);
    }

    /**
     * The one rule by which measurements of an operation add up, for rounds and forks (one after another) and for
     * clients (together, at the same time): counts, errors by kind and what was counted besides added; histograms
     * added exactly, never percentiles averaged; the clients' CPU added (unknown if any part's is); the servers' CPU
     * added over time one after another, but read once for parts at the same time (the same servers over the same
     * seconds); the seconds of parts one after another listed in turn, of parts together added up by wall-clock
     * second ({@link TimelinePoint#together}).
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
        private boolean parts;

        Sum(boolean simultaneous) {
            this.simultaneous = simultaneous;
        }

        /** One part: CPU in ns, -1 where unknown. */
        void add(long partCount, long partErrors, Map<String, Long> byKind, String histogram, String serviceHistogram,
                 long partCpuNanos, long partServerNanos, java.util.Collection<String> stateDigests,
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
            cpuNanos = cpuNanos < 0 || partCpuNanos < 0 ? -1 : cpuNanos + partCpuNanos;
            if (simultaneous) {
                serverNanos = parts ? Math.max(serverNanos, partServerNanos) : partServerNanos;
            } else {
                serverNanos = parts && serverNanos < 0 || partServerNanos < 0 ? -1 : serverNanos + partServerNanos;
            }
            digests.addAll(stateDigests);
            seconds.add(timeline == null ? List.of() : timeline);
            parts = true;
        }

        OperationResult result(String operation, int operationsPerRepetition) {
            List<TimelinePoint> timeline = simultaneous ? TimelinePoint.together(seconds)
                    : seconds.stream().flatMap(List::stream).toList();
            return new OperationResult(operation, count, errors, errorsByKind, operationsPerRepetition,
                    LatencySummary.of(all), cpuNanos >= 0 && count > 0 ? cpuNanos / 1e3 / count : null,
                    HistogramCodec.encode(all), List.copyOf(simultaneous ? new java.util.TreeSet<>(digests) : digests),
                    counts, parts && serverNanos >= 0 && count > 0 ? serverNanos / 1e3 / count : null, timeline,
                    service == null ? null : LatencySummary.of(service),
                    service == null ? null : HistogramCodec.encode(service));
        }
    }
}
