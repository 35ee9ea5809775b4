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
        OperationDistribution second = OperationDistribution.builder("write", 1)
                .outcomes(new Outcomes(4, 1, Map.of("WriteTimeoutException", 1L)))
                .histograms(Histograms.of(histogramOf(1_000_000, 2_000_000, 2_000_000))).build();
        OperationDistribution first = OperationDistribution.builder("write", 0).outcomes(Outcomes.succeeded(4))
                .histograms(Histograms.of(histogramOf(1_000_000, 1_000_000, 1_000_000, 1_000_000))).build();
        List<Block> blocks = List.of(block(1, 0, 3_000_000L, 1_500_000L), block(1, 1, 5_000_000L, 2_500_000L),
                block(0, 0, 2_000_000L, 1_000_000L), block(0, 1, 2_000_000L, 3_000_000L));

        OperationResult result = OperationResult.aggregate("write", 2, List.of(second, first));

        assertThat(result.count()).isEqualTo(8);
        assertThat(result.errors()).isEqualTo(1);
        assertThat(result.errorsByKind()).containsEntry("WriteTimeoutException", 1L);
        assertThat(HistogramCodec.decode(result.histogram()).getTotalCount()).isEqualTo(7);
        assertThat(result.latency().maxUs()).isCloseTo(2000, within(2.0));
        Block all = Block.inTurn(blocks);
        assertThat(all.measured().clientCpuUsPerOp()).isCloseTo(1000.0, within(1e-9)); // 8 ms of CPU over 8 operations
        assertThat(all.measured().serverCpuUsPerOp()).as("no block's servers read").isNull();
        assertThat(all.totalNanos()).isEqualTo(12_000_000L);
    }

    private static Block block(int cycle, int repetition, long totalNanos, long cpuNanos) {
        return Block.builder().operation("write").cycle(cycle).repetition(repetition)
                .measured(Measurement.of(2L, totalNanos).withClientCpuNanos(cpuNanos)).build();
    }

    @Test
    void theServersCpuIsStampedOnTheBlockItWasMeasuredForAndTheVariantAndForkOnEvery() {
        OperationDistribution cycle = OperationDistribution.builder("read", 7).outcomes(Outcomes.succeeded(200))
                .histograms(Histograms.of(histogramOf(200_000))).build();
        List<Long> servers = List.of(15_000_000L, 16_000_000L);
        List<Block> measured = List.of(
                Block.builder().operation("read").cycle(7).repetition(0)
                        .measured(Measurement.of(100, 25_000_000L).withTypicalNanos(200_000L)
                        .withClientCpuNanos(8_000_000L)).build(),
                Block.builder().operation("read").cycle(7).repetition(1)
                        .measured(Measurement.of(100, 26_000_000L).withTypicalNanos(210_000L)
                        .withClientCpuNanos(8_300_000L)).build());
        List<Block> blocks = measured.stream()
                .map(b -> b.stamped("driver4", 2, null, null, servers.get(b.repetition()))).toList();
        assertThat(blocks).extracting(Block::variant).containsOnly("driver4");
        assertThat(blocks).extracting(Block::fork).containsOnly(2);
        assertThat(blocks).extracting(Block::repetition).containsExactly(0, 1);
        assertThat(blocks.get(1).measured().typicalUs()).isCloseTo(210.0, within(1e-9));
        assertThat(blocks.get(1).measured().clientCpuUsPerOp()).isCloseTo(83.0, within(1e-9));
        assertThat(blocks.get(0).measured().serverCpuUsPerOp()).isCloseTo(150.0, within(1e-9));
        assertThat(blocks.get(1).measured().serverCpuUsPerOp()).isCloseTo(160.0, within(1e-9));
        assertThat(blocks.get(1).round()).isGreaterThan(blocks.get(0).round());
        Block all = Block.inTurn(blocks);
        assertThat(all.measured().serverCpuUsPerOp()).as("31 ms over 200 operations").isCloseTo(155.0, within(1e-9));
        assertThat(all.measured().clientCpuUsPerOp()).as("16.3 ms over 200 operations").isCloseTo(81.5, within(1e-9));
        assertThat(OperationResult.aggregate("read", 100, List.of(cycle)).count()).isEqualTo(200);
    }

    @Test
    void anOperationsCpuIsUnknownWhenAnyOfItsBlocksIs() {
        OperationDistribution cycle = OperationDistribution.builder("read", 0).outcomes(Outcomes.succeeded(200))
                .histograms(Histograms.of(histogramOf(200_000))).build();
        Block read = Block.builder().operation("read").repetition(0)
                .measured(Measurement.of(100, 1_000_000L).withClientCpuNanos(500_000L).withServerCpuNanos(700_000L))
                .build();
        Block unread = read.toBuilder().repetition(1)
                .measured(read.measured().withClientCpuNanos(null).withServerCpuNanos(null)).build();
        Block all = Block.inTurn(List.of(read, unread));
        assertThat(all.measured().clientCpuUsPerOp()).isNull();
        assertThat(all.measured().serverCpuUsPerOp()).isNull();
        assertThat(Block.inTurn(List.of(read, read)).measured().serverCpuUsPerOp()).as("1.4 ms over 200 operations")
                .isCloseTo(7.0, within(1e-9));
    }

    @Test
    void aBlockCutShortByAStopIsNotFull() {
        OperationDistribution cut = OperationDistribution.builder("read", 0).outcomes(Outcomes.succeeded(3))
                .histograms(Histograms.of(histogramOf(1, 2, 3))).build();
        List<Block> blocks = List.of(Block.builder().repetition(0).measured(Measurement.of(2L, 4_000_000L)).build(),
                Block.builder().repetition(1).measured(Measurement.of(1L, 1_000_000L)).build());
        assertThat(blocks).extracting(b -> b.full(2)).containsExactly(true, false);
        assertThat(blocks.get(0).measured().clientCpuUsPerOp()).as("CPU unknown").isNull();
        assertThat(Block.inTurn(blocks).measured().clientCpuUsPerOp()).isNull();
        assertThat(OperationResult.aggregate("read", 2, List.of(cut)).count()).isEqualTo(3);
    }
}
