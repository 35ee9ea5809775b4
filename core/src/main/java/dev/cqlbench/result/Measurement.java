package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What one timed block measured, and the rules by which blocks' figures add up: every per-block figure lives here
 * (written inside its block's JSON, beside the block's place in the run). A figure a block could not read is null (a
 * worker's reader gives a negative value).
 *
 * @param operations     operations it did (O, unless the run was stopped inside it)
 * @param totalNanos     total time of its operations (the study's figure; sync: sum of operation times, async: wall
 *                       time from first start to last completion)
 * @param typicalNanos   its typical time per operation (median latency one at a time, wall time per operation when
 *                       concurrent); null where unknown
 * @param clientCpuNanos the worker's CPU during the block; null where unknown or shared with other operations
 * @param serverCpuNanos the servers' CPU during the block above their idle baseline; null where not read
 * @param jitMillis      what the worker's JIT compiler spent compiling during the block; null where not read
 * @param allocatedBytes heap the worker JVM's threads allocated during the block (every thread: the library's I/O
 *                       threads allocate for the operations too); null where the JVM cannot tell, where the block is
 *                       shared with other operations, and in results of earlier versions
 * @param tailNanos      the 99th percentile of its operations' latencies (a block of concurrent operations too); null
 *                       where it had none, for clients run together (a percentile of the whole is not one of theirs),
 *                       and in results of format 5 and before
 */
@RecordBuilder
public record Measurement(long operations, long totalNanos, Long typicalNanos, Long clientCpuNanos,
                          Long serverCpuNanos, Long jitMillis, Long allocatedBytes, Long tailNanos)
        implements MeasurementBuilder.With {

    /** Nothing measured yet. */
    public static final Measurement NONE = of(0, 0);

    public Measurement {
        typicalNanos = known(typicalNanos);
        clientCpuNanos = known(clientCpuNanos);
        serverCpuNanos = known(serverCpuNanos);
        jitMillis = known(jitMillis);
        allocatedBytes = known(allocatedBytes);
        tailNanos = known(tailNanos);
    }

    /** {@code operations} operations in {@code totalNanos}; every other figure unknown. */
    public static Measurement of(long operations, long totalNanos) {
        return new Measurement(operations, totalNanos, null, null, null, null, null, null);
    }

    /** Typical time per operation, µs; null if unknown. */
    @JsonIgnore
    public Double typicalUs() {
        return typicalNanos == null ? null : typicalNanos / 1e3;
    }

    /** Its operations' 99th-percentile latency, µs; null if unknown. */
    @JsonIgnore
    public Double tailUs() {
        return tailNanos == null ? null : tailNanos / 1e3;
    }

    /** The worker's CPU per operation, µs; null if unknown. */
    @JsonIgnore
    public Double clientCpuUsPerOp() {
        return perOperation(clientCpuNanos);
    }

    /** The servers' CPU per operation above their idle baseline, µs; null if unknown. */
    @JsonIgnore
    public Double serverCpuUsPerOp() {
        return perOperation(serverCpuNanos);
    }

    /** Operations per second (operations ÷ total time); null when it took no time. */
    @JsonIgnore
    public Double opsPerSecond() {
        return totalNanos <= 0 ? null : operations / (totalNanos / 1e9);
    }

    /** Heap allocated per operation, bytes; null if unknown. */
    @JsonIgnore
    public Double allocatedBytesPerOp() {
        return allocatedBytes == null || operations == 0 ? null : (double) allocatedBytes / operations;
    }

    private Double perOperation(Long nanos) {
        return nanos == null || operations == 0 ? null : nanos / 1e3 / operations;
    }

    /**
     * Blocks several clients ran together ({@code --client i/N}, started at one instant) as one: their operations
     * over the longest client's time, their CPU added (unknown if any is), the servers' CPU as one client read it
     * (the same servers over the same time); no tail (a percentile of the whole is not one of theirs).
     */
    public static Measurement together(List<Measurement> clients) {
        long operations = clients.stream().mapToLong(Measurement::operations).sum();
        long total = clients.stream().mapToLong(Measurement::totalNanos).max().orElse(0);
        return new Measurement(operations, total, operations == 0 ? null : total / operations,
                sum(clients, Measurement::clientCpuNanos),
                clients.stream().map(Measurement::serverCpuNanos).filter(Objects::nonNull)
                        .max(Comparator.naturalOrder()).orElse(null),
                sum(clients, Measurement::jitMillis), sum(clients, Measurement::allocatedBytes), null);
    }

    /**
     * Blocks run one after another (a variant's rounds and forks) as one: their operations, time, CPU, JIT time and
     * allocation added up (each unknown if any block's is); no typical time or tail.
     */
    public static Measurement inTurn(List<Measurement> blocks) {
        return new Measurement(blocks.stream().mapToLong(Measurement::operations).sum(),
                blocks.stream().mapToLong(Measurement::totalNanos).sum(), null,
                sum(blocks, Measurement::clientCpuNanos), sum(blocks, Measurement::serverCpuNanos),
                sum(blocks, Measurement::jitMillis), sum(blocks, Measurement::allocatedBytes), null);
    }

    /** The parts' figures added up; unknown if any part's is. */
    private static Long sum(List<Measurement> parts, Function<Measurement, Long> figure) {
        long sum = 0;
        for (Measurement m : parts) {
            Long v = figure.apply(m);
            if (v == null) {
                return null;
            }
            sum += v;
        }
        return sum;
    }

    /** A figure a block could not read: null, or a negative value. */
    private static Long known(Long value) {
        return value == null || value < 0 ? null : value;
    }
}
