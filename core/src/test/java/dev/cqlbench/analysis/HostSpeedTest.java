package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.Component;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HostSpeedTest {

    @Test
    void theSlopeOfARatioOnTheHostsSpeedIsFittedAndWhatIsLeftOfTheRunsSpreadIsWhatTheRoundsDoNotExplain() {
        SplittableRandom random = new SplittableRandom(11);
        List<double[]> ratios = new ArrayList<>();
        List<double[]> predicted = new ArrayList<>();
        List<Double> speeds = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            double speed = 0.05 * random.nextGaussian();
            double[] r = new double[4];
            double[] p = new double[4];
            for (int o = 0; o < 4; o++) {
                r[o] = 0.06 + 0.3 * speed + 0.005 * random.nextGaussian(); // the rounds' noise of a run's ratio: 0.5 %
                p[o] = 0.005 * 0.005;
            }
            ratios.add(r);
            predicted.add(p);
            speeds.add(Math.log(60_000) + speed);
        }
        HostSpeed h = HostSpeed.fit("a 1", "b 1", ratios, predicted, 4 * 12 * 59, speeds, "test");
        assertThat(h.slope()).isCloseTo(0.3, within(4 * Math.sqrt(h.slopeVariance())));
        assertThat(h.slopeDf()).isEqualTo(10);
        assertThat(h.reference()).isCloseTo(speeds.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                within(1e-12));
        double[] i = h.rest().sdInterval(0.999);
        assertThat(i[0]).as("nothing but the rounds' noise is left").isZero();
        assertThat(HostSpeed.fit("a 1", "b 1", ratios.subList(0, 7), predicted.subList(0, 7), 100,
                speeds.subList(0, 7), "test")).as("seven runs leave the pair's rest five degrees of freedom, fewer "
                + "than the run level pooled over pairs has: not fitted").isNull();
        assertThat(HostSpeed.fit("a 1", "b 1", ratios.subList(0, 8), predicted.subList(0, 8), 100,
                speeds.subList(0, 8), "test")).as("the default calibration's eight runs: fitted").isNotNull();
    }

    @Test
    void aRatioIsStatedAtTheCalibratedSpeedWithTheSlopesUncertaintyInItsVariance() {
        VarianceModel.Speed s = new VarianceModel.Speed("b", 1, 0.3, 0.0004, 10, Math.log(60_000), Component.NONE);
        Pooled.Raw raw = new Pooled.Raw(0.05, 100, 2, new double[][] {{1e-5, 40}, {4e-5, 99}}, 0);
        double[] x = {Math.log(66_000), 1e-6}; // this host 10 % slower than the calibration's mean
        Pooled.Raw at = HostSpeed.adjusted(raw, s, x, Component.of(4e-4, 5, "unadjusted"));
        double distance = Math.log(66_000) - Math.log(60_000);
        assertThat(at.mean()).isCloseTo(0.05 - 0.3 * distance, within(1e-12));
        assertThat(at.shift()).isCloseTo(0.3 * distance, within(1e-12));
        assertThat(at.terms()).hasNumberOfRows(4);
        assertThat(at.terms()[1][0]).as("the slope's uncertainty at this distance").isCloseTo(
                distance * distance * 0.0004, within(1e-15));
        assertThat(at.terms()[2][0]).as("the index's own noise, twice over").isCloseTo((0.09 + 0.6) * 1e-6,
                within(1e-15));
        assertThat(at.terms()[3]).as("the rounds' term stays last").containsExactly(4e-5, 99);
        VarianceModel.Speed reversed = new VarianceModel.Speed("a", -1, 0.3, 0.0004, 10, Math.log(60_000),
                Component.NONE);
        assertThat(HostSpeed.adjusted(raw, reversed, x, Component.NONE).mean()).as("B over A moves the other way")
                .isCloseTo(0.05 + 0.3 * distance, within(1e-12));
        Pooled.Raw unmeasured = HostSpeed.adjusted(raw, s, null, Component.of(4e-4, 5, "unadjusted"));
        assertThat(unmeasured.mean()).as("no client CPU: nothing moved").isEqualTo(0.05);
        assertThat(unmeasured.terms()[0]).as("and whole runs' spread without the speed taken out")
                .containsExactly(4e-4, 5);
    }

    @Test
    void aVariantsSpeedIndexIsItsMeanLogClientCpuAnOperationOverItsRounds() {
        List<Block> blocks = new ArrayList<>();
        for (int r = 0; r < 10; r++) {
            for (int k = 0; k < 2; k++) {
                blocks.add(Block.builder().variant("b").fork(k).cycle(r).operation("write")
                        .measured(Measurement.of(100, 1).withTypicalNanos(1L)
                        .withClientCpuNanos(100L * (r % 2 == 0 ? 50_000 : 70_000))).build());
            }
        }
        double[] x = HostSpeed.index(blocks);
        assertThat(x[0]).isCloseTo((Math.log(50_000) + Math.log(70_000)) / 2, within(1e-12));
        assertThat(x[1]).isPositive();
        assertThat(HostSpeed.index(blocks.subList(0, 4))).as("too few rounds").isNull();
    }
}
