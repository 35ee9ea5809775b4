package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {

    private static List<Double> list(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    @Test
    void isTheGeometricMeanAndNeverGoesBelowZero() {
        Estimate e = Estimate.of(List.of(1.0, 100.0, 1.0, 100.0, 1.0, 100.0), 0.999);
        assertThat(e.value()).isCloseTo(10.0, within(1e-9));
        assertThat(e.lower()).isPositive().isLessThan(e.value());
        assertThat(e.upper()).isGreaterThan(e.value());
        assertThat(e.samples()).isEqualTo(6);
    }

    @Test
    void tooFewSamplesGiveNoInterval() {
        assertThat(Estimate.of(List.of(1.0, 2.0, 3.0, 4.0), 0.999)).isNull();
        assertThat(Estimate.of(List.of(1.0, 5.0, 2.0, 4.0, 3.0), 0.999)).isNotNull();
        assertThat(Estimate.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0), 0.999))
                .as("a steady climb: neighbours so alike that six blocks are worth fewer than five").isNull();
        assertThat(Estimate.of(List.of(1.0, 2.0, 3.0, 4.0, 0.0, -1.0), 0.999)).as("not positive: no sample").isNull();
    }

    @Test
    void coversTheTruthAsOftenAsItPromisesOnIndependentBlocks() {
        SyntheticBlocks synthetic = new SyntheticBlocks(17, 0.0, 0.0, 0.15);
        int misses = 0;
        for (int i = 0; i < 4000; i++) {
            Estimate e = Estimate.of(list(synthetic.blocks(new double[40], 250)), 0.999);
            misses += e.lower() > 250 || e.upper() < 250 ? 1 : 0;
        }
        // 0.1 % promised: 4 expected of 4000; 12 or more would happen by chance less than once in 10,000
        assertThat(misses).isLessThan(12);
    }

    @Test
    void keepsItsPromiseWhenNeighbouringBlocksShareTheHostsState() {
        SyntheticBlocks synthetic = new SyntheticBlocks(23, 0.12, 0.5, 0.05);
        int misses = 0;
        int uncorrected = 0;
        for (int i = 0; i < 4000; i++) {
            double[] blocks = synthetic.blocks(synthetic.host(120), 250);
            Estimate e = Estimate.of(list(blocks), 0.999);
            misses += e.lower() > 250 || e.upper() < 250 ? 1 : 0;
            double[] naive = naive(blocks);
            uncorrected += naive[0] > 250 || naive[1] < 250 ? 1 : 0;
        }
        assertThat(uncorrected).as("the plain t-interval misses far more often than it promises").isGreaterThan(40);
        assertThat(misses).as("the corrected one stays near its 0.1 %").isLessThan(16);
    }

    @Test
    void reachesFivePercentWithTheBlocksADefaultRunTakes() {
        // the spread of a typical-time block measured on the 2-core host (crud, 400 operations a block)
        SyntheticBlocks synthetic = new SyntheticBlocks(5, 0.12, 0.3, 0.05);
        Estimate e = Estimate.of(list(synthetic.blocks(synthetic.host(200), 250)), 0.999);
        assertThat(e.relativeHalfWidth()).isLessThan(0.05);
        assertThat(e.meets(0.05)).isTrue();
    }

    /** The t-interval that ignores neighbours' likeness, on the log scale. */
    private static double[] naive(double[] blocks) {
        double[] logs = Arrays.stream(blocks).map(Math::log).toArray();
        double mean = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (logs.length - 1));
        double t = new org.apache.commons.math3.distribution.TDistribution(logs.length - 1)
                .inverseCumulativeProbability(0.9995);
        double half = t * sd / Math.sqrt(logs.length);
        return new double[] {Math.exp(mean - half), Math.exp(mean + half)};
    }
}
