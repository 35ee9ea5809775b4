package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.TestResults;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {

    @Test
    void showsTheStudyTableThenPercentilesThenTheAudit() {
        String text = ConsoleReport.render(TestResults.fixed());
        assertThat(text).contains("average total time of 500 operations (ms), mean ± 99.9% CI over 2 cycles × 2 repetitions");
        assertThat(text).containsPattern("variant\\s+mode\\s+write\\s+read\\s+update\\s+delete");
        assertThat(text).containsPattern("driver4\\s+sync\\s+250\\.0 ± \\d+\\.\\d\\s+-\\s+-\\s+-");
        assertThat(text).containsPattern("driver4\\s+write\\s+2000\\s+2 \\{WriteTimeoutException=2}");
        assertThat(text).contains("statements=prepared, consistency=LOCAL_ONE");
        assertThat(text).doesNotContain("PARTIAL");
    }
}
