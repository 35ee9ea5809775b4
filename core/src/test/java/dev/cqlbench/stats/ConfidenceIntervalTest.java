package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

    @Test
    void matchesTheTextbookStudentTInterval() {
        // mean 3, s = 1.5811, n = 5, t(0.975, 4) = 2.7764 → half width 1.9632
        ConfidenceInterval ci = ConfidenceInterval.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0), 0.95);
        assertThat(ci.mean()).isEqualTo(3.0);
        assertThat(ci.halfWidth()).isCloseTo(1.9632, within(1e-3));
        assertThat(ci.samples()).isEqualTo(5);
    }

    @Test
    void higherConfidenceIsWider() {
        List<Double> samples = List.of(10.0, 12.0, 11.0, 13.0);
        assertThat(ConfidenceInterval.of(samples, 0.999).halfWidth())
                .isGreaterThan(ConfidenceInterval.of(samples, 0.95).halfWidth());
    }

    @Test
    void oneSampleHasNoInterval() {
        assertThat(ConfidenceInterval.of(List.of(4.0), 0.999)).isNull();
    }
}
