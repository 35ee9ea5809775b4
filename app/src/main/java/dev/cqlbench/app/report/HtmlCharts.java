package dev.cqlbench.app.report;

import dev.cqlbench.report.Figure;
import dev.cqlbench.report.Figures;
import dev.cqlbench.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Figures as Chart.js configurations, for the page's script (report.js) to draw. */
final class HtmlCharts {

    private HtmlCharts() {}

    /** The charts a result declares, each with an id {@code <prefix>-chart<n>}. */
    static List<Map<String, Object>> of(RunResult result, String prefix) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Figure figure : Figures.of(result)) {
            out.add(chart(figure, prefix + "-chart" + out.size()));
        }
        return out;
    }

    static Map<String, Object> chart(Figure figure, String id) {
        boolean bars = figure.kind() == Figure.Kind.BARS;
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (Figure.Series series : figure.series()) {
            Map<String, Object> ds = new LinkedHashMap<>();
            ds.put("label", series.name());
            if (bars) {
                ds.put("data", series.values());
            } else {
                List<Object> points = new ArrayList<>();
                series.points().forEach(p -> points.add(Map.of("x", p[0], "y", p[1])));
                ds.put("data", points);
                if (!series.dots()) {
                    ds.put("pointRadius", 0);
                }
            }
            if (series.hasIntervals()) {
                ds.put("ci", series.intervals());
            }
            datasets.add(ds);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        if (bars) {
            data.put("labels", figure.categories());
        }
        data.put("datasets", datasets);
        Map<String, Object> scales = new LinkedHashMap<>();
        scales.put("x", bars ? axis("category", figure.x().title(), false) : axis(figure.x()));
        scales.put("y", axis(figure.y()));
        Map<String, Object> plugins = new LinkedHashMap<>();
        plugins.put("legend", Map.of("position", "bottom", "labels", Map.of("boxWidth", 12)));
        if (!figure.markers().isEmpty()) {
            Map<String, Object> annotations = new LinkedHashMap<>();
            for (Figure.Marker m : figure.markers()) {
                annotations.put("event" + annotations.size(), Map.of("type", "line", "xMin", m.x(), "xMax", m.x(),
                        "borderColor", "#b91c1c", "borderWidth", 1.5, "borderDash", List.of(5, 4),
                        "label", Map.of("display", true, "content", m.label(), "position", "start",
                                "font", Map.of("size", 10))));
            }
            plugins.put("annotation", Map.of("annotations", annotations));
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("scales", scales);
        options.put("plugins", plugins);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("type", bars ? "bar" : "line");
        config.put("data", data);
        config.put("options", options);
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("id", id);
        chart.put("title", figure.title());
        chart.put("whiskers", figure.whiskers());
        if (figure.x().scale() == Figure.Scale.PERCENTILE) {
            chart.put("percentileAxis", "x");
        }
        chart.put("config", config);
        return chart;
    }

    private static Map<String, Object> axis(Figure.Axis axis) {
        return axis(axis.scale() == Figure.Scale.LINEAR ? "linear" : "logarithmic", axis.title(), axis.fromZero());
    }

    private static Map<String, Object> axis(String type, String title, boolean fromZero) {
        Map<String, Object> axis = new LinkedHashMap<>();
        axis.put("type", type);
        axis.put("title", Map.of("display", true, "text", title));
        if (fromZero) {
            axis.put("beginAtZero", true);
        }
        return axis;
    }
}
