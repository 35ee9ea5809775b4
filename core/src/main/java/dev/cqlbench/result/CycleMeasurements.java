package dev.cqlbench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * What a worker measured in one cycle, as it reports it: the cycle's timed blocks in the order they ran, each a
 * {@link Block} as the result stores it (the variant, the fork, the servers' CPU and the place in the round are the
 * orchestrator's to stamp), and one {@link OperationDistribution} per operation and per kind. Every CPU figure is on
 * the blocks; the result's per-operation figures are computed from both ({@link OperationResult#aggregate}).
 *
 * @param blocks        the blocks of every operation, a kind's breakdown of its operation's blocks among them
 * @param distributions one per operation and per kind, in the order the runner reported them
 */
public record CycleMeasurements(List<Block> blocks, List<OperationDistribution> distributions) {

    /** Nothing measured. */
    public static final CycleMeasurements NONE = new CycleMeasurements(List.of(), List.of());

    public CycleMeasurements {
        blocks = List.copyOf(blocks);
        distributions = List.copyOf(distributions);
    }

    /** One operation's (or kind's) blocks and distribution. */
    public static CycleMeasurements of(List<Block> blocks, OperationDistribution distribution) {
        return new CycleMeasurements(blocks, List.of(distribution));
    }

    /** These, then {@code more}: the parts of a cycle in the order they ran. */
    public CycleMeasurements and(CycleMeasurements more) {
        List<Block> b = new ArrayList<>(blocks);
        b.addAll(more.blocks);
        List<OperationDistribution> d = new ArrayList<>(distributions);
        d.addAll(more.distributions);
        return new CycleMeasurements(b, d);
    }

    /** Operations attempted by the operations with timed blocks of their own (kinds break theirs down). */
    public long timedCount() {
        return distributions.stream().filter(OperationDistribution::timed).mapToLong(OperationDistribution::count)
                .sum();
    }
}
