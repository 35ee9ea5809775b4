package dev.cqlbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {

    @Test
    void measuredLatenciesLandInAStandardLogTaggedByOperationAndWarmupDoesNot(@TempDir Path dir) throws Exception {
        try (IntervalLog log = IntervalLog.open(dir, "driver4 mapper")) {
            LatencyRecorder warmup = LatencyRecorder.multiWriter(); // warmup recorders are never given the log
            warmup.recordNanos(999_000_000L);
            LatencyRecorder write = LatencyRecorder.of(false, log, "write");
            LatencyRecorder read = LatencyRecorder.of(true, log, "read, by key");
            LatencyRecorder untagged = LatencyRecorder.multiWriter();
            for (int i = 1; i <= 100; i++) {
                write.recordNanos(i * 1_000L);
                read.recordNanos(i * 2_000L);
                untagged.recordNanos(5_000_000_000L);
            }
        }
        Path log = dir.resolve("driver4_mapper.hlog");
        assertThat(log).exists();
        Map<String, Histogram> byTag = new HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null) {
            Histogram h = (Histogram) interval;
            byTag.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add(h);
        }
        assertThat(byTag).containsOnlyKeys("write", "read__by_key");
        assertThat(byTag.get("write").getTotalCount()).isEqualTo(100);
        assertThat(byTag.get("write").getMaxValue()).isBetween(99_900L, 100_100L);
        assertThat(byTag.get("read__by_key").getTotalCount()).isEqualTo(100);
        assertThat(Files.readString(log)).contains("#[StartTime: ").contains("Tag=write,");
    }
}
