package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * What a worker measured for one operation type in one cycle: the raw material the orchestrator aggregates.
 *
 * @param count                 operations attempted
 * @param errors                operations that failed or read back wrong
 * @param repetitionCounts      operations done in each repetition (O, unless the run was stopped)
 * @param repetitionTotalsNanos total time of each repetition's O operations (sync: sum of operation times,
 *                              as the study's stopwatch; async: wall time from first start to last completion)
 * @param histogram             latencies of successful operations, ns, HdrHistogram compressed base64
 * @param clientCpuNanos        CPU time of the worker JVM (all threads) while this operation type ran; -1 if unknown
 * @param stateDigest           what the database held after the cycle, as one checksum (hatshop), or null
 * @param notes                 occurrences counted by kind that are not errors (e.g. transactions retried after
 *                              a deadlock); empty when none
 * @param serverCpuNanos        CPU time of the server processes (every embedded node) during this operation
 *                              type's timed sections, added by the orchestrator; -1 if unknown
 * @param timeline              per-second throughput and latency of the timed phases (mixes), empty otherwise
 * @param serviceHistogram      open loop: time from the actual start of each operation (service time), while
 *                              {@code histogram} counts from its intended start; null in closed loop
 */
public record OperationCycle(
        String operation,
        int cycle,
        long count,
        long errors,
        Map<String, Long> errorsByKind,
        List<Long> repetitionCounts,
        List<Long> repetitionTotalsNanos,
        String histogram,
        long clientCpuNanos,
        String stateDigest,
        Map<String, Long> notes,
        long serverCpuNanos,
        List<TimelinePoint> timeline,
        String serviceHistogram) {

    public OperationCycle {
        notes = notes == null ? Map.of() : Map.copyOf(notes);
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    public OperationCycle(String operation, int cycle, long count, long errors, Map<String, Long> errorsByKind,
                          List<Long> repetitionCounts, List<Long> repetitionTotalsNanos, String histogram,
                          long clientCpuNanos, String stateDigest, Map<String, Long> notes, long serverCpuNanos) {
        this(operation, cycle, count, errors, errorsByKind, repetitionCounts, repetitionTotalsNanos, histogram,
                clientCpuNanos, stateDigest, notes, serverCpuNanos, List.of(), null);
    }

    public OperationCycle(String operation, int cycle, long count, long errors, Map<String, Long> errorsByKind,
                          List<Long> repetitionCounts, List<Long> repetitionTotalsNanos, String histogram,
                          long clientCpuNanos, String stateDigest, Map<String, Long> notes) {
        this(operation, cycle, count, errors, errorsByKind, repetitionCounts, repetitionTotalsNanos, histogram,
                clientCpuNanos, stateDigest, notes, -1);
    }

    public OperationCycle withServerCpuNanos(long nanos) {
        return new OperationCycle(operation, cycle, count, errors, errorsByKind, repetitionCounts,
                repetitionTotalsNanos, histogram, clientCpuNanos, stateDigest, notes, nanos, timeline,
                serviceHistogram);
    }

    public OperationCycle(String operation, int cycle, long count, long errors, Map<String, Long> errorsByKind,
                          List<Long> repetitionCounts, List<Long> repetitionTotalsNanos, String histogram,
                          long clientCpuNanos) {
        this(operation, cycle, count, errors, errorsByKind, repetitionCounts, repetitionTotalsNanos, histogram,
                clientCpuNanos, null, Map.of(), -1);
    }
}
