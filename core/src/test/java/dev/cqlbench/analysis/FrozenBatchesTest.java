package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Batches;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The batches a run's first look freezes: each measure its own. In a crud run on the 2-core host the JIT went on
 * removing allocations through the rounds, so each JVM's allocation per operation drifted (its deviations from the
 * variant's mean correlated round to round) while its time did not; frozen at the longest batch of any measure, time
 * lost most of its degrees of freedom, and the run stopped on a look whose intervals were narrower than the ones it
 * then reported.
 */
class FrozenBatchesTest {

    private static final int ROUNDS = 20;
    private static final Question TIME = Question.of("v1", "v0", "write", Measure.TIME);

    @Test
    void eachMeasureKeepsTheBatchItsOwnSeriesChose() {
        Batches frozen = Analysis.frozenBatch(TwoVariants.at(blocks(), ROUNDS, Batches.CHOSEN));
        assertThat(frozen.of(Measure.TIME)).isEqualTo(1);
        assertThat(frozen.of(Measure.ALLOCATION)).isGreaterThan(1);
    }

    @Test
    void theFirstLooksIntervalsAreTheOnesTheRunKeeps() {
        List<Block> blocks = blocks();
        Analysis look = TwoVariants.at(blocks, ROUNDS, Batches.CHOSEN);
        Analysis kept = TwoVariants.at(blocks, ROUNDS, Analysis.frozenBatch(look));
        PairedRatio seen = look.answer(TIME);
        PairedRatio after = kept.answer(TIME);
        assertThat(after.lower()).isEqualTo(seen.lower());
        assertThat(after.upper()).isEqualTo(seen.upper());
    }

    @Test
    void allocationsDriftNoLongerWidensTime() {
        List<Block> blocks = blocks();
        Batches frozen = Analysis.frozenBatch(TwoVariants.at(blocks, ROUNDS, Batches.CHOSEN));
        double own = TwoVariants.at(blocks, ROUNDS, frozen).answer(TIME).halfWidth();
        double longest = TwoVariants.at(blocks, ROUNDS, Batches.of(frozen.of(Measure.ALLOCATION)))
                .answer(TIME).halfWidth();
        assertThat(longest).isGreaterThan(1.1 * own);
    }

    /**
     * Two variants × two JVMs × {@link #ROUNDS} rounds: time with 5 % of white noise a block, v1 10 % slower; each
     * JVM's allocation wanders from its variant's level, a quarter of a percent a round,
             0.95 of it carried to the next.
     */
    private static List<Block> blocks() {
        SplittableRandom random = new SplittableRandom(11);
        List<Block> blocks = new ArrayList<>();
        double[][] drift = new double[2][2];
        for (int round = 0; round < ROUNDS; round++) {
            for (int v = 0; v < 2; v++) {
                for (int k = 0; k < 2; k++) {
                    drift[v][k] = 0.95 * drift[v][k] + 0.0025 * random.nextGaussian();
                    for (String op : List.of("write", "read", "update", "delete")) {
                        long typical = Math.round(250_000 * (v == 1 ? 1.1 : 1) * Math.exp(0.05 * random.nextGaussian()));
                        long cpu = Math.round(80_000 * 100 * Math.exp(0.05 * random.nextGaussian()));
                        long bytes = Math.round(5_000 * 100 * Math.exp(drift[v][k] + 0.0005 * random.nextGaussian()));
                        blocks.add(Block.builder().variant("v" + v).fork(k).cycle(round).operation(op)
                                .measured(Measurement.of(100, 100 * typical).withTypicalNanos(typical)
                                .withClientCpuNanos(cpu).withAllocatedBytes(bytes).withJitMillis(0L)).build());
                    }
                }
            }
        }
        return blocks;
    }
}
