package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.Measure;
import dev.cqlbench.app.report.HtmlReport;
import dev.cqlbench.report.Forest;
import dev.cqlbench.stats.PairedRatio;
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
 * format (test resources results/v3/*.json) on one page, loaded by Debian's chromium. The page must load without
 * errors, every chart must draw pixels of its data inside its plot area (a legend alone does not count), and the
 * forest plot must put a comparison's point where the axis puts the ratio the result file gives; a screenshot goes
 * to target/report-screenshot.png. Skipped where chromium is missing, except under
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
        Files.writeString(page, HtmlReport.render("cqlbench demo", results.stream().map(Reading::of).toList()));

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
    void theForestPlotDrawsEachComparisonAtItsRatioOnTheLogAxisInItsRow() throws Exception {
        RunResult run = recorded("crud-32-rounds");
        Path page = out.resolve("forest.html");
        Files.writeString(page, HtmlReport.render("cqlbench crud", List.of(Reading.of(run))));
        Map<String, String> status = status(chromium.dumpDom(page));
        assertThat(status.get("data-errors")).as(status.get("data-error-text")).isEqualTo("0");
        assertThat(status.get("data-rendered")).as("charts that drew in their plot area")
                .isEqualTo(status.get("data-charts"));
        JsonNode forest = new ObjectMapper().readTree(status.get("data-forests").replace("&quot;", "\""))
                .get("run0-forest");
        assertThat(forest).as("the crud section's forest plot").isNotNull();
        double at1 = forest.get("at1").asDouble();
        double at10 = forest.get("at10").asDouble();
        assertThat(at10).as("the ratio axis grows to the right").isGreaterThan(at1 + 50);

        Reading reading = Reading.of(run);
        Analysis analysis = reading.analysis();
        List<Forest.Row> rows = Forest.of(reading, List.of()).rows();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(8);
        java.util.TreeMap<Integer, Double> rowHeights = new java.util.TreeMap<>();
        for (String[] comparison : new String[][] {{"driver3", "driver4", "read"}, {"driver3", "driver4", "write"},
                {"driver4-mapper", "driver4", "delete"}}) {
            PairedRatio r = analysis.compare(comparison[0], comparison[1], comparison[2], Measure.TIME);
            String label = comparison[0] + " over " + comparison[1] + " · " + comparison[2];
            JsonNode point = null;
            for (JsonNode p : forest.get("points")) {
                if (p.get("label").asText().equals(label) && !p.get("dataset").asText().contains("claim")) {
                    point = p;
                }
            }
            assertThat(point).as(label + " drawn").isNotNull();
            // where the axis puts the result file's ratio, from the axis's own pixels at 1 and 10
            double expected = at1 + Math.log10(r.ratio()) * (at10 - at1);
            assertThat(point.get("px").asDouble()).as(label + " at ratio " + r.ratio())
                    .isCloseTo(expected, org.assertj.core.api.Assertions.within(1.5));
            assertThat(point.get("dataset").asText()).as(label)
                    .startsWith(r.decided(analysis.margin()) ? "decided" : "not decided");
            int row = rows.stream().map(Forest.Row::label).toList().indexOf(label);
            assertThat(row).as(label + " is a row").isNotNegative();
            rowHeights.put(row, point.get("py").asDouble());
        }
        // each in its own row, top to bottom in the order the rows are listed
        assertThat(new ArrayList<>(rowHeights.values())).isSorted().doesNotHaveDuplicates();
        // two rows apart on the page are two row heights apart
        List<Double> ys = new ArrayList<>();
        forest.get("points").forEach(p -> ys.add(p.get("py").asDouble()));
        assertThat(ys.stream().distinct().count()).as("one row per comparison").isEqualTo(rows.size());
    }

    @Test
    void theComparisonPageDraws() throws Exception {
        // a run long enough to compare (32 rounds × 2 JVMs of three libraries), against itself: 16 ratios, all held
        RunResult run = recorded("crud-32-rounds");
        ResultComparison.Outcome outcome = ResultComparison.compare(Reading.of(run), Reading.of(run), 0.99);
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
