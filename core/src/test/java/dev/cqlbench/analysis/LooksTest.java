package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.stats.GroupSequential;
import java.util.List;
import org.junit.jupiter.api.Test;

class LooksTest {

    @Test
    void looksArePlacedAtQuartersOfThePlannedRoundsNoneBeforeTheFirstNorAtTheEnd() {
        assertThat(Looks.schedule(400)).containsExactly(100, 200, 300);
        assertThat(Looks.schedule(60)).containsExactly(20, 30, 45);
        assertThat(Looks.schedule(30)).containsExactly(20, 23);
        assertThat(Looks.schedule(22)).containsExactly(20);
        assertThat(Looks.schedule(20)).isEmpty();
    }

    @Test
    void aRunPlansUntilItsFirstLookThenKeepsItsPlan() {
        Stopper stopper = new Stopper(1000, true);
        stopper.plan(0, 1.0, 200); // 200 rounds fit
        assertThat(stopper.planned()).isEqualTo(200);
        stopper.plan(20, 0.5, 190); // faster than the settling rounds showed: 20 + 380 rounds
        assertThat(stopper.planned()).isEqualTo(400);
        assertThat(stopper.looksAt(100)).isTrue();
        assertThat(stopper.looksAt(50)).isFalse();
        SimulatedRun run = new SimulatedRun(1, SimulatedRun.Model.IID, 2, new double[2], 1000, 0.05, 0.999, 0.99);
        // no block yet: every question open, none futile
        assertThat(stopper.look(100, looks -> Analysis.at(run.settings, run.asked, List.of(), looks, run.variance,
                dev.cqlbench.result.Batches.CHOSEN))).isFalse();
        stopper.plan(101, 2.0, 100); // slower now: the plan and its looks stay, only what it can reach moves
        assertThat(stopper.planned()).isEqualTo(400);
        assertThat(stopper.reach()).isEqualTo(151);
        assertThat(stopper.looksAt(200)).isTrue();
    }

    @Test
    void aRunThatStopsAtALookIsAnalysedAtThatLookOnce() {
        Stopper stopper = new Stopper(1000, true);
        stopper.plan(0, 1.0, 200);
        SimulatedRun run = new SimulatedRun(1, SimulatedRun.Model.IID, 2, new double[2], 1000, 0.05, 0.999, 0.99);
        stopper.look(50, looks -> Analysis.at(run.settings, run.asked, List.of(), looks, run.variance,
                dev.cqlbench.result.Batches.CHOSEN));
        Looks last = stopper.at(50, true);
        assertThat(last.count()).as("the look the run stopped at, not twice").isEqualTo(1);
        assertThat(last.nominal(1e-3)).isCloseTo(GroupSequential.nominal(1e-3, new double[] {0.25}), within(1e-15))
                .isGreaterThan(0);
        assertThat(stopper.at(60, false).count()).as("a later end: the look, then the end").isEqualTo(2);
    }

    @Test
    void anAnalysisAtALookOrAtTheEndSpendsItsExactBoundary() {
        Looks second = Looks.of(List.of(100, 200), 400, true);
        assertThat(second.count()).isEqualTo(2);
        assertThat(second.nominal(1e-3)).isCloseTo(GroupSequential.nominal(1e-3, new double[] {0.25, 0.5}),
                within(1e-15));
        Looks end = Looks.of(List.of(100, 200), 400, false);
        assertThat(end.count()).isEqualTo(3);
        assertThat(end.nominal(1e-3)).as("the end spends what the looks left, at an exact boundary")
                .isGreaterThan(1e-3 * (1 - GroupSequential.pocock(0.5))).isLessThan(1e-3);
        assertThat(Looks.of(List.of(), 400, false)).isEqualTo(Looks.ONCE);
        assertThat(Looks.ONCE.nominal(1e-3)).isCloseTo(1e-3, within(1e-18));
    }

    @Test
    void aResultOfAnEarlierFormatIsReadAtTheShareItsUnionOverLooksGaveIt() {
        assertThat(Looks.ofShare(0.16).nominal(1e-3)).isCloseTo(0.16e-3, within(1e-12));
        assertThat(Looks.ofShare(1).nominal(1e-3)).isCloseTo(1e-3, within(1e-12));
    }

    @Test
    void aUnionOverLooksSpendsOnlyTheIncrement() {
        Looks second = Looks.of(List.of(100, 200), 400, true);
        assertThat(second.union(1e-3)).isCloseTo(1e-3 * (GroupSequential.pocock(0.5) - GroupSequential.pocock(0.25)),
                within(1e-15)).isLessThan(second.nominal(1e-3));
    }
}
