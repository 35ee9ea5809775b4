package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerSettingsTest {

    @Test
    void aPreTouchedHeapStartsAtItsMaximumTouchedWhole() {
        assertThat(WorkerSettings.of(1024, true, List.of(), 300, null, false).jvmArgs())
                .containsExactly("-Xmx1024m", "-Xms1024m", "-XX:+AlwaysPreTouch", "-XX:+UseG1GC");
        assertThat(WorkerSettings.of(1024, false, List.of("-XX:+UseParallelGC"), 300, null, false).jvmArgs())
                .containsExactly("-Xmx1024m", "-XX:+UseParallelGC");
    }

    @Test
    void heapsAreTouchedWholeOnlyWhereTheyFitTwoThirdsOfTheMachinesMemory() {
        long gib = 1L << 30;
        // the 2-core host, 23.5 GiB: a profile of every library (7 variants × 2 JVMs of 1 GiB) fits, 16 do not
        assertThat(WorkerSettings.preTouchFits(14, 1024, 24_684_092L * 1024)).isTrue();
        assertThat(WorkerSettings.preTouchFits(16, 1024, 24_684_092L * 1024)).isFalse();
        assertThat(WorkerSettings.preTouchFits(10, 1024, 15 * gib)).isTrue();
        assertThat(WorkerSettings.preTouchFits(11, 1024, 15 * gib)).isFalse();
        assertThat(WorkerSettings.preTouchFits(1, 1024, 0)).as("memory unknown").isFalse();
    }
}
