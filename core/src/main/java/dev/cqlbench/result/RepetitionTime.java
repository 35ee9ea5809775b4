package dev.cqlbench.result;

/**
 * One repetition (a timed block) of one operation.
 *
 * @param totalNanos      total time of its operations (the study's figure)
 * @param typicalNanos    its typical time per operation (median latency one at a time, wall time per operation
 *                        when concurrent); null where unknown (results written before these were kept)
 * @param clientCpuNanos  the worker's CPU during the block; null where unknown
 * @param serverCpuNanos  the servers' CPU during the block above their idle baseline; null where not read
 */
public record RepetitionTime(int cycle, int repetition, long operations, long totalNanos, Long typicalNanos,
                             Long clientCpuNanos, Long serverCpuNanos) {

    public RepetitionTime(int cycle, int repetition, long operations, long totalNanos) {
        this(cycle, repetition, operations, totalNanos, null, null, null);
    }

    /** Which round (cycle and repetition) this block belongs to, for pairing with other variants' blocks; in order. */
    public long round() {
        return (long) cycle << 32 | repetition;
    }

    /** Typical time per operation, µs; null if unknown. */
    public Double typicalUs() {
        return typicalNanos == null || typicalNanos < 0 ? null : typicalNanos / 1e3;
    }

    /** The worker's CPU per operation in this block, µs; null if unknown. */
    public Double clientCpuUsPerOp() {
        return perOperation(clientCpuNanos);
    }

    /** The servers' CPU per operation in this block above their idle baseline, µs; null if unknown. */
    public Double serverCpuUsPerOp() {
        return perOperation(serverCpuNanos);
    }

    private Double perOperation(Long nanos) {
        return nanos == null || nanos < 0 || operations == 0 ? null : nanos / 1e3 / operations;
    }
}
