package dev.cqlbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.measure.HistogramCodec;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class OperationResultTest {

    private static String histogramOf(long... nanos) {
        Histogram h = new Histogram(3);
        for (long n : nanos) {
            h.recordValue(n);
        }
        return HistogramCodec.encode(h);
    }

    @Test
    void aggregatesCyclesIntoCountsAndFullPercentiles() {
        OperationCycle second = OperationCycle.builder("write", 1).count(4)
                .errors(1, Map.of("WriteTimeoutException", 1L)).blocks(List.of(Block.builder().repetition(0).operations(2L).totalNanos(3_000_000L).build(), Block.builder().repetition(1).operations(2L).totalNanos(5_000_000L).build()))
                .histogram(histogramOf(1_000_000, 2_000_000, 2_000_000)).clientCpuNanos(4_000_000).build();
        OperationCycle first = OperationCycle.builder("write", 0).count(4)
                .blocks(List.of(Block.builder().repetition(0).operations(2L).totalNanos(2_000_000L).build(), Block.builder().repetition(1).operations(2L).totalNanos(2_000_000L).build()))
                .histogram(histogramOf(1_000_000, 1_000_000, 1_000_000, 1_000_000)).clientCpuNanos(4_000_000).build();

        OperationResult result = OperationResult.aggregate("write", 2, List.of(second, first));

        assertThat(result.count()).isEqualTo(8);
        assertThat(result.errors()).isEqualTo(1);
        assertThat(result.errorsByKind()).containsEntry("WriteTimeoutException", 1L);
        assertThat(HistogramCodec.decode(result.histogram()).getTotalCount()).isEqualTo(7);
        assertThat(result.latency().maxUs()).isCloseTo(2000, within(2.0));
        assertThat(result.clientCpuUsPerOp()).isCloseTo(1000.0, within(1e-9)); // 8 ms of CPU over 8 operations
    }

    @Test
    void theServersCpuIsStampedOnTheBlockItWasMeasuredForAndTheVariantAndForkOnEvery() {
        OperationCycle cycle = OperationCycle.builder("read", 7).count(200).histogram(histogramOf(200_000))
                .blocks(List.of(
                        Block.builder().operation("read").cycle(7).repetition(0).operations(100).totalNanos(25_000_000L)
                                .typicalNanos(200_000L).clientCpuNanos(8_000_000L).build(),
                        Block.builder().operation("read").cycle(7).repetition(1).operations(100).totalNanos(26_000_000L)
                                .typicalNanos(210_000L).clientCpuNanos(8_300_000L).build()))
                .build().withServerCpu(List.of(15_000_000L, 16_000_000L));
        assertThat(cycle.serverCpuNanos()).isEqualTo(31_000_000L);
        List<Block> blocks = cycle.blocks().stream().map(b -> b.ranBy("driver4", 2)).toList();
        assertThat(blocks).extracting(Block::variant).containsOnly("driver4");
        assertThat(blocks).extracting(Block::fork).containsOnly(2);
        assertThat(blocks).extracting(Block::repetition).containsExactly(0, 1);
        assertThat(blocks.get(1).typicalUs()).isCloseTo(210.0, within(1e-9));
        assertThat(blocks.get(1).clientCpuUsPerOp()).isCloseTo(83.0, within(1e-9));
        assertThat(blocks.get(0).serverCpuUsPerOp()).isCloseTo(150.0, within(1e-9));
        assertThat(blocks.get(1).serverCpuUsPerOp()).isCloseTo(160.0, within(1e-9));
        assertThat(blocks.get(1).round()).isGreaterThan(blocks.get(0).round());
    }

    @Test
    void aBlockCutShortByAStopIsNotFull() {
        OperationCycle cut = OperationCycle.builder("read", 0).count(3)
                .blocks(List.of(Block.builder().repetition(0).operations(2L).totalNanos(4_000_000L).build(), Block.builder().repetition(1).operations(1L).totalNanos(1_000_000L).build())).histogram(histogramOf(1, 2, 3)).build();
        List<Block> blocks = cut.blocks();
        assertThat(blocks).extracting(b -> b.full(2)).containsExactly(true, false);
        assertThat(blocks.get(0).clientCpuUsPerOp()).as("CPU unknown").isNull();
        assertThat(OperationResult.aggregate("read", 2, List.of(cut)).clientCpuUsPerOp()).isNull();
    }
}
