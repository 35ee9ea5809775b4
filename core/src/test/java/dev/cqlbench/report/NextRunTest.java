package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.analysis.Claim;
import dev.cqlbench.analysis.Measure;
import dev.cqlbench.analysis.Question;
import dev.cqlbench.stats.PairedRatio;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The forecast of the rounds an open comparison needs, and the text helpers of the terminal report. */
class NextRunTest {

    private static final Claim PLAIN = Claim.of(Question.of("a", "b", "write", Measure.TIME));

    private static PairedRatio ratio(double ratio, double halfLog) {
        return new PairedRatio("a", "b", ratio, ratio * Math.exp(-halfLog), ratio * Math.exp(halfLog), 0.99, 20, 2,
                19, halfLog / 3, 0.001);
    }

    @Test
    void anIntervalTwiceTooWideNeedsFourTimesTheRounds() {
        // +10 %: answered once the half-width is below log 1.10; now it is twice that
        double needed = Math.log(1.10);
        assertThat(NextRun.rounds(ratio(1.10, 2 * needed), PLAIN, 20, 0.05)).isCloseTo(80, within(1e-6));
        // already narrow enough: no more rounds than run
        assertThat(NextRun.rounds(ratio(1.10, needed / 2), PLAIN, 20, 0.05)).isCloseTo(5, within(1e-6));
    }

    @Test
    void aRatioNearOneIsAnsweredAsTheSameWithinTheMarginNotAsADifference() {
        // +1 %: "the same within ±5 %" needs a half-width below log 1.05 − log 1.01, not below log 1.01
        double wanted = Math.log(1.05) - Math.log(1.01);
        assertThat(NextRun.rounds(ratio(1.01, wanted * 3), PLAIN, 12, 0.05)).isCloseTo(12 * 9, within(1e-6));
    }

    @Test
    void aClaimedSizeIsSettledByAnIntervalWithinItsToleranceOrMissingIt() {
        Claim plus28 = Claim.of(Question.of("a", "b", "write", Measure.TIME), 1.28, 1.28);
        // +28 % seen: confirming needs the interval within 1.28/1.05 … 1.28·1.05, a half-width below log 1.05
        assertThat(NextRun.rounds(ratio(1.28, 2 * Math.log(1.05)), plus28, 20, 0.05)).isCloseTo(80, within(1e-6));
        // +10 % seen: contradicting needs it to miss 1.28/1.05, a half-width below log(1.28/1.05/1.10)
        double off = Math.log(1.28 / 1.05 / 1.10);
        assertThat(NextRun.rounds(ratio(1.10, 2 * off), plus28, 20, 0.05)).isCloseTo(80, within(1e-6));
    }

    @Test
    void withoutAMarginARatioOfOneIsNeverAnsweredAndTheForecastSaysAtMostAHundredTimes() {
        assertThat(NextRun.rounds(ratio(1.0, 0.1), PLAIN, 12, 0)).isEqualTo(12 * NextRun.MOST);
        assertThat(NextRun.rounds(null, PLAIN, 3, 0.05)).as("too few rounds for an interval: twice as many, at least 10")
                .isEqualTo(10);
    }

    @Test
    void longTextIsWrappedAtSpacesWithinTheWidthAndWideTablesAreSplitByColumns() {
        String text = "word ".repeat(60).strip();
        List<String> lines = Format.wrap(text, "    ").lines().toList();
        assertThat(lines).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(120));
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("    word"));
        assertThat(String.join(" ", lines.stream().map(String::strip).toList())).isEqualTo(text);

        assertThat(Table.parts(new int[] {30, 40, 40, 40}, 1)).containsExactly(List.of(0, 1, 2), List.of(0, 3));
        assertThat(Table.parts(new int[] {30, 10, 30, 30, 40}, 2)).as("two columns name a row: both repeat")
                .containsExactly(List.of(0, 1, 2, 3), List.of(0, 1, 4));
        assertThat(Table.parts(new int[] {30, 200}, 1)).as("a column wider than a line stays whole")
                .containsExactly(List.of(0, 1));
    }
}
