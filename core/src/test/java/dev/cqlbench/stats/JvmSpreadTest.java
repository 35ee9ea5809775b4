package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JvmSpreadTest {

    /** One variant's operations in {@code k} JVMs over 100 rounds, each JVM off by its own level, noise 10 %. */
    private static List<ForkSeries> variant(SplittableRandom random, int k, double[] levels) {
        List<ForkSeries> out = new ArrayList<>();
        for (int o = 0; o < 4; o++) {
            double[][] logs = new double[k][100];
            for (int f = 0; f < k; f++) {
                for (int r = 0; r < 100; r++) {
                    logs[f][r] = levels[f] + 0.10 * random.nextGaussian();
                }
            }
            out.add(ForkSeries.of(logs));
        }
        return out;
    }

    private static JvmSpread spread(List<ForkSeries> series) {
        List<double[]> noises = new ArrayList<>();
        for (ForkSeries s : series) {
            LongRunVariance own = s.own(1);
            noises.add(new double[] {own.variance(), own.df()});
        }
        return JvmSpread.of(series, noises);
    }

    @Test
    void jvmsInTwoJitOutcomesAreFoundFurtherApartThanACalibrationOfCloseJvmsSaysAndCloseOnesAreNot() {
        Component close = Component.of(0.003 * 0.003, 40, "calibration");
        SplittableRandom random = new SplittableRandom(1);
        JvmSpread apart = spread(variant(random, 4, new double[] {0, 0, 0.08, 0.08}));
        assertThat(apart.beyond(close, 0.99)).isTrue();
        JvmSpread together = spread(variant(random, 4, new double[] {0.001, -0.002, 0.003, 0}));
        assertThat(together.beyond(close, 0.99)).isFalse();
        assertThat(apart.beyond(Component.NONE, 0.99)).as("no calibration: nothing to disagree with").isFalse();
    }

    @Test
    void aQuietOperationWeighsMoreThanANoisyOneAndTheOperationsCountAsFewerWhereTheyDiffer() {
        SplittableRandom random = new SplittableRandom(2);
        List<ForkSeries> series = variant(random, 2, new double[] {0, 0});
        List<double[]> noises = List.of(new double[] {0.01, 99}, new double[] {0.01, 99}, new double[] {0.01, 99},
                new double[] {0.04, 99});
        JvmSpread s = JvmSpread.of(series, noises);
        // weights 1 : 1 : 1 : 1/16 (one over the noise's part squared)
        assertThat(s.ops()).isCloseTo(Math.pow(3 + 1.0 / 16, 2) / (3 + 1.0 / 256), within(1e-9));
        assertThat(s.within()).isCloseTo((3 * 0.01 + 0.04 / 16) / (3 + 1.0 / 16) / 100, within(1e-12));
    }

    @Test
    void aMeasureEveryJvmGaveAlikeHasNoSpreadAndFiniteDegreesOfFreedom() {
        // bytes allocated per operation can be the same in every JVM and round: nothing apart, nothing to divide by
        List<ForkSeries> series = variant(new SplittableRandom(3), 3, new double[] {0, 0, 0}).stream()
                .map(s -> ForkSeries.of(new double[3][100])).toList();
        JvmSpread s = spread(series);
        assertThat(s.spread()).isZero();
        assertThat(s.spreadDf()).isEqualTo(4 * 2.0);
        // with a calibration's τ² the run's own part (none, at its full degrees of freedom) pools with it
        RunNoise.Priors calibrated = new RunNoise.Priors() {
            @Override
            public Component jvm(String variant) {
                return Component.of(1e-4, 20, "calibration");
            }

            @Override
            public Component run(String a, String b, boolean overall) {
                return Component.NONE;
            }
        };
        Estimate e = RunNoise.of(java.util.Map.of("a", java.util.Map.of("op", series.get(0))), calibrated, 1)
                .figure("a", "op", series.get(0), 0.01, 0.99);
        assertThat(e.df()).isFinite();
        assertThat(e.upper()).isGreaterThan(1).isFinite();
    }
}
