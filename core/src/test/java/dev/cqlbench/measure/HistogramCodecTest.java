package dev.cqlbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {

    @Test
    void roundTripKeepsEveryRecordedValue() {
        Histogram histogram = new Histogram(3);
        for (long v = 1_000; v <= 1_000_000; v += 997) {
            histogram.recordValue(v);
        }
        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(histogram));
        assertThat(decoded.getTotalCount()).isEqualTo(histogram.getTotalCount());
        assertThat(decoded.getValueAtPercentile(99.9)).isEqualTo(histogram.getValueAtPercentile(99.9));
        assertThat(decoded.getMaxValue()).isEqualTo(histogram.getMaxValue());
    }

    @Test
    void garbageIsRejectedWithAClearMessage() {
        assertThatThrownBy(() -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an encoded HdrHistogram");
    }
}
