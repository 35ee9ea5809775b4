package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ComponentTest {

    /** ω² as a calibration measures it: whole runs' spread 8e-5 (7 df) less 6e-5 their own noise explains. */
    private static final Component OMEGA = new Component(new double[][] {{8e-5, 7}, {-6e-5, 2000}}, 7, "test");

    @Test
    void aRunAsNoisyAsTheCalibrationsTakesTheSpreadLessTheNoiseAsOneTerm() {
        double[][] t = OMEGA.given(6e-5, 1);
        assertThat(t).hasDimensions(1, 2);
        assertThat(t[0][0]).isCloseTo(2e-5, within(1e-18));
        double df = 2e-5 * 2e-5 / (8e-5 * 8e-5 / 7 + 6e-5 * 6e-5 / 2000);
        assertThat(t[0][1]).as("the parts' Satterthwaite degrees of freedom, at least one").isEqualTo(Math.max(1, df));
        double[][] larger = new Component(new double[][] {{8e-5, 7}, {-2e-5, 2000}}, 7, "test").given(3e-5, 1);
        assertThat(larger[0][1]).isCloseTo(6e-5 * 6e-5 / (8e-5 * 8e-5 / 7 + 2e-5 * 2e-5 / 2000), within(1e-9));
        assertThat(OMEGA.given(9e-5, 0.5)[0][0]).isCloseTo(1e-5, within(1e-18));
        // a spread below the noise the calibration's runs had: nothing, for a run at least as noisy as they were
        assertThat(new Component(new double[][] {{5e-5, 7}, {-6e-5, 2000}}, 7, "test").given(6e-5, 1)).isEmpty();
    }

    @Test
    void theTwoRulesMeetWhereTheRunIsAsNoisyAsTheCalibrations() {
        double just = OMEGA.given(6e-5 - 1e-12, 1)[0][0];
        double at = OMEGA.given(6e-5, 1)[0][0];
        assertThat(just).isCloseTo(at, within(1e-11));
    }

    @Test
    void aQuieterRunTakesOffOnlyTheNoiseItHasKeepingTheSpreadsUncertainty() {
        // a run with 2e-5 of its own: 8e-5 − 2e-5 = 6e-5 more; its total then 8e-5, the spread's, with its 7 df
        double[][] t = OMEGA.given(2e-5, 1);
        assertThat(t).hasDimensions(1, 2);
        assertThat(t[0][0]).isCloseTo(6e-5, within(1e-18));
        double total = t[0][0] + 2e-5;
        double df = total * total / (t[0][0] * t[0][0] / t[0][1] + 2e-5 * 2e-5 / 1e9);
        assertThat(df).as("what the total's degrees of freedom come to: the spread's").isCloseTo(7, within(0.01));
        // never below zero: a spread smaller than the run's own noise adds nothing
        assertThat(new Component(new double[][] {{1e-5, 7}, {-6e-5, 2000}}, 7, "test").given(2e-5, 1)).isEmpty();
        assertThat(Component.NONE.given(1e-5, 1)).isEmpty();
        assertThat(OMEGA.floor()).as("what no number of rounds takes away").isEqualTo(8e-5);
    }
}
