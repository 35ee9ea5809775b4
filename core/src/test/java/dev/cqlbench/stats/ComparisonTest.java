package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void aClearDifferenceIsSignificantAndWordedAsTheStudyDoes() {
        Comparison c = Comparison.of("kundera", List.of(80.0, 81.0, 79.0, 80.5, 79.5), "achilles",
                List.of(100.0, 101.0, 99.0, 100.5, 99.5), 0.999);
        assertThat(c.ratio()).as("of geometric means").isCloseTo(0.8, within(1e-3));
        assertThat(c.significant()).isTrue();
        assertThat(c.ratioLower()).isLessThan(0.8);
        assertThat(c.ratioUpper()).isGreaterThan(0.8).isLessThan(1.0);
        assertThat(c.sentence()).startsWith("kundera is 20% faster than achilles");
    }

    @Test
    void overlappingNoiseIsNotCalledADifference() {
        Comparison c = Comparison.of("a", List.of(100.0, 130.0, 90.0, 120.0, 95.0), "b",
                List.of(110.0, 95.0, 125.0, 100.0, 115.0), 0.999);
        assertThat(c.significant()).isFalse();
        assertThat(c.sentence()).startsWith("no significant difference between a and b");
        assertThat(c.ratioLower()).isLessThan(1.0);
        assertThat(c.ratioUpper()).isGreaterThan(1.0);
    }

    @Test
    void slowerIsSaidSlower() {
        Comparison c = Comparison.of("mapper", List.of(125.0, 126.0, 124.0, 125.0, 125.0), "driver",
                List.of(100.0, 101.0, 99.0, 100.0, 100.0), 0.99);
        assertThat(c.sentence()).startsWith("mapper is 25% slower than driver");
    }

    @Test
    void tooFewSamplesGiveNoVerdict() {
        assertThat(Comparison.of("a", List.of(1.0, 2.0, 3.0, 4.0), "b", List.of(1.0, 2.0, 3.0, 4.0, 5.0), 0.99))
                .isNull();
    }

    @Test
    void aRatioIntervalNeverGoesBelowZero() {
        Comparison c = Comparison.of("a", List.of(1.0, 50.0, 2.0, 80.0, 1.0), "b",
                List.of(100.0, 101.0, 99.0, 100.0, 100.0), 0.999);
        assertThat(c.ratioLower()).isPositive();
    }
}
