package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The demo's time: what a part leaves goes to the parts after it, in proportion to their own limits. */
class DemoBudgetTest {

    @Test
    void timeAPartLeavesGoesToThePartsAfterItByTheirLimits() {
        DemoCommand.Budget budget = new DemoCommand.Budget(50 + 30 + 20);
        assertThat(budget.limit(50)).isEqualTo(50);
        budget.spent(50, 20); // answered early: 30 s left over
        // 30 s shared over the 30 and 20 still ahead: 18 and 12
        assertThat(budget.limit(30)).isEqualTo(48);
        budget.spent(30, 48); // spent all it was given
        assertThat(budget.limit(20)).isEqualTo(32);
        budget.spent(20, 40); // a part that runs over its limit takes nothing from the others
        assertThat(budget.limit(0)).as("a part bounded by its phases, not a limit").isZero();
    }

    @Test
    void everyPartOfTheDemoIsARunCommandAndTheSharedNodeServesOnlyPartsThatAskForNoNodes() {
        List<dev.cqlbench.run.RunLine> parts = DemoCommand.parts();
        // the built-in scenarios, in registration order (the tests register one more, a recipe's)
        assertThat(parts).extracting(dev.cqlbench.run.RunLine::scenario)
                .containsSubsequence("crud", "decode", "hatshop", "writes", "mixes", "scale-out");
        assertThat(parts).filteredOn(DemoCommand::sharesANode).extracting(dev.cqlbench.run.RunLine::scenario)
                .contains("crud", "decode", "hatshop", "mixes").doesNotContain("writes", "scale-out");
        assertThat(parts).filteredOn(p -> DemoCommand.maxTime(p) > 0).extracting(dev.cqlbench.run.RunLine::scenario)
                .contains("crud", "decode", "hatshop", "writes").doesNotContain("mixes", "scale-out");
    }
}
