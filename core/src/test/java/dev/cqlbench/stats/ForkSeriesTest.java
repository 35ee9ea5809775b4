package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ForkSeriesTest {

    @Test
    void roundAndForkMeans() {
        ForkSeries s = ForkSeries.of(new double[][] {{1, 2, 3}, {3, 4, 5}});
        assertThat(s.roundMeans()).containsExactly(2, 3, 4);
        assertThat(s.forkMeans()).containsExactly(2, 4);
        assertThat(s.mean()).isEqualTo(3.0);
        assertThat(s.forkSpread()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void aJvmsOwnNoiseLeavesOutWhatEveryForkMetInTheSameRound() {
        Random random = new Random(1);
        int n = 400;
        double[][] quiet = new double[3][n];
        double[][] drifting = new double[3][n];
        double host = 0;
        for (int r = 0; r < n; r++) {
            host = 0.9 * host + 0.1 * random.nextGaussian();
            for (int k = 0; k < 3; k++) {
                quiet[k][r] = 0.05 * random.nextGaussian();
                drifting[k][r] = quiet[k][r] + host;
            }
        }
        LongRunVariance a = ForkSeries.of(quiet).own();
        LongRunVariance b = ForkSeries.of(drifting).own();
        assertThat(b.variance()).as("the host cancels exactly").isCloseTo(a.variance(), within(1e-12));
        assertThat(Math.sqrt(a.variance())).isCloseTo(0.05, within(0.006));
        assertThat(a.df()).isGreaterThan(150);
    }

    @Test
    void oneForkHasNoOwnNoiseApartFromTheHost() {
        assertThat(ForkSeries.of(new double[][] {{1, 2, 3, 4}}).own()).isNull();
    }
}
