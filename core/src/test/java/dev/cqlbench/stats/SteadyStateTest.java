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
        int found = 0;
        for (long seed = 0; seed < 20; seed++) {
            found += SteadyState.cut(series(seed, SteadyState.MIN_SERIES, 3, 1)) >= 3 ? 1 : 0;
        }
        assertThat(found).as("seeds of 20 whose 3 warming blocks of 20 are found").isGreaterThanOrEqualTo(12);
    }

    @Test
    void aHostThatSpeedsUpHalfWayIsNotMistakenForWarmUp() {
        // as in a crud run: every figure 15 % lower from block 110 of 200 on, client and server alike
        Random random = new Random(9);
        double[] stepped = new double[200];
        for (int i = 0; i < stepped.length; i++) {
            stepped[i] = Math.log(i < 110 ? 300 : 255) + 0.05 * random.nextGaussian();
        }
        assertThat(SteadyState.cut(stepped)).isZero();
    }
}
