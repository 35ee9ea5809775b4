package dev.cqlbench.result;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.SteadyState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One variant × operation type over all cycles and repetitions.
 *
 * @param meanTotalMillis     the study's figure: average total time of O operations
 * @param totalTimeCi         its confidence interval over all repetitions (null with a single repetition)
 * @param throughputOpsPerSec operations ÷ summed repetition times
 * @param clientCpuUsPerOp    CPU of the worker JVM (all its threads) per operation, µs; null if unknown
 * @param histogram           all successful latencies, ns, HdrHistogram compressed base64
 * @param stateDigests        the distinct state digests its cycles reported (hatshop), empty otherwise
 * @param notes               its cycles' notes (counted occurrences that are not errors), summed by kind
 * @param serverCpuUsPerOp    CPU of the server processes per operation during the timed sections, µs; null
 *                            where not measured (external clusters, scenarios that do not mark sections)
 * @param timeline            every cycle's per-second points (mixes), empty otherwise
 * @param serviceLatency      open loop: service time percentiles (from the actual start); null in closed loop
 * @param serviceHistogram    open loop: all service times, ns, HdrHistogram compressed base64; else null
 * @param typicalUs           typical time per operation, µs: the blocks' typical times (see {@link RepetitionTime}),
 *                            geometric mean with its interval; null with too few blocks
 * @param clientCpu           the worker's CPU per operation, µs, from each block's own CPU; null with too few blocks
 * @param serverCpu           the servers' CPU per operation above their idle baseline, µs, from each block; null
 *                            where not read or with too few blocks
 */
