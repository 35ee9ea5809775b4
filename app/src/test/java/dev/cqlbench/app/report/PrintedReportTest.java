package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.Verification;
import dev.cqlbench.scenario.Scenarios;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a run prints: the report its scenario makes of the result, found through the registry. */
class PrintedReportTest {

    /** The terminal text with the lines it wrapped at the terminal's width joined again. */
    static String unwrapped(String text) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            // a continuation: indented, after a line the wrap filled nearly to the width
            boolean continued = lines[i - 1].length() > dev.cqlbench.report.Format.WIDTH - 30
                    && lines[i].startsWith("  ") && !lines[i].isBlank();
            out.append(continued ? " " + lines[i].strip() : "\n" + lines[i]);
        }
        return out.toString();
    }


    @Test
    void opensWithTheVerdictsThenPerBlockFiguresThenTheStudyTableThenPercentilesThenTheAudit() {
        String text = Scenarios.report(Reading.of(TestResults.fixed())).toString();
        // none of study 01's libraries ran: none of its claims is one of this run's questions, and none is named
        assertThat(text).startsWith(String.format("%ncrud — every figure per timed block"))
                .doesNotContain("study 01's claims").doesNotContain("Kundera").doesNotContain("not measured");
        assertThat(unwrapped(text)).containsPattern("typical time per operation \\(µs\\).*\\n.*\\n-+\\ndriver4\\s+490 ±1\\.6 %\\n"
                + "driver4-mapper\\s+590 ±1\\.3 %\\n");
        assertThat(text).as("an interval wider than the 5 % asked for is marked")
                .containsPattern("driver4\\s+50\\.4 ±30\\.6 %†");
        assertThat(text).containsPattern("typical time per operation\\n.*write.*\\n-+\\ndriver4-mapper over driver4 +"
                + "\\+20\\.4 \\(\\+20\\.1…\\+20\\.7\\) \\*");
        assertThat(unwrapped(text)).contains("Primary (8, every variant against the reference): * different, its marks "
                + "holding jointly at 99% (Bonferroni over them); ≈ the same within ±5 %, each at 95% (two one-sided "
                + "tests)");
        assertThat(text).contains("one JVM per variant: what differs between JVMs of one library is in none of these "
                + "intervals");
        assertThat(text).contains("the study's view: average total time of 500 operations (ms), mean ± 99.9% CI over "
                + "3 rounds × 2 repetitions");
        assertThat(text).containsPattern("variant\\s+mode\\s+write\\n"); // the result's operations are the columns
        assertThat(text).containsPattern("driver4\\s+sync\\s+250\\.0 ± 4\\.0\\n");
        assertThat(text).containsPattern("driver4-mapper\\s+sync\\s+300\\.0 ± 4\\.0\\n");
        assertThat(text).containsPattern("driver4\\s+write\\s+3000\\s+2\\s+2000");
        assertThat(text).contains("errors of driver4 write: {WriteTimeoutException=2}");
        assertThat(text).contains("statements=prepared, consistency=LOCAL_ONE");
        // whole-cycle CPU in seconds and memory; CPU per operation is the per-block figure alone
        assertThat(text).containsPattern("driver4\\s+0\\.10\\s+200\\s+0\\.20\\s+900").doesNotContain("µs/op");
        assertThat(text.indexOf("typical time")).isLessThan(text.indexOf("the study's view"));
        assertThat(text).doesNotContain("PARTIAL");
    }

    @Test
    void aRunPrintsItsVerdictsAndOneKeyTableWithinTheTerminalsWidth() {
        String text = Scenarios.brief(Reading.of(TestResults.fixed())).toString();
        assertThat(text).startsWith(String.format("%ntime per operation against driver4")).doesNotContain("study 01");
        assertThat(text).containsPattern("time per operation against driver4 \\(the reference, named before the data\\)"
                + "\\n  3 rounds × 1 JVM per variant, stopped: last cycle\\n");
        assertThat(text).containsPattern("driver4-mapper over driver4 +\\+20\\.4 \\(\\+20…\\+21\\) \\*");
        assertThat(text).doesNotContain("the study's view").doesNotContain("HdrHistogram");
        assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(120));
    }

    @Test
    void statesWhatWasCheckedAndNamesTheVariantWhoseDataDiffered() {
        RunResult fixed = TestResults.fixed();
        assertThat(Scenarios.report(Reading.of(fixed)).toString()).as("nothing checked, nothing claimed")
                .doesNotContain("verification");
        List<VariantResult> variants = new ArrayList<>();
        long[][] notes = {{1000, 0, 0}, {1000, 3, 2}};
        for (int i = 0; i < 2; i++) {
            VariantResult v = fixed.variants().get(i);
            OperationResult op = v.operations().get(0);
            dev.cqlbench.result.OperationCounts n = dev.cqlbench.result.OperationCounts.checked(notes[i][0],
                    notes[i][1], notes[i][2]);
            OperationResult checked = op.withCounts(n);
            variants.add(v.withOperations(List.of(checked)));
        }
        assertThat(variants.get(1).verification()).isEqualTo(new Verification(1000, 3, 2));
        String text = Scenarios.report(Reading.of(fixed.withVariants(variants))).toString();
        assertThat(unwrapped(text)).contains("data verification: 2,000 values checked, 3 differed, 2 acknowledged writes could "
                + "not be read back (reads checked as they completed; acknowledged writes read back");
        assertThat(text).contains("  driver4-mapper: 1,000 checked, 3 DIFFERED, 2 unverifiable")
                .doesNotContain("  driver4: 1,000 checked");
    }
}
