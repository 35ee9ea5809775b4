package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BetweenJvmTest {

    /** Series of {@code forks} JVMs over {@code rounds} rounds, each JVM off by N(0, tau), own noise 10 %. */
    private static List<ForkSeries> series(long seed, int count, int forks, int rounds, double tau) {
        Random random = new Random(seed);
        List<ForkSeries> out = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            double[][] logs = new double[forks][rounds];
            for (int k = 0; k < forks; k++) {
                double jvm = tau * random.nextGaussian();
                for (int r = 0; r < rounds; r++) {
                    logs[k][r] = jvm + 0.10 * random.nextGaussian();
                }
            }
            out.add(ForkSeries.of(logs));
        }
        return out;
    }

    @Test
    void findsTheSpreadOfJvmsBeyondTheirOwnNoise() {
        BetweenJvm b = BetweenJvm.of(series(1, 200, 3, 100, 0.02));
        assertThat(b.known()).isTrue();
        assertThat(b.sd()).isCloseTo(0.02, within(0.004));
        assertThat(b.spreadDf()).isEqualTo(400);
        double[] interval = b.sdInterval(0.999);
        assertThat(interval[0]).isLessThan(0.02);
        assertThat(interval[1]).isGreaterThan(0.02);
    }

    @Test
    void jvmsThatDifferOnlyByTheirNoiseShowLittleOrNone() {
        BetweenJvm b = BetweenJvm.of(series(2, 200, 3, 100, 0));
        assertThat(b.sd()).isLessThan(0.004);
        assertThat(b.sdInterval(0.999)[0]).isEqualTo(0.0);
    }

    @Test
    void oneForkTellsNothing() {
        BetweenJvm b = BetweenJvm.of(series(3, 10, 1, 100, 0.02));
        assertThat(b.known()).isFalse();
        assertThat(b.describe(0.999)).contains("not known");
    }
}
