package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.TestResults;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

    @Test
    void aResultAgainstItselfHoldsEveryRatioAndMovesNoFigure() {
        ResultComparison.Outcome outcome = ResultComparison.compare(Reading.of(TestResults.fixed()),
                Reading.of(TestResults.fixed()), 0.99);
        assertThat(outcome.ratios()).isNotEmpty().allSatisfy(r -> {
            assertThat(r.verdict()).isIn(ResultComparison.HELD, ResultComparison.SAME);
            assertThat(r.change()).isCloseTo(1.0, within(1e-9));
        });
        assertThat(outcome.figures()).hasSize(2);
        assertThat(outcome.drift()).isCloseTo(1.0, within(1e-9));
        assertThat(outcome.onlyInBase()).isEmpty();
        assertThat(outcome.onlyInNew()).isEmpty();
    }

    @Test
    void aHostTenPercentSlowerMovesEveryFigureButNoRatio() {
        ResultComparison.Outcome outcome = ResultComparison.compare(Reading.of(TestResults.fixed()),
                Reading.of(TestResults.fixed(1.1, 1.1)),
                0.99);
        assertThat(outcome.moved()).isZero();
        assertThat(outcome.drift()).isCloseTo(1.1, within(0.01));
        String text = PrintedReportTest.unwrapped(ResultComparison.document(outcome, "a", "b").toString());
        assertThat(text).containsPattern("every figure moved by \\+10\\.\\d %").contains("host's drift between the runs");
    }

    @Test
    void aLibraryThatChangedMovesItsRatio() {
        ResultComparison.Outcome outcome = ResultComparison.compare(Reading.of(TestResults.fixed()),
                Reading.of(TestResults.fixed(0.5)), 0.99);
        ResultComparison.RatioRow time = outcome.ratios().stream()
                .filter(r -> r.measure().equals("time") && r.comparison().startsWith("driver4-mapper over driver4"))
                .findFirst().orElseThrow();
        assertThat(time.verdict()).isEqualTo(ResultComparison.MOVED);
        assertThat(time.change()).isCloseTo(2.0, within(0.06));
        assertThat(time.shift().lower()).isLessThan(time.change());
        assertThat(time.shift().upper()).isGreaterThan(time.change());
        assertThat(PrintedReportTest.unwrapped(ResultComparison.document(outcome, "a", "b").toString())).contains("ratios moved: part of it is "
                + "the libraries");
    }
}
