package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RunProgressTest {

    /** writes at its defaults: 4 patterns (a unit: one pattern's cycle, 5 locality blocks), 3 cycles: 12 units. */
    private static double writes(double soFar, double timeShare) {
        return RunProgress.done(12, 3, soFar, timeShare);
    }

    @Test
    void aFirstRoundThatOutlastsTheBudgetIsShownItsShareOfThatRoundNotAllOfTheRun() {
        // 8 of the first round's 20 blocks done when the budget is spent: the round finishes, no other starts
        assertThat(writes(1.6, 1.0)).isCloseTo(0.4, within(1e-9));
        assertThat(writes(3.8, 1.0)).isCloseTo(0.95, within(1e-9));
        assertThat(writes(4, 1.0)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aRunOnPaceForItsBudgetIsShownItsShareOfTheRoundsTheBudgetHolds() {
        // a round and a half in a quarter of the budget: the budget would hold 24 units, the cycles 12
        assertThat(writes(6, 0.25)).isCloseTo(0.5, within(1e-9));
        // one round in half the budget: two rounds fit, one is done
        assertThat(writes(4, 0.5)).isCloseTo(0.5, within(1e-9));
        // no budget: the cycles decide
        assertThat(writes(3, 0)).isCloseTo(0.25, within(1e-9));
    }
}
