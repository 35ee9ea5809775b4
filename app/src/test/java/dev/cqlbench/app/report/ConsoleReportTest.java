package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.TestResults;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {

    @Test
    void showsTheStudyTableThenPercentilesThenTheAudit() {
        String text = ConsoleReport.render(TestResults.fixed());
        assertThat(text).contains("average total time of 500 operations (ms), mean ± 99.9% CI over 2 cycles × 2 repetitions");
        assertThat(text).containsPattern("variant\\s+mode\\s+write\\n"); // the result's operations are the columns
        assertThat(text).containsPattern("driver4\\s+sync\\s+250\\.0 ± 5\\.3\\n");
        assertThat(text).containsPattern("driver4-mapper\\s+sync\\s+300\\.0 ± 5\\.3\\n");
        assertThat(text).containsPattern("driver4\\s+write\\s+2000\\s+2\\s+2000");
        assertThat(text).contains("errors of driver4 write: {WriteTimeoutException=2}");
        assertThat(text).contains("statements=prepared, consistency=LOCAL_ONE");
        assertThat(text).containsPattern("driver4\\s+0\\.10\\s+50\\.0\\s+200\\s+0\\.20\\s+100\\.0\\s+900");
        assertThat(text).contains("write: driver4 is 17% faster than driver4-mapper");
        assertThat(text).contains("cost of driver4-mapper over driver4: write +20%*");
        assertThat(text).doesNotContain("PARTIAL");
    }
}
