package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Dispatching threads' parts of a pace add up to it. */
class PaceTest {

    @Test
    void partsShareTheOperationsAndInterleaveTheSchedule() {
        // a client's pace (its own schedule at phase 1/2 of two clients), split over 3 threads
        Pace pace = new Pace(1000, 0, 600, 0.5, 0);
        long ops = 0;
        List<Double> due = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Pace part = pace.part(t, 3);
            ops += part.maxOps();
            assertThat(part.rate()).isEqualTo(200);
            for (int m = 0; m < 4; m++) {
                due.add((m + part.phase()) / part.rate()); // seconds after the block began
            }
        }
        assertThat(ops).isEqualTo(1000);
        List<Double> expected = new ArrayList<>();
        for (int n = 0; n < 12; n++) {
            expected.add((n + 0.5) / 600); // the client's own schedule, as one thread would keep it
        }
        assertThat(due.stream().sorted().map(d -> Math.round(d * 1e9)).toList())
                .isEqualTo(expected.stream().map(d -> Math.round(d * 1e9)).toList());
    }

    @Test
    void noLimitStaysNoLimit() {
        assertThat(Pace.UNTIL_DONE.part(1, 4).maxOps()).isZero();
        assertThat(new Pace(0, 5000, 0).part(2, 4).millis()).isEqualTo(5000);
    }
}
