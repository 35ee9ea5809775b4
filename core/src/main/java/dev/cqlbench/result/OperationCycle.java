package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * What a worker measured for one operation in one cycle: its timed blocks, each a {@link Block} as the result stores
 * it, and its distribution over them (counts, errors, latencies, per-second points), the raw material the orchestrator
 * aggregates.
 *
 * @param count            operations attempted (rows, for a write of several rows per request)
 * @param errors           operations that failed or read back wrong
 * @param histogram        latencies of successful operations, ns, HdrHistogram compressed base64
 * @param clientCpuNanos   CPU time of the worker JVM (all threads) during this operation's timed blocks; -1 if
 *                         unknown
 * @param stateDigest      what the database held after the cycle, as one checksum (hatshop, writes), or null
 * @param counts           what it counted besides timings and errors (checks, requests, what the servers counted)
 * @param serverCpuNanos   CPU time of the server processes (every embedded node) during this operation's
 *                         timed blocks, added by the orchestrator; -1 if unknown
 * @param timeline         per-second throughput and latency of the timed blocks (mixes), empty otherwise
 * @param serviceHistogram open loop: time from the actual start of each operation (service time), while
 *                         {@code histogram} counts from its intended start; null in closed loop
 * @param blocks           its timed blocks in the order they ran, as the worker measured them (the variant, the fork,
 *                         the servers' CPU and the place in the round are the orchestrator's to stamp)
 * @param kind             whether these are not blocks of their own but a breakdown of another operation's blocks by
 *                         kind (hatshop's event types within its ALL blocks): no CPU reading of their own
 */
public record OperationCycle(
        String operation,
        int cycle,
        long count,
        long errors,
        Map<String, Long> errorsByKind,
        String histogram,
        long clientCpuNanos,
        String stateDigest,
        OperationCounts counts,
        long serverCpuNanos,
        List<TimelinePoint> timeline,
        String serviceHistogram,
        List<Block> blocks,
        boolean kind) {

    public OperationCycle {
        errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
        counts = counts == null ? OperationCounts.NONE : counts;
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    /** Whether these are timed blocks of their own, not a breakdown of another operation's blocks by kind. */
    public boolean timed() {
        return !kind;
    }

    public static Builder builder(String operation, int cycle) {
        return new Builder(operation, cycle);
    }

    public Builder toBuilder() {
        return new Builder(operation, cycle).count(count).errors(errors, errorsByKind).histogram(histogram)
                .clientCpuNanos(clientCpuNanos).stateDigest(stateDigest).counts(counts).serverCpuNanos(serverCpuNanos)
                .timeline(timeline).serviceHistogram(serviceHistogram).blocks(blocks).kind(kind);
    }

    /**
     * The servers' CPU during this operation's timed blocks above their idle baseline, per block in order (where
     * read: a block past the end of the list keeps none), and in all.
     */
    public OperationCycle withServerCpu(List<Long> perBlock) {
        List<Block> stamped = new java.util.ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            stamped.add(i < perBlock.size() ? blocks.get(i).withServerCpu(perBlock.get(i)) : blocks.get(i));
        }
        return toBuilder().serverCpuNanos(perBlock.stream().mapToLong(Long::longValue).sum()).blocks(stamped).build();
    }

    /** Builds a cycle; what is not set is empty, and CPU unknown. */
    public static final class Builder {
        private final String operation;
        private final int cycle;
        private long count;
        private long errors;
        private Map<String, Long> errorsByKind = Map.of();
        private String histogram;
        private long clientCpuNanos = -1;
        private String stateDigest;
        private OperationCounts counts = OperationCounts.NONE;
        private long serverCpuNanos = -1;
        private List<TimelinePoint> timeline = List.of();
        private String serviceHistogram;
        private List<Block> blocks = List.of();
        private boolean kind;

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

        /** Its timed blocks, in the order they ran. */
        public Builder blocks(List<Block> value) {
            blocks = value;
            return this;
        }

        /** A breakdown of another operation's blocks by kind. */
        public Builder kind(boolean value) {
            kind = value;
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

        public Builder counts(OperationCounts value) {
            counts = value;
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
            return new OperationCycle(operation, cycle, count, errors, errorsByKind, histogram, clientCpuNanos,
                    stateDigest, counts, serverCpuNanos, timeline, serviceHistogram, blocks, kind);
        }
    }
}
