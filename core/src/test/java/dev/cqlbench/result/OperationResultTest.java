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
        assertThat(result.totalTimeCi().samples()).isEqualTo(4);
        assertThat(result.throughputOpsPerSec()).isCloseTo(8 / 0.012, within(1e-6));
        assertThat(HistogramCodec.decode(result.histogram()).getTotalCount()).isEqualTo(7);
        assertThat(result.latency().maxUs()).isCloseTo(2000, within(2.0));
        assertThat(result.clientCpuUsPerOp()).isCloseTo(1000.0, within(1e-9)); // 8 ms of CPU over 8 operations
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
