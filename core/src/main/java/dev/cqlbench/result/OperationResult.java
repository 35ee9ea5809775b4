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
 * full histograms, notes, per-second points). Its blocks are the result's {@link RunResult#blocks()}; every figure
 * per block, and every estimate, is derived from them.
 *
 * @param clientCpuUsPerOp    CPU of the worker JVMs (all their threads) per operation over whole cycles, µs (the
 *                            untimed read-backs included); null if unknown
 * @param histogram           all successful latencies, ns, HdrHistogram compressed base64
 * @param stateDigests        the distinct state digests its cycles reported (hatshop), empty otherwise
 * @param notes               its cycles' notes (counted occurrences that are not errors), summed by kind
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
        Map<String, Long> notes,
        Double serverCpuUsPerOp,
        List<TimelinePoint> timeline,
        LatencySummary serviceLatency,
        String serviceHistogram) {

    public OperationResult {
        errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
        stateDigests = stateDigests == null ? List.of() : List.copyOf(stateDigests);
        notes = notes == null ? Map.of() : notes;
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /** The cycles of one operation (of every fork of a variant) added up. */
    public static OperationResult aggregate(String operation, int operationsPerRepetition,
                                            List<OperationCycle> cycles) {
        List<OperationCycle> sorted = new ArrayList<>(cycles);
        sorted.sort(Comparator.comparingInt(OperationCycle::cycle));
        Histogram all = new Histogram(3);
        Histogram service = null;
        List<TimelinePoint> timeline = new ArrayList<>();
        Map<String, Long> errorsByKind = new TreeMap<>();
        Map<String, Long> notes = new TreeMap<>();
        long count = 0;
        long errors = 0;
        long cpuNanos = 0;
        boolean cpuKnown = true;
        long serverNanos = 0;
        boolean serverKnown = !sorted.isEmpty();
        for (OperationCycle cycle : sorted) {
            cpuKnown &= cycle.clientCpuNanos() >= 0;
            cpuNanos += cycle.clientCpuNanos();
            serverKnown &= cycle.serverCpuNanos() >= 0;
            serverNanos += cycle.serverCpuNanos();
            all.add(HistogramCodec.decode(cycle.histogram()));
            if (cycle.serviceHistogram() != null) {
                service = service == null ? new Histogram(3) : service;
                service.add(HistogramCodec.decode(cycle.serviceHistogram()));
            }
            if (cycle.timeline() != null) {
                timeline.addAll(cycle.timeline());
            }
            cycle.errorsByKind().forEach((kind, n) -> errorsByKind.merge(kind, n, Long::sum));
            if (cycle.notes() != null) {
                cycle.notes().forEach((kind, n) -> notes.merge(kind, n, Long::sum));
            }
            count += cycle.count();
            errors += cycle.errors();
        }
        return of(operation, operationsPerRepetition, count, errors, errorsByKind, all, service,
                cpuKnown ? cpuNanos : -1, serverKnown ? serverNanos : -1,
                sorted.stream().map(OperationCycle::stateDigest).filter(java.util.Objects::nonNull).distinct().toList(),
                notes, timeline);
    }

    /**
     * An operation's figures from what was counted: all latencies ({@code service}: open loop's service times, else
     * null), the client's and the servers' CPU in all (-1: unknown); what every result of an operation, measured or
     * merged from several clients, is made of.
     */
    static OperationResult of(String operation, int operationsPerRepetition, long count, long errors,
                              Map<String, Long> errorsByKind, Histogram all, Histogram service, long cpuNanos,
                              long serverNanos, List<String> stateDigests, Map<String, Long> notes,
                              List<TimelinePoint> timeline) {
        return new OperationResult(operation, count, errors, errorsByKind, operationsPerRepetition,
                LatencySummary.of(all), cpuNanos >= 0 && count > 0 ? cpuNanos / 1e3 / count : null,
                HistogramCodec.encode(all), stateDigests, notes,
                serverNanos >= 0 && count > 0 ? serverNanos / 1e3 / count : null, timeline,
                service == null ? null : LatencySummary.of(service),
                service == null ? null : HistogramCodec.encode(service));
    }
}
