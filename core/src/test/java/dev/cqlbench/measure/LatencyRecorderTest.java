package dev.cqlbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Several writing threads, each its own recorder: the intervals add up exactly. */
class LatencyRecorderTest {

    @Test
    void everyThreadsValuesAreInTheIntervalOnceEach() throws Exception {
        LatencyRecorder recorder = LatencyRecorder.multiWriter();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            long value = (t + 1) * 1_000L;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    recorder.recordNanos(value);
                }
            }));
        }
        threads.forEach(Thread::start);
        Histogram first = recorder.takeInterval(); // taken while they record: what it misses comes next
        for (Thread t : threads) {
            t.join();
        }
        Histogram rest = recorder.takeInterval();
        for (int t = 0; t < 4; t++) {
            long value = (t + 1) * 1_000L;
            assertThat(first.getCountAtValue(value) + rest.getCountAtValue(value)).isEqualTo(10_000);
        }
        assertThat(first.getTotalCount() + rest.getTotalCount()).isEqualTo(40_000);
        assertThat(recorder.takeInterval().getTotalCount()).as("ended threads' recorders are drained, then dropped")
                .isZero();
    }
}
