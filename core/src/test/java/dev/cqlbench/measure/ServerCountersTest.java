package dev.cqlbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerCountersTest {

    @Test
    void bucketBoundsAreCassandrasEstimatedHistogramOffsets() {
        assertThat(ServerCounters.offsets(14)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24);
    }

    @Test
    void partitionsAddUpExactlyForSmallBatches() {
        long[] buckets = new long[20];
        buckets[0] = 3; // three batches of 1 partition
        buckets[4] = 2; // two of 5
        assertThat(ServerCounters.partitions(buckets)).isEqualTo(3 + 10);
        long[] large = new long[60];
        large[43] = 1; // one batch in the bucket that holds 5,000
        long bound = ServerCounters.offsets(60)[43];
        assertThat(bound).isBetween(5000L, 6000L);
        assertThat(ServerCounters.partitions(large)).isBetween(Math.round(bound / 1.2), bound);
    }

    @Test
    void aReadingMinusAnEarlierOneKeepsWhatMoved() {
        ServerCounters.Counted before = new ServerCounters.Counted(Map.of("cql.prepared", 10L, "cql.regular", 4L));
        ServerCounters.Counted after = new ServerCounters.Counted(Map.of("cql.prepared", 110L, "cql.regular", 4L,
                "batch.unlogged", 1L));
        assertThat(after.since(before)).containsExactlyInAnyOrderEntriesOf(Map.of("cql.prepared", 100L,
                "batch.unlogged", 1L));
    }
}
