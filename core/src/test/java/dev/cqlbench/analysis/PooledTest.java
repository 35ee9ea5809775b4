package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.PairedRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

class PooledTest {

    /** A run's estimate: its log ratio, 100 rounds, a JVM part and its rounds' noise; no run-level term. */
    private static Pooled.Raw run(double mean) {
        return new Pooled.Raw(mean, 100, 2, new double[][] {{1e-5, 30}, {4e-5, 99}}, 0);
    }

    @Test
    void withoutACalibrationTheRunsOwnSpreadIsTheVarianceOverTheirNumberWithOneDegreeOfFreedomLess() {
        List<Pooled.Raw> runs = List.of(run(0.02), run(0.05), run(0.08));
        Pooled.Raw pooled = Pooled.of(runs, Component.NONE);
        assertThat(pooled.mean()).isCloseTo(0.05, within(1e-12));
        assertThat(pooled.pairs()).isEqualTo(300);
        double spread = (0.03 * 0.03 * 2) / 2; // their sample variance
        double variance = java.util.Arrays.stream(pooled.terms()).mapToDouble(t -> t[0]).sum();
        assertThat(variance).as("the runs' spread over three").isCloseTo(spread / 3, within(1e-12));
        PairedRatio r = PairedRatio.of("a", "b", pooled.mean(), pooled.pairs(), pooled.forks(), pooled.terms(), 0.01,
                0.99);
        assertThat(r.df()).as("about two degrees of freedom: three runs").isLessThan(3);
    }

    @Test
    void aCalibratedRunLevelLendsThePoolItsDegreesOfFreedomAndIsDividedByTheRuns() {
        List<Pooled.Raw> runs = List.of(run(0.05), run(0.052), run(0.048));
        Component omega = Component.of(1e-4, 40, "calibration");
        Pooled.Raw pooled = Pooled.of(runs, omega);
        double variance = java.util.Arrays.stream(pooled.terms()).mapToDouble(t -> t[0]).sum();
        // a run's variance twice: ω² (40 df) plus its own noise, and the runs' spread (2 df); weighted by df, over 3
        double w = 2.0 / 42;
        double spread = (0.002 * 0.002 * 2) / 2;
        assertThat(variance).isCloseTo(((1 - w) * (1e-4 + 5e-5) + w * spread) / 3, within(1e-12));
        assertThat(pooled.terms()[pooled.terms().length - 1][0]).as("the rounds' noise last, over R²")
                .isCloseTo((1 - w) * 3 * 4e-5 / 9, within(1e-15));
    }
}
