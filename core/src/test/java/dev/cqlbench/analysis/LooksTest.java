package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LooksTest {

    @Test
    void looksArePlacedByTheRoundsTheRunCanHoldNoneBeforeTheFirstNorAtTheEnd() {
        assertThat(Looks.schedule(400)).containsExactly(50, 100, 200);
        assertThat(Looks.schedule(60)).containsExactly(12, 15, 30);
        assertThat(Looks.schedule(30)).containsExactly(12, 15);
        assertThat(Looks.schedule(10)).isEmpty();
    }

    @Test
    void theErrorIsSpentByElapsedTimeAllOfItAtTheEnd() {
        assertThat(Looks.spent(0)).isZero();
        assertThat(Looks.spent(1)).isCloseTo(1, within(1e-12));
        assertThat(Looks.spent(0.5)).isCloseTo(Math.log(1 + (Math.E - 1) / 2), within(1e-12));
        assertThat(Looks.spent(2)).as("past the end: no more than all").isCloseTo(1, within(1e-12));
    }

    @Test
    void aRunThatRunsFasterThanPlannedLooksAgainAndSpendsOnlyWhatTheTimeGives() {
        Stopper stopper = new Stopper(1000, true);
        stopper.plan(1.0, 100); // 100 rounds fit
        assertThat(stopper.looksAt(13)).as("an eighth of 100").isTrue();
        double first = stopper.shareAt(0.2);
        assertThat(first).isCloseTo(Looks.spent(0.2), within(1e-12));
        stopper.replan(100, 0.5, 100); // twice as fast: 200 more rounds
        assertThat(stopper.horizon()).isEqualTo(300);
        assertThat(stopper.looksAt(150)).isTrue();
    }
}
