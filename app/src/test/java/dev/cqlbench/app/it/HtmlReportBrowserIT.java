package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.report.HtmlReport;
import dev.cqlbench.app.report.ResultComparison;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * report.html in a real headless browser: results recorded by real demo runs of every scenario in the current
 * format (test resources results/v3/*.json) on one page, loaded by Debian's chromium. The page must load without errors and every chart must
 * draw pixels; a screenshot goes to target/report-screenshot.png. Skipped where chromium is missing, except under
 * CI (.ci/run installs it), where that is a failure.
 */
class HtmlReportBrowserIT {

    static final List<String> SCENARIOS = List.of("crud", "decode", "hatshop", "writes", "mixes", "scale-out");

    private static Chromium chromium;
    private static Path out;

    @BeforeAll
    static void browser() throws IOException {
        out = Files.createDirectories(Path.of("target", "browser"));
        var found = Chromium.find(Files.createDirectories(out.resolve("profile")));
        if (found.isEmpty() && System.getenv("CI") != null) {
            Assertions.fail("chromium not found under CI: .ci/run installs Debian's chromium package");
        }
        Assumptions.assumeTrue(found.isPresent(), "no chromium on this machine (Debian: apt-get install chromium)");
        chromium = found.get();
    }

    static RunResult recorded(String name) throws URISyntaxException {
        return ResultFiles.read(Path.of(HtmlReportBrowserIT.class.getResource("/results/v3/" + name + ".json").toURI()));
    }

    static List<RunResult> recorded() throws URISyntaxException {
        List<RunResult> results = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            results.add(recorded(scenario));
        }
        return results;
    }

    @Test
    void everyScenarioOnOnePageLoadsWithoutErrorsAndEveryChartDraws() throws Exception {
        List<RunResult> results = recorded();
        Path page = out.resolve("report.html");
        Files.writeString(page, HtmlReport.render("cqlbench demo", results));

        String dom = chromium.dumpDom(page);
        Map<String, String> status = status(dom);
        assertThat(status.get("data-done")).as(status.toString()).isEqualTo("true");
        assertThat(status.get("data-errors")).as(status.get("data-error-text")).isEqualTo("0");
        int charts = Integer.parseInt(status.get("data-charts"));
        assertThat(charts).as("charts declared").isGreaterThanOrEqualTo(20);
        assertThat(status.get("data-rendered")).as("charts that drew pixels").isEqualTo(Integer.toString(charts));
        for (int i = 0; i < SCENARIOS.size(); i++) {
            assertThat(dom).contains("<section class=\"run\" id=\"run" + i + "\">\n<h2>" + SCENARIOS.get(i) + "</h2>");
        }
        // the timeline of scale-out marks the join; writes has its locality curve
        assertThat(dom).contains("join-start").contains("writes/s by temporal locality");

        Path png = Path.of("target", "report-screenshot.png");
        chromium.screenshot(page, png, 1400, 2200);
        assertThat(Files.size(png)).as("a screenshot with content").isGreaterThan(50_000);
    }

    @Test
    void theComparisonPageDraws() throws Exception {
        // a run long enough to compare (32 rounds × 2 JVMs of three libraries), against itself: 16 ratios, all held
        RunResult run = recorded("crud-32-rounds");
        ResultComparison.Outcome outcome = ResultComparison.compare(run, run, 0.99);
        assertThat(outcome.ratios()).hasSize(16).allSatisfy(r -> assertThat(r.verdict()).isEqualTo(
                ResultComparison.HELD));
        Path page = out.resolve("compare.html");
        Files.writeString(page, HtmlReport.render("cqlbench compare", "crud.json → crud.json", "new ÷ base",
                ResultComparison.document(outcome, "crud.json", "crud.json"), "compare"));
        Map<String, String> status = status(chromium.dumpDom(page));
        assertThat(status.get("data-errors")).as(status.get("data-error-text")).isEqualTo("0");
        assertThat(status.get("data-charts")).isEqualTo("1");
        assertThat(status.get("data-rendered")).isEqualTo("1");
    }

    private static Map<String, String> status(String dom) {
        Matcher element = Pattern.compile("<div id=\"cqlbench-status\"([^>]*)>").matcher(dom);
        assertThat(element.find()).as("status element in the DOM").isTrue();
        Map<String, String> attributes = new LinkedHashMap<>();
        Matcher attribute = Pattern.compile("([\\w-]+)=\"([^\"]*)\"").matcher(element.group(1));
        while (attribute.find()) {
            attributes.put(attribute.group(1), attribute.group(2));
        }
        return attributes;
    }
}
