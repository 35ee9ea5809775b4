package dev.cqlbench.app.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * deploy/grafana/cqlbench.json imports as it is: a dashboard Grafana reads (title, uid, panels on the grid, a
 * Prometheus data source chosen at import), and every query names only metrics and labels a real endpoint serves,
 * and only variables the dashboard defines.
 */
class GrafanaDashboardTest {

    private static final Path FILE = Path.of(System.getProperty("user.dir")).getParent()
            .resolve("deploy/grafana/cqlbench.json");
    private static final Pattern NAME = Pattern.compile("\\bcqlbench_[a-z_]+\\b");
    private static final Pattern BY = Pattern.compile("\\bby \\(([^)]*)\\)");
    private static final Pattern MATCHER = Pattern.compile("([a-z_]+)\\s*(=~|!~|!=|=)\\s*\"");
    private static final Pattern VARIABLE = Pattern.compile("\\$(\\w+)");

    @Test
    void everyQueryNamesWhatTheEndpointServes() throws Exception {
        Set<String> metrics = new TreeSet<>();
        Set<String> labels = new TreeSet<>(Set.of("le"));
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, LiveMetricsTest.fed())) {
            for (String sample : LiveMetricsTest.scrape(endpoint).keySet()) {
                metrics.add(sample.substring(0, sample.indexOf('{')));
                Matcher m = MATCHER.matcher(sample);
                while (m.find()) {
                    labels.add(m.group(1));
                }
            }
        }
        assertThat(metrics).as("every family served, errors too").contains("cqlbench_errors_total",
                "cqlbench_latency_seconds_bucket", "cqlbench_phase", "cqlbench_client_gc_seconds_total");

        JsonNode dashboard = new ObjectMapper().readTree(FILE.toFile());
        assertThat(dashboard.path("title").asText()).isNotBlank();
        assertThat(dashboard.path("uid").asText()).matches("[a-z0-9-]{1,40}");
        assertThat(dashboard.path("schemaVersion").asInt()).isPositive();
        Set<String> variables = new HashSet<>(Set.of("__rate_interval", "__interval", "__all"));
        JsonNode templating = dashboard.path("templating").path("list");
        List<String> queries = new ArrayList<>();
        for (JsonNode v : templating) {
            variables.add(v.path("name").asText());
            if (v.path("type").asText().equals("query")) {
                queries.add(v.path("definition").asText());
            }
        }
        assertThat(templating.findValuesAsText("type")).as("the data source is chosen, not named")
                .contains("datasource");

        Set<Integer> ids = new HashSet<>();
        int panels = 0;
        for (JsonNode panel : dashboard.path("panels")) {
            assertThat(ids.add(panel.path("id").asInt())).as("panel ids unique").isTrue();
            JsonNode grid = panel.path("gridPos");
            assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(panel.path("title").asText())
                    .isBetween(1, 24);
            if (panel.path("type").asText().equals("row")) {
                continue;
            }
            panels++;
            assertThat(panel.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
            assertThat(panel.path("targets")).as(panel.path("title").asText()).isNotEmpty();
            panel.path("targets").forEach(t -> queries.add(t.path("expr").asText()));
        }
        assertThat(panels).isGreaterThanOrEqualTo(8);
        // what happened to the cluster marks every panel's time axis
        List<String> annotations = new ArrayList<>();
        for (JsonNode a : dashboard.path("annotations").path("list")) {
            if (a.path("datasource").path("type").asText().equals("prometheus")) {
                assertThat(a.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
                annotations.add(a.path("expr").asText());
            }
        }
        assertThat(annotations).anyMatch(q -> q.contains("cqlbench_cluster_events_total"));
        // a run's start and end: its JVMs' series appear (nothing a minute before) and disappear (the endpoint is gone)
        assertThat(annotations).anyMatch(q -> q.startsWith("count by (run_id, client) (cqlbench_phase_code")
                && q.contains(" unless ") && q.endsWith("offset 1m)"));
        assertThat(annotations).anyMatch(q -> q.contains("offset 1m) unless count by (run_id, client)"));
        queries.addAll(annotations);

        for (String query : queries) {
            Matcher names = NAME.matcher(query);
            int named = 0;
            while (names.find()) {
                named++;
                assertThat(metrics.contains(names.group()) || labels.contains(names.group()))
                        .as("%s in %s", names.group(), query).isTrue();
            }
            assertThat(named).as(query).isPositive();
            Matcher by = BY.matcher(query);
            while (by.find()) {
                for (String label : by.group(1).split(",")) {
                    assertThat(labels).as(query).contains(label.strip());
                }
            }
            Matcher matchers = MATCHER.matcher(query);
            while (matchers.find()) {
                assertThat(labels).as(query).contains(matchers.group(1));
            }
            Matcher used = VARIABLE.matcher(query);
            while (used.find()) {
                assertThat(variables).as(query).contains(used.group(1));
            }
        }
    }
}
