package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * One timed block: one repetition of one operation by one fork (JVM) of one variant in one round, with what it
 * measured. The one record a result stores of each block; every per-block figure, estimate, comparison and merge is
 * derived from these.
 *
 * @param variant         the variant's name
 * @param fork            which of the variant's JVMs ran it, from 0
 * @param cycle           its round (settling rounds are not kept)
 * @param repetition      its place in the round's repetitions of the operation
 * @param operations      operations it did (O, unless the run was stopped inside it)
 * @param totalNanos      total time of its operations (the study's figure; sync: sum of operation times, async:
 *                        wall time from first start to last completion)
 * @param typicalNanos    its typical time per operation (median latency one at a time, wall time per operation when
 *                        concurrent); null where unknown
 * @param clientCpuNanos  the worker's CPU during the block; null where unknown or shared with other operations
 * @param serverCpuNanos  the servers' CPU during the block above their idle baseline; null where not read
 * @param jitMillis       what the worker's JIT compiler spent compiling during the block; null where not read
 * @param turn            its JVM's place in its round's order (0: the round's first JVM), so that blocks run next
 *                        to each other can be told; null in results of earlier versions
 * @param startMillis     when it began, ms after the run's first round began (the orchestrator's clock); null in
 *                        results of earlier versions
 * @param allocatedBytes  heap the worker JVM's threads allocated during the block (every thread: the library's I/O
 *                        threads allocate for the operations too); null where the JVM cannot tell, where the block is
 *                        shared with other operations, and in results of earlier versions
 * @param tailNanos       the 99th percentile of its operations' latencies (a block of concurrent operations too);
 *                        null where it had none, for clients run together (a percentile of the whole is not one of
 *                        theirs), and in results of format 5 and before
 */
