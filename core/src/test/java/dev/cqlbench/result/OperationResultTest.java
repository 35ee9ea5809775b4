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
    void aggregatesCyclesIntoTheStudysFigureAndFullPercentiles() {
        OperationCycle second = OperationCycle.builder("write", 1).count(4)
                .errors(1, Map.of("WriteTimeoutException", 1L)).repetitions(List.of(2L, 2L), List.of(3_000_000L, 5_000_000L))
                .histogram(histogramOf(1_000_000, 2_000_000, 2_000_000)).clientCpuNanos(4_000_000).build();
        OperationCycle first = OperationCycle.builder("write", 0).count(4)
                .repetitions(List.of(2L, 2L), List.of(2_000_000L, 2_000_000L))
                .histogram(histogramOf(1_000_000, 1_000_000, 1_000_000, 1_000_000)).clientCpuNanos(4_000_000).build();

        OperationResult result = OperationResult.aggregate("write", 2, List.of(second, first), 0.999);

        assertThat(result.count()).isEqualTo(8);
        assertThat(result.errors()).isEqualTo(1);
        assertThat(result.errorsByKind()).containsEntry("WriteTimeoutException", 1L);
        assertThat(result.repetitions()).extracting(RepetitionTime::cycle).containsExactly(0, 0, 1, 1);
        assertThat(result.meanTotalMillis()).isCloseTo(3.0, within(1e-9));
        assertThat(result.totalTimeCi()).as("4 repetitions: too few samples for an interval").isNull();
        assertThat(result.typicalUs()).as("no per-block figures in these cycles").isNull();
        assertThat(result.throughputOpsPerSec()).isCloseTo(8 / 0.012, within(1e-6));
        assertThat(HistogramCodec.decode(result.histogram()).getTotalCount()).isEqualTo(7);
        assertThat(result.latency().maxUs()).isCloseTo(2000, within(2.0));
        assertThat(result.clientCpuUsPerOp()).isCloseTo(1000.0, within(1e-9)); // 8 ms of CPU over 8 operations
    }

    @Test
    void eachBlockGivesItsTypicalTimeAndCpuAndTheirIntervals() {
        List<OperationCycle> cycles = new java.util.ArrayList<>();
        long[] typical = {200_000, 230_000, 210_000, 220_000, 205_000, 225_000};
        long[] cpu = {8_000_000, 8_300_000, 8_100_000, 8_400_000, 8_200_000, 8_500_000};
        for (int c = 0; c < typical.length; c++) {
            cycles.add(OperationCycle.builder("read", c).count(100).repetitions(List.of(100L), List.of(25_000_000L))
                    .histogram(histogramOf(200_000)).blocks(List.of(typical[c]), List.of(cpu[c]))
                    .serverBlocks(List.of(15_000_000L)).build());
        }
        OperationResult result = OperationResult.aggregate("read", 100, cycles, 0.999);
        assertThat(result.typicalUs().samples()).isEqualTo(6);
        assertThat(result.typicalUs().value()).isBetween(200.0, 230.0);
        assertThat(result.typicalUs().lower()).isPositive().isLessThan(result.typicalUs().value());
        assertThat(result.clientCpu().value()).as("8 ms or a little more over 100 operations").isBetween(80.0, 86.0);
        assertThat(result.serverCpu().value()).isCloseTo(150.0, within(1e-6));
        assertThat(result.repetitions().get(2).round()).isGreaterThan(result.repetitions().get(1).round());
    }

    @Test
    void aRepetitionCutShortByAStopIsNotASampleOfTheMean() {
        OperationCycle cut = OperationCycle.builder("read", 0).count(3)
                .repetitions(List.of(2L, 1L), List.of(4_000_000L, 1_000_000L)).histogram(histogramOf(1, 2, 3)).build();
        OperationResult result = OperationResult.aggregate("read", 2, List.of(cut), 0.999);
        assertThat(result.meanTotalMillis()).isEqualTo(4.0);
        assertThat(result.totalTimeCi()).isNull();
        assertThat(result.clientCpuUsPerOp()).as("CPU unknown").isNull();
        assertThat(result.repetitions()).extracting(RepetitionTime::operations).containsExactly(2L, 1L);
    }
}
