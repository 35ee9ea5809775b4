package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * What a worker measured for one operation in one cycle: the raw material the orchestrator aggregates.
 *
 * @param count                 operations attempted (rows, for a write of several rows per request)
 * @param errors                operations that failed or read back wrong
 * @param repetitionCounts      operations done in each repetition (O, unless the run was stopped)
 * @param repetitionTotalsNanos total time of each repetition's O operations (sync: sum of operation times,
 *                              as the study's stopwatch; async: wall time from first start to last completion)
 * @param histogram             latencies of successful operations, ns, HdrHistogram compressed base64
 * @param clientCpuNanos        CPU time of the worker JVM (all threads) during this operation's timed blocks; -1 if
 *                              unknown
 * @param stateDigest           what the database held after the cycle, as one checksum (hatshop, writes), or null
 * @param notes                 occurrences counted by kind that are not errors (e.g. transactions retried after
 *                              a deadlock); empty when none
 * @param serverCpuNanos        CPU time of the server processes (every embedded node) during this operation's
 *                              timed blocks, added by the orchestrator; -1 if unknown
 * @param timeline              per-second throughput and latency of the timed blocks (mixes), empty otherwise
 * @param serviceHistogram      open loop: time from the actual start of each operation (service time), while
 *                              {@code histogram} counts from its intended start; null in closed loop
 * @param repetitionTypicalNanos each repetition's typical time per operation (the median of its latencies for
 *                              operations one at a time, wall time per operation for concurrent ones); -1 unknown
 * @param repetitionCpuNanos    the worker's CPU time during each repetition's timed block; -1 unknown; empty where
 *                              the operation shares its blocks with others (a kind of a mix)
 * @param repetitionServerCpuNanos the servers' CPU time during each repetition's timed block above their idle
 *                              baseline, added by the orchestrator; empty where not read
 * @param repetitionJitMillis   what the worker's JIT compiler spent compiling during each repetition's timed block;
 *                              empty where not read
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
        String serviceHistogram,
        List<Long> repetitionTypicalNanos,
        List<Long> repetitionCpuNanos,
        List<Long> repetitionServerCpuNanos,
        List<Long> repetitionJitMillis) {

    /**
     * Whether these are timed blocks of their own, with their own CPU reading; not a breakdown of another
     * operation's blocks by kind (hatshop's event types within its ALL blocks).
     */
    public boolean timed() {
        return !repetitionCpuNanos.isEmpty();
    }

    public OperationCycle {
        repetitionTypicalNanos = repetitionTypicalNanos == null ? List.of() : List.copyOf(repetitionTypicalNanos);
        repetitionCpuNanos = repetitionCpuNanos == null ? List.of() : List.copyOf(repetitionCpuNanos);
        repetitionJitMillis = repetitionJitMillis == null ? List.of() : List.copyOf(repetitionJitMillis);
        repetitionServerCpuNanos = repetitionServerCpuNanos == null ? List.of()
                : List.copyOf(repetitionServerCpuNanos);
        errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
        repetitionCounts = List.copyOf(repetitionCounts);
        repetitionTotalsNanos = List.copyOf(repetitionTotalsNanos);
        notes = notes == null ? Map.of() : Map.copyOf(notes);
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    public static Builder builder(String operation, int cycle) {
        return new Builder(operation, cycle);
    }

    public Builder toBuilder() {
        return new Builder(operation, cycle).count(count).errors(errors, errorsByKind)
                .repetitions(repetitionCounts, repetitionTotalsNanos).histogram(histogram)
                .clientCpuNanos(clientCpuNanos).stateDigest(stateDigest).notes(notes).serverCpuNanos(serverCpuNanos)
                .timeline(timeline).serviceHistogram(serviceHistogram)
                .blocks(repetitionTypicalNanos, repetitionCpuNanos).serverBlocks(repetitionServerCpuNanos)
                .jit(repetitionJitMillis);
    }

    /** Its timed blocks as the result stores them, measured by fork {@code fork} of {@code variant}. */
    public List<Block> blocks(String variant, int fork) {
        List<Block> out = new java.util.ArrayList<>();
        for (int r = 0; r < repetitionTotalsNanos.size(); r++) {
            out.add(new Block(variant, fork, cycle, r, operation, repetitionCounts.get(r), repetitionTotalsNanos.get(r),
                    at(repetitionTypicalNanos, r), at(repetitionCpuNanos, r), at(repetitionServerCpuNanos, r),
                    at(repetitionJitMillis, r), null, null));
        }
        return out;
    }

    private static Long at(List<Long> values, int i) {
        return i < values.size() && values.get(i) >= 0 ? values.get(i) : null;
    }

    /** The servers' CPU during this operation's timed blocks, in all and per block (above their idle baseline). */
    public OperationCycle withServerCpu(long nanos, List<Long> perBlock) {
        return toBuilder().serverCpuNanos(nanos).serverBlocks(perBlock).build();
    }

    /** Builds a cycle; what is not set is empty, and CPU unknown. */
    public static final class Builder {
        private final String operation;
        private final int cycle;
        private long count;
        private long errors;
        private Map<String, Long> errorsByKind = Map.of();
        private List<Long> repetitionCounts = List.of();
        private List<Long> repetitionTotalsNanos = List.of();
        private String histogram;
        private long clientCpuNanos = -1;
        private String stateDigest;
        private Map<String, Long> notes = Map.of();
        private long serverCpuNanos = -1;
        private List<TimelinePoint> timeline = List.of();
        private String serviceHistogram;
        private List<Long> repetitionTypicalNanos = List.of();
        private List<Long> repetitionCpuNanos = List.of();
        private List<Long> repetitionServerCpuNanos = List.of();
        private List<Long> repetitionJitMillis = List.of();

        Builder(String operation, int cycle) {
            this.operation = operation;
            this.cycle = cycle;
        }

        public Builder count(long value) {
            count = value;
            return this;
        }

        public Builder errors(long total, Map<String, Long> byKind) {
            errors = total;
            errorsByKind = byKind;
            return this;
        }

        /** Each repetition's operations and total time. */
        public Builder repetitions(List<Long> counts, List<Long> totalsNanos) {
            repetitionCounts = counts;
            repetitionTotalsNanos = totalsNanos;
            return this;
        }

        /** Each repetition's typical time per operation and the worker's CPU during it. */
        public Builder blocks(List<Long> typicalNanos, List<Long> cpuNanos) {
            repetitionTypicalNanos = typicalNanos;
            repetitionCpuNanos = cpuNanos;
            return this;
        }

        /** Each repetition's JIT compile time, ms. */
        public Builder jit(List<Long> millis) {
            repetitionJitMillis = millis;
            return this;
        }

        public Builder serverBlocks(List<Long> cpuNanos) {
            repetitionServerCpuNanos = cpuNanos;
            return this;
        }

        public Builder histogram(String encoded) {
            histogram = encoded;
            return this;
        }

        public Builder clientCpuNanos(long value) {
            clientCpuNanos = value;
            return this;
        }

        public Builder stateDigest(String value) {
            stateDigest = value;
            return this;
        }

        public Builder notes(Map<String, Long> value) {
            notes = value;
            return this;
        }

        public Builder serverCpuNanos(long value) {
            serverCpuNanos = value;
            return this;
        }

        public Builder timeline(List<TimelinePoint> value) {
            timeline = value;
            return this;
        }

        public Builder serviceHistogram(String encoded) {
            serviceHistogram = encoded;
            return this;
        }

        public OperationCycle build() {
            return new OperationCycle(operation, cycle, count, errors, errorsByKind, repetitionCounts,
                    repetitionTotalsNanos, histogram, clientCpuNanos, stateDigest, notes, serverCpuNanos, timeline,
                    serviceHistogram, repetitionTypicalNanos, repetitionCpuNanos, repetitionServerCpuNanos,
                    repetitionJitMillis);
        }
    }
}
