package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    /** Log-scale blocks: {@code warming} leading ones {@code excess} above a steady truth, then noise of sd 0.1. */
    private static double[] series(long seed, int n, int warming, double excess) {
        Random random = new Random(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.log(300) + (i < warming ? excess : 0) + 0.1 * random.nextGaussian();
        }
        return out;
    }

    @Test
    void leadingBlocksStillWarmingAreLeftOut() {
        // hatshop's by-order model measured 310, 299, 224 µs before settling near 120
        for (long seed = 0; seed < 50; seed++) {
            int cut = SteadyState.cut(series(seed, 150, 3, Math.log(2.5)));
            assertThat(cut).as("seed %d", seed).isBetween(3, 12);
        }
    }

    @Test
    void aSteadySeriesLosesLittle() {
        int total = 0;
        for (long seed = 0; seed < 200; seed++) {
            int cut = SteadyState.cut(series(seed, 100, 0, 0));
            assertThat(cut).isLessThanOrEqualTo(50);
            total += cut;
        }
        assertThat(total / 200.0).as("mean blocks left out of 100 steady ones").isLessThan(10);
    }

    @Test
    void aShortSeriesIsKeptWhole() {
        assertThat(SteadyState.cut(series(1, SteadyState.MIN_SERIES - 1, 3, 1))).isZero();
        assertThat(SteadyState.cut(series(1, SteadyState.MIN_SERIES, 3, 1))).isBetween(3, SteadyState.MIN_SERIES / 2);
    }
}
