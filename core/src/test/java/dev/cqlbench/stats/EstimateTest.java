package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void isTheGeometricMeanAndNeverGoesBelowZero() {
        Estimate e = Estimate.ofSeries(List.of(1.0, 100.0, 2.0, 50.0, 1.0, 100.0), 0.999);
        assertThat(e.value()).isCloseTo(Math.pow(1e6, 1.0 / 6), within(1e-9));
        assertThat(e.lower()).isPositive().isLessThan(e.value());
        assertThat(e.upper()).isGreaterThan(e.value());
        assertThat(e.rounds()).isEqualTo(6);
        assertThat(e.forks()).isEqualTo(1);
    }

    @Test
    void tooFewRoundsGiveNoInterval() {
        assertThat(Estimate.ofSeries(List.of(1.0, 2.0, 3.0, 4.0), 0.999)).isNull();
        assertThat(Estimate.ofSeries(List.of(1.0, 5.0, 2.0, 4.0, 3.0), 0.999)).isNotNull();
        assertThat(Estimate.ofSeries(List.of(1.0, 2.0, 3.0, 4.0, 0.0, -1.0), 0.999)).as("not positive: no sample")
                .isNull();
    }

    @Test
    void withForksTheHostsStateIsPartOfTheFigureNotOfItsInterval() {
        // three JVMs that agree closely in every round while the host moves them all by ±30 %
        double[][] logs = new double[3][20];
        for (int r = 0; r < 20; r++) {
            double host = 0.3 * Math.sin(r);
            for (int k = 0; k < 3; k++) {
                logs[k][r] = Math.log(200) + host + 0.01 * ((r * 7 + k * 3) % 5 - 2);
            }
        }
        ForkSeries s = ForkSeries.of(logs);
        RunNoise noise = RunNoise.of(java.util.Map.of("v", java.util.Map.of("write", s)),
                priors(Component.of(0.005 * 0.005, 20, "test")), 0);
        Estimate e = noise.figure("v", "write", s, 0.001, 0.999);
        assertThat(e.relativeHalfWidth()).isLessThan(0.05);
        Estimate alone = Estimate.ofOneJvm(s.roundMeans(), 0.001, 0.999);
        assertThat(alone.relativeHalfWidth()).as("one series: the host is all it has").isGreaterThan(0.1);
    }

    /** Every variant's JVMs as {@code jvm} says, nothing between runs. */
    static RunNoise.Priors priors(Component jvm) {
        return new RunNoise.Priors() {
            @Override
            public Component jvm(String variant) {
                return jvm;
            }

            @Override
            public Component run(String a, String b, boolean overall) {
                return Component.NONE;
            }
        };
    }
}
