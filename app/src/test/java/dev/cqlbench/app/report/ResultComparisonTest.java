package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.TestResults;
import dev.cqlbench.report.Table;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

    @Test
    void aResultAgainstItselfShowsNoDifference() {
        ResultComparison.Outcome outcome = ResultComparison.compare(TestResults.fixed(), TestResults.fixed(), 0.999);
        assertThat(outcome.rows()).hasSize(2).allSatisfy(r -> {
            assertThat(r.verdict()).isEqualTo(ResultComparison.SAME);
            assertThat(r.ratio()).isEqualTo(1.0);
            assertThat(r.baseRepetitions()).isEqualTo(6);
        });
        assertThat(outcome.onlyInBase()).isEmpty();
        assertThat(outcome.onlyInNew()).isEmpty();
    }

    @Test
    void halvedTimesAreFasterAndDoubledSlowerWithTheRatioInsideItsInterval() {
        ResultComparison.Row faster = ResultComparison.compare(TestResults.fixed(), TestResults.fixed(0.5), 0.999)
                .rows().get(0);
        assertThat(faster.variant()).isEqualTo("driver4");
        assertThat(faster.verdict()).isEqualTo(ResultComparison.FASTER);
        assertThat(faster.ratio()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.001));
        assertThat(faster.ratioLower()).isLessThan(faster.ratio());
        assertThat(faster.ratioUpper()).isGreaterThan(faster.ratio());
        assertThat(faster.baseUsPerOp()).isCloseTo(500, org.assertj.core.data.Offset.offset(2.0));

        ResultComparison.Row slower = ResultComparison.compare(TestResults.fixed(), TestResults.fixed(2), 0.999)
                .rows().get(0);
        assertThat(slower.verdict()).isEqualTo(ResultComparison.SLOWER);
        // the mapper did not change
        assertThat(ResultComparison.compare(TestResults.fixed(), TestResults.fixed(2), 0.999).rows().get(1).verdict())
                .isEqualTo(ResultComparison.SAME);
    }

    @Test
    void theTableHasAVerdictPerRow() {
        var table = ResultComparison.table(ResultComparison.compare(TestResults.fixed(), TestResults.fixed(0.5), 0.999));
        assertThat(table.get(0)).contains("new ÷ base", "99.9% CI", "verdict");
        assertThat(table.get(1)).contains("driver4", "write", "faster");
        assertThat(Table.render(table)).contains("driver4-mapper");
    }
}
