package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

    @Test
    void ofAQuantityThatCanBeNegativeIsTheStudentTIntervalOfTheSeriesLongRunVariance() {
        List<Double> values = List.of(1.0, -1.0, 2.0, -2.0, 0.0, 0.5, -0.5, 1.5);
        ConfidenceInterval ci = ConfidenceInterval.of(values, 0.95);
        LongRunVariance v = LongRunVariance.of(values.stream().mapToDouble(Double::doubleValue).toArray());
        double t = new org.apache.commons.math3.distribution.TDistribution(v.df()).inverseCumulativeProbability(0.975);
        assertThat(ci.mean()).isCloseTo(0.1875, within(1e-12));
        assertThat(ci.halfWidth()).isCloseTo(t * Math.sqrt(v.variance() / 8), within(1e-9));
        assertThat(ci.samples()).isEqualTo(8);
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

    @Test
    void aDifferenceWhoseValuesHappenToBePositiveCanStillReachZero() {
        // per-round differences, all above zero by chance: the positive-quantity interval (log scale) cannot include
        // zero, so it would call any such difference significant; the difference's interval does include it
        List<Double> differences = List.of(0.001, 2.0, 0.001, 3.0, 0.001, 2.5, 0.001);
        assertThat(ConfidenceInterval.of(differences, 0.999).lower()).isPositive();
        ConfidenceInterval ci = ConfidenceInterval.ofDifferences(differences, 0.999);
        assertThat(ci.lower()).isNegative();
        assertThat(ci.mean()).isCloseTo(differences.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                within(1e-12));
    }
}