public record OperationResult(
        String operation,
        long count,
        long errors,
        Map<String, Long> errorsByKind,
        int operationsPerRepetition,
        List<RepetitionTime> repetitions,
        double meanTotalMillis,
        ConfidenceInterval totalTimeCi,
        double throughputOpsPerSec,
        LatencySummary latency,
        Double clientCpuUsPerOp,
        String histogram,
        List<String> stateDigests,
        Map<String, Long> notes,
        Double serverCpuUsPerOp,
        List<TimelinePoint> timeline,
        LatencySummary serviceLatency,
        String serviceHistogram,
        Estimate typicalUs,
        Estimate clientCpu,
        Estimate serverCpu) {

    /**
     * The per-block figures an estimate rests on: which one, of the full repetitions past the warm-up (see
     * {@link #settled}).
     */
    public static List<Double> blocks(OperationResult op, java.util.function.Function<RepetitionTime, Double> figure) {
        return blocks(op.repetitions(), op.operationsPerRepetition(), figure);
    }

    private static List<Double> blocks(List<RepetitionTime> repetitions, int operationsPerRepetition,
                                       java.util.function.Function<RepetitionTime, Double> figure) {
        return settled(repetitions, operationsPerRepetition).stream().map(figure).filter(java.util.Objects::nonNull)
                .toList();
    }

    /** The same, by round (cycle/repetition), for pairing with another variant's blocks. */
    public static Map<Long, Double> byRound(OperationResult op,
                                            java.util.function.Function<RepetitionTime, Double> figure) {
        Map<Long, Double> out = new TreeMap<>();
        for (RepetitionTime r : settled(op.repetitions(), op.operationsPerRepetition())) {
            Double v = figure.apply(r);
            if (v != null) {
                out.put(r.round(), v);
            }
        }
        return out;
    }

    /** Leading full blocks left out as still warming up (by their typical time: {@link SteadyState}). */
    public static int warmingBlocks(OperationResult op) {
        return warming(full(op.repetitions(), op.operationsPerRepetition()));
    }

    /**
     * The full repetitions (a repetition cut short is not a sample of O operations) in the order measured, less the
     * leading ones still warming up: their typical times tell, and every figure of the operation leaves them out.
     */
    private static List<RepetitionTime> settled(List<RepetitionTime> repetitions, int operationsPerRepetition) {
        List<RepetitionTime> full = full(repetitions, operationsPerRepetition);
        return full.subList(warming(full), full.size());
    }

    private static List<RepetitionTime> full(List<RepetitionTime> repetitions, int operationsPerRepetition) {
        return repetitions.stream().filter(r -> r.operations() == operationsPerRepetition)
                .sorted(Comparator.comparingLong(RepetitionTime::round)).toList();
    }

    private static int warming(List<RepetitionTime> full) {
        if (full.stream().anyMatch(r -> r.typicalNanos() == null || r.typicalNanos() <= 0)) {
            return 0;
        }
        return SteadyState.cut(full.stream().mapToDouble(r -> Math.log(r.typicalNanos())).toArray());
    }

    public static OperationResult aggregate(String operation, int operationsPerRepetition,
                                            List<OperationCycle> cycles, double confidenceLevel) {
        List<OperationCycle> sorted = new ArrayList<>(cycles);
        sorted.sort(Comparator.comparingInt(OperationCycle::cycle));
        Histogram all = new Histogram(3);
        Histogram service = null;
        List<TimelinePoint> timeline = new ArrayList<>();
        Map<String, Long> errorsByKind = new TreeMap<>();
        Map<String, Long> notes = new TreeMap<>();
        List<RepetitionTime> repetitions = new ArrayList<>();
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
            for (int r = 0; r < cycle.repetitionTotalsNanos().size(); r++) {
                long nanos = cycle.repetitionTotalsNanos().get(r);
                repetitions.add(new RepetitionTime(cycle.cycle(), r, cycle.repetitionCounts().get(r), nanos,
                        at(cycle.repetitionTypicalNanos(), r), at(cycle.repetitionCpuNanos(), r),
                        at(cycle.repetitionServerCpuNanos(), r)));
            }
        }
        return of(operation, operationsPerRepetition, count, errors, errorsByKind, repetitions, all, service,
                cpuKnown ? cpuNanos : -1, serverKnown ? serverNanos : -1,
                sorted.stream().map(OperationCycle::stateDigest).filter(java.util.Objects::nonNull).distinct().toList(),
                notes, timeline, confidenceLevel);
    }

    /**
     * An operation's figures from what was counted: its repetitions (blocks), all latencies ({@code service}: open
     * loop's service times, else null), the client's and the servers' CPU in all (-1: unknown); what every result of
     * an operation, measured or merged from several clients, is made of.
     */
    static OperationResult of(String operation, int operationsPerRepetition, long count, long errors,
                              Map<String, Long> errorsByKind, List<RepetitionTime> repetitions, Histogram all,
                              Histogram service, long cpuNanos, long serverNanos, List<String> stateDigests,
                              Map<String, Long> notes, List<TimelinePoint> timeline, double confidenceLevel) {
        long totalNanos = repetitions.stream().mapToLong(RepetitionTime::totalNanos).sum();
        // a repetition cut short (stop requested) is not a sample of O operations
        List<Double> fullRepetitionMillis = repetitions.stream()
                .filter(r -> r.operations() == operationsPerRepetition)
                .map(r -> r.totalNanos() / 1e6)
                .toList();
        double mean = fullRepetitionMillis.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double throughput = totalNanos == 0 ? 0 : count / (totalNanos / 1e9);
        Estimate typical = Estimate.of(blocks(repetitions, operationsPerRepetition, RepetitionTime::typicalUs),
                confidenceLevel);
        Estimate clientCpu = Estimate.of(blocks(repetitions, operationsPerRepetition,
                RepetitionTime::clientCpuUsPerOp), confidenceLevel);
        Estimate serverCpu = Estimate.of(blocks(repetitions, operationsPerRepetition,
                RepetitionTime::serverCpuUsPerOp), confidenceLevel);
        return new OperationResult(operation, count, errors, errorsByKind, operationsPerRepetition, repetitions,
                mean, ConfidenceInterval.of(fullRepetitionMillis, confidenceLevel), throughput,
                LatencySummary.of(all), cpuNanos >= 0 && count > 0 ? cpuNanos / 1e3 / count : null,
                HistogramCodec.encode(all), stateDigests,
                notes, serverNanos >= 0 && count > 0 ? serverNanos / 1e3 / count : null, timeline,
                service == null ? null : LatencySummary.of(service),
                service == null ? null : HistogramCodec.encode(service), typical, clientCpu, serverCpu);
    }

    private static Long at(List<Long> values, int i) {
        return i < values.size() && values.get(i) >= 0 ? values.get(i) : null;
    }
}
