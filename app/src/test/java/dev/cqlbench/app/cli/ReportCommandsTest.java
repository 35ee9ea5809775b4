package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.app.report.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'report' and 'compare' read saved results only: no server, no worker. */
class ReportCommandsTest {

    @Test
    void reportRendersSavedResultsAgainToTheTerminalAndOneHtmlPage(@TempDir Path dir) throws Exception {
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("a"));
        Files.delete(dir.resolve("a").resolve(ResultFiles.REPORT_HTML));
        Cli.Outcome one = Cli.run("report", dir.resolve("a").toString());
        assertThat(one.code()).as(one.err()).isEqualTo(ExitCode.OK);
        // as a run prints it: the verdicts and the key table; every table with --full
        assertThat(one.out()).contains("time per operation against driver4").doesNotContain("the study's view");
        Cli.Outcome full = Cli.run("report", "--full", dir.resolve("a").toString());
        assertThat(full.out()).contains("crud — every figure per timed block").contains("the study's view: average "
                + "total time of 500 operations");
        assertThat(dir.resolve("a").resolve(ResultFiles.REPORT_HTML)).exists();

        ResultFiles.write(Reading.of(TestResults.fixed(0.5)), dir.resolve("b"));
        Path both = dir.resolve("both.html");
        Cli.Outcome two = Cli.run("report", dir.resolve("a/result.json").toString(),
                dir.resolve("b").toString(), "--html", both.toString(), "--no-console");
        assertThat(two.code()).as(two.err()).isEqualTo(ExitCode.OK);
        assertThat(two.out()).isEmpty();
        assertThat(Files.readString(both)).contains("id=\"run0\"").contains("id=\"run1\"");
    }

    @Test
    void compareGivesARatioWithAVerdictPerVariantAndOperation(@TempDir Path dir) throws Exception {
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("base"));
        ResultFiles.write(Reading.of(TestResults.fixed(0.5)), dir.resolve("new"));
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
    void aGateFailsOnARatioDecidedSlowerThanAllowedAndOnlyThen(@TempDir Path dir) throws Exception {
        // the fixed result's mapper takes about 20 % more time than driver4, its interval a few % wide
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("a"));
        String a = dir.resolve("a").toString();
        String html = dir.resolve("r.html").toString();
        Cli.Outcome slower = Cli.run("report", a, "--html", html, "--fail-if-slower", "5%");
        assertThat(slower.code()).as(slower.err()).isEqualTo(ExitCode.SLOWER);
        assertThat(slower.out()).contains("gate (--fail-if-slower 5 %): 0 of 1 time ratios within, 1 slower, "
                + "0 not decided: FAILED").containsPattern("driver4-mapper over driver4 write +\\+[0-9.]+ % .* slower "
                + "by more than 5 %");
        Cli.Outcome allowed = Cli.run("report", a, "--html", html, "--fail-if-slower", "0.5", "--fail-if-not-decided");
        assertThat(allowed.code()).as(allowed.err()).isEqualTo(ExitCode.OK);
        assertThat(allowed.out()).contains("1 of 1 time ratios within, 0 slower, 0 not decided: passed");

        // two runs: the mapper's ratio over driver4 grew by 30 % in the second, and did not in a copy of the first
        ResultFiles.write(Reading.of(TestResults.fixed(1.0, 1.3)), dir.resolve("b"));
        Cli.Outcome moved = Cli.run("compare", a, dir.resolve("b").toString(), "--html", html, "--fail-if-slower",
                "10%");
        assertThat(moved.code()).as(moved.err()).isEqualTo(ExitCode.SLOWER);
        assertThat(moved.out()).contains("driver4-mapper over driver4 write, new ÷ base");
        Cli.Outcome held = Cli.run("compare", a, a, "--html", html, "--fail-if-slower", "10%");
        assertThat(held.code()).as(held.out()).isEqualTo(ExitCode.OK);
        assertThat(held.out()).contains("1 of 1 time ratios within");

        Cli.Outcome ambiguous = Cli.run("report", a, "--fail-if-slower", "5");
        assertThat(ambiguous.code()).isEqualTo(ExitCode.USAGE);
        assertThat(ambiguous.err()).contains("'5' is ambiguous: write 5% for 5 %").doesNotContain("\tat ");
        Cli.Outcome alone = Cli.run("report", a, "--fail-if-undecided");
        assertThat(alone.code()).isEqualTo(ExitCode.USAGE);
        assertThat(alone.err()).contains("--fail-if-not-decided needs --fail-if-slower P");
    }

    @Test
    void markdownSummariesReadAsTablesInAMarkdownViewer(@TempDir Path dir) throws Exception {
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("a"));
        String html = dir.resolve("r.html").toString();
        Cli.Outcome report = Cli.run("report", dir.resolve("a").toString(), "--html", html, "--format", "markdown",
                "--fail-if-slower", "5%");
        assertThat(report.code()).isEqualTo(ExitCode.SLOWER);
        String page = markdownToHtml(report.out());
        // none of study 01's claims names this run's variants: no claims table
        assertThat(page).contains("<h2>cqlbench run crud</h2>").doesNotContain("<th>claim</th>")
                .containsPattern("<td>driver4-mapper over driver4</td>\\s*<td>\\+[0-9.]+ \\([^<]*\\) \\*</td>")
                .contains("<h3>gate (--fail-if-slower 5 %): 0 of 1 time ratios within, 1 slower, 0 not decided: "
                        + "FAILED</h3>")
                .containsPattern("<td>driver4-mapper over driver4 write</td>\\s*<td>[^<]+</td>\\s*<td>slower by more "
                        + "than 5 %</td>");

        Cli.Outcome compare = Cli.run("compare", dir.resolve("a").toString(), dir.resolve("a").toString(), "--html",
                html, "--format", "markdown");
        assertThat(compare.code()).isEqualTo(ExitCode.OK);
        assertThat(markdownToHtml(compare.out())).contains("<h2>cqlbench compare</h2>").contains("<table>")
                .contains("<td>driver4-mapper over driver4</td>");
    }

    /** The page a Markdown viewer with GitHub's tables makes of {@code markdown}. */
    private static String markdownToHtml(String markdown) {
        List<Extension> tables = List.of(TablesExtension.create());
        return HtmlRenderer.builder().extensions(tables).build()
                .render(Parser.builder().extensions(tables).build().parse(markdown));
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
