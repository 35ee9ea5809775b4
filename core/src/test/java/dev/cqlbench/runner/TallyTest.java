package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationDistribution;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a repetition's total time is counted, by kind and in all. */
class TallyTest {

    private static Tally twoKinds(Tally.Options options) {
        Tally tally = new Tally("all", 0, List.of("a", "b"), options, null);
        tally.ok(0, 10, 10, 1, 10);
        tally.failed(0, "Timeout", 1, 5);
        tally.ok(1, 7, 7, 1, 7);
        tally.endRepetition(100, Measurement.NONE);
        return tally;
    }

    @Test
    void sumsCountEveryOperationOrOnlyTheSuccessfulOnes() {
        Tally sum = twoKinds(Tally.Options.ONE_AT_A_TIME);
        assertThat(sum.total().blocks()).extracting(Block::totalNanos).containsExactly(22L);
        assertThat(sum.kind(0).blocks()).extracting(Block::totalNanos).containsExactly(15L);
        assertThat(sum.kind(0).blocks()).extracting(Block::operation).containsExactly("a");
        assertThat(sum.kind(1).blocks()).extracting(Block::operations).containsExactly(1L);

        Tally successes = twoKinds(Tally.Options.CONCURRENT.perKind(Tally.Totals.SUM_OF_SUCCESSES));
        CycleMeasurements a = successes.kind(0);
        assertThat(a.blocks()).extracting(Block::totalNanos).as("the failed one's 5 ns left out").containsExactly(10L);
        OperationDistribution distribution = a.distributions().get(0);
        assertThat(distribution.count()).isEqualTo(2);
        assertThat(distribution.errors()).isEqualTo(1);
        assertThat(distribution.kind()).isTrue();
        assertThat(successes.total().blocks()).extracting(Block::totalNanos).as("wall time")
                .containsExactly(100L);
    }

    @Test
    void aBlockKeepsItsOperationsTailItsMedianAndTheTailLiesAboveIt() {
        Tally tally = new Tally("read", 0, List.of("read"), Tally.Options.ONE_AT_A_TIME, null);
        for (int us = 1; us <= 200; us++) {
            tally.ok(0, us * 1000L, us * 1000L, 1, us * 1000L);
        }
        tally.endRepetition(1, Measurement.NONE);
        Block block = tally.total().blocks().get(0);
        assertThat(block.measured().typicalUs()).as("the median of 1…200 µs")
                .isCloseTo(100.0, org.assertj.core.data.Offset
                .offset(0.5));
        assertThat(block.measured().tailUs()).as("the 99th percentile of 1…200 µs")
                .isCloseTo(198.0, org.assertj.core.data
                .Offset.offset(0.5));
        assertThat(dev.cqlbench.result.Measure.TAIL.of(block)).isEqualTo(block.measured().tailUs());
        assertThat(Block.together(List.of(block, block)).tailNanos()).as("no percentile of clients together")
                .isNull();
    }
}
