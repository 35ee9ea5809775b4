package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.app.report.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'report' and 'compare' read saved results only: no server, no worker. */
class ReportCommandsTest {

    @Test
    void reportRendersSavedResultsAgainToTheTerminalAndOneHtmlPage(@TempDir Path dir) throws Exception {
        ResultFiles.write(TestResults.fixed(), dir.resolve("a"));
        Files.delete(dir.resolve("a").resolve(ResultFiles.REPORT_HTML));
        Cli.Outcome one = Cli.run("report", dir.resolve("a").toString());
        assertThat(one.code()).as(one.err()).isEqualTo(ExitCode.OK);
        // as a run prints it: the verdicts and the key table; every table with --full
        assertThat(one.out()).contains("study 01's claims, answered by this run")
                .contains("time per operation against driver4").doesNotContain("the study's view");
        Cli.Outcome full = Cli.run("report", "--full", dir.resolve("a").toString());
        assertThat(full.out()).contains("crud — every figure per timed block").contains("the study's view: average "
                + "total time of 500 operations");
        assertThat(dir.resolve("a").resolve(ResultFiles.REPORT_HTML)).exists();

        ResultFiles.write(TestResults.fixed(0.5), dir.resolve("b"));
        Path both = dir.resolve("both.html");
        Cli.Outcome two = Cli.run("report", dir.resolve("a/result.json").toString(),
                dir.resolve("b").toString(), "--html", both.toString(), "--no-console");
        assertThat(two.code()).as(two.err()).isEqualTo(ExitCode.OK);
        assertThat(two.out()).isEmpty();
        assertThat(Files.readString(both)).contains("id=\"run0\"").contains("id=\"run1\"");
    }

    @Test
    void compareGivesARatioWithAVerdictPerVariantAndOperation(@TempDir Path dir) throws Exception {
        ResultFiles.write(TestResults.fixed(), dir.resolve("base"));
        ResultFiles.write(TestResults.fixed(0.5), dir.resolve("new"));
        Path html = dir.resolve("c.html");
        Cli.Outcome outcome = Cli.run("compare", dir.resolve("base").toString(),
                dir.resolve("new").toString(), "--html", html.toString());
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        assertThat(outcome.out()).contains("new ratio ÷ base ratio")
                .containsPattern("driver4-mapper over driver4 +write +time .* moved")
                .containsPattern("driver4-mapper over driver4 +write +client CPU .* held")
                .containsPattern("driver4 +write +490\\.0 +240\\.0 +0\\.490");
        assertThat(Files.readString(html)).contains("moved").contains("compare-chart0");
    }

    @Test
    void badInputToReportAndCompareIsAOneLineUsageError(@TempDir Path dir) throws Exception {
        Cli.Outcome missing = Cli.run("report", dir.resolve("nothing").toString());
        assertThat(missing.code()).isEqualTo(ExitCode.USAGE);
        assertThat(missing.err()).contains("no result at").doesNotContain("\tat ");

        Path foreign = Files.writeString(dir.resolve("x.json"), "{\"format\":\"other\"}");
        Cli.Outcome notResult = Cli.run("compare", foreign.toString(), foreign.toString());
        assertThat(notResult.code()).isEqualTo(ExitCode.USAGE);
        assertThat(notResult.err()).contains("not a cqlbench result");

        Cli.Outcome oneArg = Cli.run("compare", foreign.toString());
        assertThat(oneArg.code()).isEqualTo(ExitCode.USAGE);
        assertThat(Cli.run("report", "--help").out()).contains("Renders saved results again");
        assertThat(Cli.run("compare", "--help").out()).contains("within each run");
    }
}