@RecordBuilder
public record Block(String variant, int fork, int cycle, int repetition, String operation, long operations,
                    long totalNanos, Long typicalNanos, Long clientCpuNanos, Long serverCpuNanos, Long jitMillis,
                    Integer turn, Long startMillis, Long allocatedBytes, Long tailNanos) {

    /**
     * A figure it could not read is null (a worker's reader gives a negative value): a worker's timed block sets what
     * it read around the operations (the worker's CPU, the JIT compiler's time), its tally what the operations did;
     * the orchestrator stamps the variant, the fork, the servers' CPU and the block's place in its round.
     */
    public Block {
        typicalNanos = known(typicalNanos);
        clientCpuNanos = known(clientCpuNanos);
        serverCpuNanos = known(serverCpuNanos);
        jitMillis = known(jitMillis);
        allocatedBytes = known(allocatedBytes);
        tailNanos = known(tailNanos);
    }

    /** Blocks in the order they ran within one variant and operation: by round, then fork. */
    public static final Comparator<Block> IN_ORDER = Comparator.comparingLong(Block::round)
            .thenComparingInt(Block::fork);

    /** Which round (cycle and repetition) this block belongs to, for pairing with other blocks; in order. */
    @JsonIgnore
    public long round() {
        return (long) cycle << 32 | repetition;
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

    /** The worker's CPU per operation in this block, µs; null if unknown. */
    @JsonIgnore
    public Double clientCpuUsPerOp() {
        return perOperation(clientCpuNanos);
    }

    /** The servers' CPU per operation in this block above their idle baseline, µs; null if unknown. */
    @JsonIgnore
    public Double serverCpuUsPerOp() {
        return perOperation(serverCpuNanos);
    }

    /** Operations per second of the block (operations ÷ total time); null when it took no time. */
    @JsonIgnore
    public Double opsPerSecond() {
        return totalNanos <= 0 ? null : operations / (totalNanos / 1e9);
    }

    /** Whether it did all {@code operationsPerRepetition} operations (a block cut short is not a sample of them). */
    public boolean full(int operationsPerRepetition) {
        return operations == operationsPerRepetition;
    }

    /** Heap allocated per operation in this block, bytes; null if unknown. */
    @JsonIgnore
    public Double allocatedBytesPerOp() {
        return allocatedBytes == null || operations == 0 ? null : (double) allocatedBytes / operations;
    }

    private Double perOperation(Long nanos) {
        return nanos == null || operations == 0 ? null : nanos / 1e3 / operations;
    }

    /** The same block as {@code variantName}'s fork {@code forkIndex} measured it (a worker knows neither). */
    public Block ranBy(String variantName, int forkIndex) {
        return toBuilder().variant(variantName).fork(forkIndex).build();
    }

    /**
     * The same block as the orchestrator saw it run: by {@code variantName}'s fork {@code forkIndex} (a worker knows
     * neither), in turn {@code turnInRound} of its round, begun {@code startedMillis} after the first round began, with
     * the servers' CPU during it above their idle baseline (null: not read).
     */
    public Block stamped(String variantName, int forkIndex, Integer turnInRound, Long startedMillis,
                         Long serverNanos) {
        return toBuilder().variant(variantName).fork(forkIndex).turn(turnInRound).startMillis(startedMillis)
                .serverCpuNanos(serverNanos).build();
    }

    /** Whether this block is {@code variant}'s {@code operation}. */
    public boolean of(String variantName, String operationLabel) {
        return variant.equals(variantName) && operation.equals(operationLabel);
    }

    /**
     * The same block as several clients ran it together ({@code --client i/N}, started at one instant): their
     * operations over the longest client's time, their CPU added (unknown if any is), the servers' CPU as one client
     * read it (the same servers over the same time).
     */
    public static Block together(List<Block> clients) {
        Block first = clients.get(0);
        long operations = clients.stream().mapToLong(Block::operations).sum();
        long total = clients.stream().mapToLong(Block::totalNanos).max().orElse(0);
        return first.toBuilder().operations(operations).totalNanos(total)
                .typicalNanos(operations == 0 ? null : total / operations)
                .clientCpuNanos(sum(clients, Block::clientCpuNanos))
                .serverCpuNanos(clients.stream().map(Block::serverCpuNanos).filter(Objects::nonNull)
                        .max(Comparator.naturalOrder()).orElse(null))
                .jitMillis(sum(clients, Block::jitMillis)).allocatedBytes(sum(clients, Block::allocatedBytes))
                .tailNanos(null).build();
    }

    /**
     * Blocks run one after another (a variant's rounds and forks) as one: their operations, time, CPU and JIT time
     * added up (each unknown if any block's is); null for none. What a report shows of an operation in all, derived
     * from its blocks and never stored beside them.
     */
    public static Block inTurn(List<Block> blocks) {
        if (blocks.isEmpty()) {
            return null;
        }
        return blocks.get(0).toBuilder().operations(blocks.stream().mapToLong(Block::operations).sum())
                .totalNanos(blocks.stream().mapToLong(Block::totalNanos).sum()).typicalNanos(null)
                .clientCpuNanos(sum(blocks, Block::clientCpuNanos)).serverCpuNanos(sum(blocks, Block::serverCpuNanos))
                .jitMillis(sum(blocks, Block::jitMillis)).allocatedBytes(sum(blocks, Block::allocatedBytes))
                .turn(null).startMillis(null).tailNanos(null).build();
    }

    /** The clients' figures added up; unknown if any client's is. */
    private static Long sum(List<Block> clients, java.util.function.Function<Block, Long> figure) {
        long sum = 0;
        for (Block b : clients) {
            Long v = figure.apply(b);
            if (v == null) {
                return null;
            }
            sum += v;
        }
        return sum;
    }

    /** A block under construction; what is not set is unknown (see {@link BlockBuilder}). */
    public static BlockBuilder builder() {
        return BlockBuilder.builder();
    }

    public BlockBuilder toBuilder() {
        return BlockBuilder.builder(this);
    }

    /** A figure a block could not read: null, or a negative value. */
    private static Long known(Long value) {
        return value == null || value < 0 ? null : value;
    }
}
