package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Which variants a first look gives more JVMs: those whose JVMs sit further apart than the calibration says in any
 * measure, time or not (a profile's driver 3 JVMs: alike in time, 25 % apart in what they allocate).
 */
class JvmsApartTest {

    private static final List<String> OPERATIONS = List.of("write", "read", "update", "delete");
    private static final int ROUNDS = 20;

    @Test
    void aVariantWhoseJvmsAllocateApartGetsMoreJvmsThoughTheirTimesAgree() {
        List<String> apart = analysis(1.25, 1.0).jvms().apart();
        assertThat(apart).containsExactly("v1");
    }

    @Test
    void aFigureWhoseJvmsCannotBeBoundedShowsEachJvmsOwnInsteadOfAnIntervalPastDoubling() {
        Analysis apart = analysis(1.25, 1.0);
        assertThat(apart.figure("v1", "write", Measure.ALLOCATION).relativeHalfWidth()).isGreaterThan(1);
        String cell = dev.cqlbench.report.BlockFigures.cell(apart, "v1", "write", Measure.ALLOCATION, 0.05);
        assertThat(cell).startsWith(dev.cqlbench.report.BlockFigures.BY_JVM).doesNotContain(">100");
        java.util.List<dev.cqlbench.stats.Estimate> each = apart.jvms().figures("v1", "write", Measure.ALLOCATION);
        assertThat(each).hasSize(2);
        assertThat(each.get(1).value() / each.get(0).value())
                .isCloseTo(1.25, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cell).contains(" / ");
        // the other variant's JVMs agree: its mean, with its interval
        assertThat(dev.cqlbench.report.BlockFigures.cell(apart, "v0", "write", Measure.ALLOCATION, 0.05))
                .doesNotStartWith(dev.cqlbench.report.BlockFigures.BY_JVM).contains("±");
    }

    @Test
    void jvmsApartInTimeAreStillFound() {
        assertThat(analysis(1.0, 1.3).jvms().apart()).containsExactly("v1");
    }

    @Test
    void jvmsAlikeInEveryMeasureGetNone() {
        assertThat(analysis(1.0, 1.0).jvms().apart()).isEmpty();
    }

    /**
     * Two variants × two JVMs × {@link #ROUNDS} rounds: time and CPU with 5 % of noise a block, allocation 0.5 %;
     * v1's second JVM allocates {@code allocation} times and takes {@code time} times what its first does. A
     * calibration says every library's JVMs sit 0.5 % apart in each measure, at 100 degrees of freedom.
     */
    private static Analysis analysis(double allocation, double time) {
        SplittableRandom random = new SplittableRandom(7);
        List<Block> blocks = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            for (int v = 0; v < 2; v++) {
                for (int k = 0; k < 2; k++) {
                    boolean off = v == 1 && k == 1;
                    for (String op : OPERATIONS) {
                        long typical = Math.round(250_000 * (off ? time : 1) * Math.exp(0.05 * random.nextGaussian()));
                        long cpu = Math.round(80_000 * 100 * Math.exp(0.05 * random.nextGaussian()));
                        long bytes = Math.round(5_000 * 100 * (off ? allocation : 1)
                                * Math.exp(0.005 * random.nextGaussian()));
                        blocks.add(Block.builder().variant("v" + v).fork(k).cycle(round).operation(op)
                                .measured(Measurement.of(100, 100 * typical).withTypicalNanos(typical)
                                .withClientCpuNanos(cpu).withAllocatedBytes(bytes).withJitMillis(0L)).build());
                    }
                }
            }
        }
        return TwoVariants.at(blocks, ROUNDS, dev.cqlbench.result.Batches.CHOSEN);
    }
}
