package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Comparator;
import java.util.List;

/**
 * One timed block: one repetition of one operation by one fork (JVM) of one variant in one round, with what it
 * measured. The one record a result stores of each block; every per-block figure, estimate, comparison and merge is
 * derived from these.
 *
 * @param variant     the variant's name
 * @param fork        which of the variant's JVMs ran it, from 0
 * @param cycle       its round (settling rounds are not kept)
 * @param repetition  its place in the round's repetitions of the operation
 * @param measured    what it measured: every per-block figure ({@link Measurement})
 * @param turn        its JVM's place in its round's order (0: the round's first JVM), so that blocks run next to each
 *                    other can be told; null in results of earlier versions
 * @param startMillis when it began, ms after the run's first round began (the orchestrator's clock); null in results
 *                    of earlier versions
 */
@RecordBuilder
public record Block(String variant, int fork, int cycle, int repetition, String operation,
                    @JsonUnwrapped Measurement measured, Integer turn, Long startMillis) {

    public Block {
        measured = measured == null ? Measurement.NONE : measured;
    }

    /** Blocks in the order they ran within one variant and operation: by round, then fork. */
    public static final Comparator<Block> IN_ORDER = Comparator.comparingLong(Block::round)
            .thenComparingInt(Block::fork);

    /** Which round (cycle and repetition) this block belongs to, for pairing with other blocks; in order. */
    @JsonIgnore
    public long round() {
        return (long) cycle << 32 | repetition;
    }

    public long operations() {
        return measured.operations();
    }

    public long totalNanos() {
        return measured.totalNanos();
    }

    public Long typicalNanos() {
        return measured.typicalNanos();
    }

    public Long clientCpuNanos() {
        return measured.clientCpuNanos();
    }

    public Long serverCpuNanos() {
        return measured.serverCpuNanos();
    }

    public Long jitMillis() {
        return measured.jitMillis();
    }

    public Long allocatedBytes() {
        return measured.allocatedBytes();
    }

    public Long tailNanos() {
        return measured.tailNanos();
    }

    /** Operations per second of the block; null when it took no time. */
    @JsonIgnore
    public Double opsPerSecond() {
        return measured.opsPerSecond();
    }

    /** Whether it did all {@code operationsPerRepetition} operations (a block cut short is not a sample of them). */
    public boolean full(int operationsPerRepetition) {
        return measured.operations() == operationsPerRepetition;
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
                .measured(measured.withServerCpuNanos(serverNanos)).build();
    }

    /** Whether this block is {@code variant}'s {@code operation}. */
    public boolean of(String variantName, String operationLabel) {
        return variant.equals(variantName) && operation.equals(operationLabel);
    }

    /** The same block as several clients ran it together ({@link Measurement#together}). */
    public static Block together(List<Block> clients) {
        return clients.get(0).toBuilder()
                .measured(Measurement.together(clients.stream().map(Block::measured).toList())).build();
    }

    /**
     * Blocks run one after another (a variant's rounds and forks) as one ({@link Measurement#inTurn}); null for none.
     * What a report shows of an operation in all, derived from its blocks and never stored beside them.
     */
    public static Block inTurn(List<Block> blocks) {
        if (blocks.isEmpty()) {
            return null;
        }
        return blocks.get(0).toBuilder().measured(Measurement.inTurn(blocks.stream().map(Block::measured).toList()))
                .turn(null).startMillis(null).build();
    }

    /** A block under construction (see {@link BlockBuilder}). */
    public static BlockBuilder builder() {
        return BlockBuilder.builder();
    }

    public BlockBuilder toBuilder() {
        return BlockBuilder.builder(this);
    }
}
