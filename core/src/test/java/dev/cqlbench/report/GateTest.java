package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The gate reads an interval against 1 + P: slower only when all of it lies above, within only when none does. */
class GateTest {

    private final Gate fivePercent = new Gate(0.05);

    private static Gate.Item item(double ratio, double lower, double upper) {
        return new Gate.Item("a over b write", ratio, lower, upper);
    }

    @Test
    void aRatioIsSlowerOnlyWhenItsWholeIntervalLiesAboveTheAllowance() {
        assertThat(fivePercent.judge(item(1.20, 1.10, 1.31))).isEqualTo(Gate.Outcome.SLOWER);
        // decided different from 1, but not decided beyond 5 %: the gate cannot say it is too slow
        assertThat(fivePercent.judge(item(1.063, 1.022, 1.105))).isEqualTo(Gate.Outcome.UNDECIDED);
        assertThat(fivePercent.judge(item(1.00, 0.97, 1.04))).isEqualTo(Gate.Outcome.WITHIN);
        // faster is within, however far
        assertThat(fivePercent.judge(item(0.5, 0.4, 0.6))).isEqualTo(Gate.Outcome.WITHIN);
        // the boundary: an upper end at exactly 1 + P is within; a lower end at exactly 1 + P is not yet slower
        assertThat(fivePercent.judge(item(1.0, 0.95, 1.05))).isEqualTo(Gate.Outcome.WITHIN);
        assertThat(fivePercent.judge(item(1.1, 1.05, 1.15))).isEqualTo(Gate.Outcome.UNDECIDED);
        // no interval: too few rounds together
        assertThat(fivePercent.judge(item(Double.NaN, Double.NaN, Double.NaN))).isEqualTo(Gate.Outcome.UNDECIDED);
        assertThat(new Gate(0).judge(item(1.001, 1.0005, 1.002))).isEqualTo(Gate.Outcome.SLOWER);
    }

    @Test
    void itFailsOnASlowerRatioAndOnAnUndecidedOneOnlyWhenAsked() {
        List<Gate.Judged> within = fivePercent.judge(List.of(item(1.0, 0.98, 1.02), item(1.01, 0.99, 1.03)));
        List<Gate.Judged> undecided = fivePercent.judge(List.of(item(1.0, 0.98, 1.02), item(1.04, 1.0, 1.09)));
        List<Gate.Judged> slower = fivePercent.judge(List.of(item(1.04, 1.0, 1.09), item(1.2, 1.1, 1.3)));
        assertThat(fivePercent.fails(within, false)).isFalse();
        assertThat(fivePercent.fails(within, true)).isFalse();
        assertThat(fivePercent.fails(undecided, false)).isFalse();
        assertThat(fivePercent.fails(undecided, true)).isTrue();
        assertThat(fivePercent.fails(slower, false)).isTrue();
        // nothing judged passes, unless an undecided gate fails: then nothing judged fails too
        assertThat(fivePercent.fails(List.of(), false)).isFalse();
        assertThat(fivePercent.fails(List.of(), true)).isTrue();
    }

    @Test
    void itsSectionNamesTheSlowerFirstThenTheUndecidedAndCountsTheRest() {
        List<Gate.Judged> judged = fivePercent.judge(List.of(
                new Gate.Item("m over d read", 1.04, 1.0, 1.09),
                new Gate.Item("m over d write", 1.2, 1.1, 1.3),
                new Gate.Item("m over d delete", 1.0, 0.98, 1.02)));
        String text = fivePercent.section(judged, false).toString();
        assertThat(text).contains("gate (--fail-if-slower 5 %): 1 of 3 time ratios within, 1 slower, 1 not decided: "
                + "FAILED");
        assertThat(text.indexOf("m over d write")).isLessThan(text.indexOf("m over d read"));
        assertThat(text).contains("+20.0 % (+10.0 to +30.0)").contains("slower by more than 5 %")
                .doesNotContain("m over d delete");
        assertThat(fivePercent.rows(judged, true).get(2)).contains("not decided (fails: --fail-if-not-decided)");
        assertThat(fivePercent.title(List.of(), false)).contains("no time ratio against a reference to judge");
    }

    @Test
    void aNegativeAllowanceIsRefused() {
        assertThatThrownBy(() -> new Gate(-0.01)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Gate(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
