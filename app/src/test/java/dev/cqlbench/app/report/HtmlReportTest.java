package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.scenario.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page's structure and chart data; the browser test (HtmlReportBrowserIT) checks that it draws. */
class HtmlReportTest {

    @Test
    void thePageIsSelfContained() {
        String html = HtmlReport.render("cqlbench crud", List.of(Reading.of(TestResults.fixed())));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("Chart.js v4.5.1").contains("chartjs-plugin-annotation")
                .doesNotContain("src=\"http").doesNotContain("href=\"http").doesNotContain("sourceMappingURL");
        // the study-shaped tables are tables, and the terminal text is there too
        assertThat(html).contains("<th>variant</th>").contains("driver4-mapper")
                .contains("statement audit").contains("full configuration");
    }

    @Test
    void declaredChartsBecomeChartJsConfigurationsWithIntervals() throws Exception {
        List<Map<String, Object>> charts = HtmlCharts.of(Reading.of(TestResults.fixed()), "r");
        // defaults: bars, percentiles, resources (CPU and memory); no timeline in a crud result
        assertThat(charts).extracting(c -> c.get("id")).containsExactly("r-chart0", "r-chart1", "r-chart2",
                "r-chart3");
        JsonNode bars = Json.pretty().valueToTree(charts.get(0));
        assertThat(bars.at("/config/type").asText()).isEqualTo("bar");
        assertThat(bars.at("/whiskers").asBoolean()).isTrue();
        assertThat(bars.at("/config/data/labels/0").asText()).isEqualTo("write");
        assertThat(bars.at("/config/data/datasets/0/label").asText()).isEqualTo("driver4");
        double mean = bars.at("/config/data/datasets/0/data/0").asDouble();
        // the typical time per operation: each block's 500 µs a operation less the fixture's 10 µs
        assertThat(mean).isCloseTo(490, org.assertj.core.data.Offset.offset(1.0));
        assertThat(bars.at("/config/data/datasets/0/ci/0/0").asDouble()).isLessThan(mean);
        assertThat(bars.at("/config/data/datasets/0/ci/0/1").asDouble()).isGreaterThan(mean);

        JsonNode percentiles = Json.pretty().valueToTree(charts.get(1));
        assertThat(percentiles.at("/percentileAxis").asText()).isEqualTo("x");
        assertThat(percentiles.at("/config/options/scales/x/type").asText()).isEqualTo("logarithmic");
        JsonNode points = percentiles.at("/config/data/datasets/0/data");
        assertThat(points.size()).isGreaterThan(10);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).get("x").asDouble()).isGreaterThanOrEqualTo(points.get(i - 1).get("x").asDouble());
            assertThat(points.get(i).get("y").asDouble()).isGreaterThanOrEqualTo(points.get(i - 1).get("y").asDouble());
        }
        // 1..1000 µs recorded: the median is near 500 µs, the last point is the maximum
        assertThat(points.get(points.size() - 1).get("y").asDouble()).isCloseTo(1000, org.assertj.core.data.Offset.offset(2.0));
    }

    @Test
    void aCurvePlacesTheOperationsItNamesAndThroughputHasARepetitionInterval() {
        ChartSpec missing = ChartSpec.curve("t", ChartSpec.THROUGHPUT, "x",
                List.of(new ChartSpec.Point("read", "", 1)));
        ChartSpec curve = ChartSpec.curve("c", ChartSpec.THROUGHPUT, "batch size",
                List.of(new ChartSpec.Point("write", "", 5), new ChartSpec.Point("write", "", 10)));
        ChartSpec single = ChartSpec.curve("one x", ChartSpec.THROUGHPUT, "batch size",
                List.of(new ChartSpec.Point("write", "", 5)));
        // the result has no "read": no point can be placed, so that chart is left out rather than drawn empty; a
        // curve over one x value would be a degenerate axis, left out too
        var declared = TestResults.fixed().withCharts(List.of(missing, curve, single,
                ChartSpec.bars("b", ChartSpec.THROUGHPUT)));
        List<Map<String, Object>> charts = HtmlCharts.of(Reading.of(declared), "r");
        assertThat(charts).hasSize(2);
        JsonNode line = Json.pretty().valueToTree(charts.get(0));
        assertThat(line.at("/config/type").asText()).isEqualTo("line");
        assertThat(line.at("/config/data/datasets/0/data/0/x").asDouble()).isEqualTo(5.0);
        JsonNode bars = Json.pretty().valueToTree(charts.get(1));
        // 500 ops in ~0.25 s per repetition
        assertThat(bars.at("/config/data/datasets/0/data/0").asDouble()).isCloseTo(2000, org.assertj.core.data.Offset.offset(20.0));
        assertThat(bars.at("/config/data/datasets/0/ci/0/0").asDouble()).isPositive();
    }

    @Test
    void numbersJsonCannotHoldBecomeNull() {
        assertThat(HtmlReport.finite(Map.of("a", List.of(1.0, Double.NaN, new double[] {Double.POSITIVE_INFINITY, 2}))))
                .isEqualTo(Map.of("a", java.util.Arrays.asList(1.0, null, java.util.Arrays.asList(null, 2.0))));
    }

    @Test
    void textIsEscaped() {
        assertThat(HtmlReport.esc("<script>&\"")).isEqualTo("&lt;script&gt;&amp;&quot;");
    }
}
