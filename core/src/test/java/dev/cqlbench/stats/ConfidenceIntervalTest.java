package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

    @Test
    void ofAQuantityThatCanBeNegativeMatchesTheTextbookStudentTInterval() {
        // mean 0, s = 1.5811, n = 5, t(0.975, 4) = 2.7764 → half width 1.9632 (neighbours unalike: no correction)
        ConfidenceInterval ci = ConfidenceInterval.of(List.of(1.0, -1.0, 2.0, -2.0, 0.0), 0.95);
        assertThat(ci.mean()).isEqualTo(0.0);
        assertThat(ci.halfWidth()).isCloseTo(1.9632, within(1e-3));
        assertThat(ci.samples()).isEqualTo(5);
    }

    @Test
    void higherConfidenceIsWider() {
        List<Double> samples = List.of(10.0, 12.0, 11.0, 13.0, 10.5, 12.5);
        assertThat(ConfidenceInterval.of(samples, 0.999).halfWidth())
                .isGreaterThan(ConfidenceInterval.of(samples, 0.95).halfWidth());
    }

    @Test
    void tooFewSamplesHaveNoInterval() {
        assertThat(ConfidenceInterval.of(List.of(4.0), 0.999)).isNull();
        assertThat(ConfidenceInterval.of(List.of(4.0, 5.0, 6.0, 7.0), 0.999)).isNull();
    }

    @Test
    void ofAPositiveQuantityNeverGoesBelowZero() {
        ConfidenceInterval ci = ConfidenceInterval.of(List.of(0.1, 90.0, 0.2, 120.0, 0.1), 0.999);
        assertThat(ci.lower()).isPositive();
        assertThat(ci.upper()).isGreaterThan(ci.mean());
    }
}
