package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LongRunVarianceTest {

    @Test
    void aBatchOfOneIsThePlainSampleVariance() {
        LongRunVariance v = LongRunVariance.of(new double[] {1, 2, 3, 4, 5}, 1);
        assertThat(v.mean()).isEqualTo(3.0);
        assertThat(v.variance()).isCloseTo(2.5, within(1e-12));
        assertThat(v.df()).isEqualTo(4.0);
        assertThat(v.ofMean()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void overlappingBatchMeansByHand() {
        // batches of 2 over {1, 3, 2, 6}: means 2, 2.5, 4 around 3: squares 1 + 0.25 + 1 = 2.25
        // σ² = n·b / ((n − b)(n − b + 1)) · 2.25 = 8 / 6 · 2.25 = 3; df = 1.5 · (4/2 − 1) = 1.5
        LongRunVariance v = LongRunVariance.of(new double[] {1, 3, 2, 6}, 2);
        assertThat(v.variance()).isCloseTo(3.0, within(1e-12));
        assertThat(v.df()).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void theBatchFollowsTheLag1CorrelationWithinOneValueAndAQuarterOfTheSeries() {
        double[] alternating = new double[60];
        double[] ramp = new double[60];
        double[] ar = new double[216];
        Random random = new Random(5);
        for (int i = 0; i < ramp.length; i++) {
            alternating[i] = i % 2;
            ramp[i] = i;
        }
        for (int i = 1; i < ar.length; i++) {
            ar[i] = 0.5 * ar[i - 1] + random.nextGaussian();
        }
        // neighbours unalike: the plain variance, n − 1 degrees of freedom
        assertThat(LongRunVariance.batchSize(alternating)).isEqualTo(1);
        assertThat(LongRunVariance.of(alternating).df()).isEqualTo(59);
        // neighbours as alike as can be: a quarter of the series
        assertThat(LongRunVariance.batchSize(ramp)).isEqualTo(15);
        // AR(1) ρ 0.5 (estimated near it): 2·1.1447·(α·216)^(1/3) with α = 4·0.25/(0.25·2.25) ≈ 1.78, so about 17
        assertThat(LongRunVariance.batchSize(ar)).isBetween(12, 24);
        assertThat(LongRunVariance.of(new double[] {1, 2})).isNull();
    }

    @Test
    void findsTheLongRunVarianceOfAnAutocorrelatedSeries() {
        // AR(1), ρ 0.5, innovations of sd 1: σ² = 1 / (1 − ρ)² = 4 (the variance of the values alone is 4/3)
        Random random = new Random(3);
        double[] x = new double[100_000];
        for (int i = 1; i < x.length; i++) {
            x[i] = 0.5 * x[i - 1] + random.nextGaussian();
        }
        LongRunVariance v = LongRunVariance.of(x);
        assertThat(v.variance()).isCloseTo(4.0, within(0.3));
        assertThat(LongRunVariance.of(x, 1).variance()).as("the plain variance misses it")
                .isCloseTo(4.0 / 3, within(0.05));
    }
}
