package dev.cqlbench.app.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.report.Figure;
import dev.cqlbench.report.Figures;
import dev.cqlbench.report.Forest;
import dev.cqlbench.report.Format;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Figures as Chart.js configurations, for the page's script (report.js) to draw. */
final class HtmlCharts {

    private HtmlCharts() {}

    /** The charts a result declares, each with an id {@code <prefix>-chart<n>}. */
    static List<Map<String, Object>> of(Reading reading, String prefix) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Figure figure : Figures.of(reading)) {
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

    /**
     * A forest plot: one row per comparison, its ratio as a point and its simultaneous interval as a bar on a
     * logarithmic axis (1 = no difference, the margin of "the same" shaded), answered and open ones in two colours,
     * the study's claimed factor as a red mark. Rows are y = 0, 1, …; {@code labels} names them.
     */
    static Map<String, Object> forest(Forest forest, String id) {
        List<String> labels = new ArrayList<>();
        List<Object> answered = new ArrayList<>();
        List<Object> answeredCi = new ArrayList<>();
        List<Object> open = new ArrayList<>();
        List<Object> openCi = new ArrayList<>();
        List<Object> claimed = new ArrayList<>();
        List<Object> claimedCi = new ArrayList<>();
        double low = 1;
        double high = 1;
        for (int i = 0; i < forest.rows().size(); i++) {
            Forest.Row row = forest.rows().get(i);
            labels.add(row.label());
            Map<String, Object> point = Map.of("x", row.ratio(), "y", i);
            (row.decided() ? answered : open).add(point);
            (row.decided() ? answeredCi : openCi).add(List.of(row.lower(), row.upper()));
            // an interval wider than the ratio either way runs off the axis instead of squeezing every other row
            low = Math.min(low, Math.max(row.lower(), row.ratio() / 2));
            high = Math.max(high, Math.min(row.upper(), row.ratio() * 2));
            if (row.claimLow() != null && row.claimHigh() != null && row.claimHigh() > 0) {
                // a range is drawn as a range; "at most" (no lower end: "as fast or faster") as its upper end
                boolean upperOnly = !(row.claimLow() > 0);
                double lo = upperOnly ? row.claimHigh() : row.claimLow();
                claimed.add(Map.of("x", Math.sqrt(lo * row.claimHigh()), "y", i));
                claimedCi.add(lo < row.claimHigh() ? List.of(lo, row.claimHigh()) : null);
                low = Math.min(low, lo);
                high = Math.max(high, row.claimHigh());
            }
        }
        List<Map<String, Object>> datasets = new ArrayList<>();
        datasets.add(points("decided: different (*) or the same within ±" + Format.trim(forest.margin() * 100)
                + " %", answered, answeredCi, "#1d4ed8", "circle"));
        datasets.add(points("not decided", open, openCi, "#9ca3af", "circle"));
        if (!claimed.isEmpty()) {
            datasets.add(points("the study's claim", claimed, claimedCi, "#dc2626", "triangle"));
        }
        Map<String, Object> x = axis("logarithmic", "ratio A ÷ B, log scale (1 = no difference; < 1: A faster)", false);
        x.put("min", low / 1.15);
        x.put("max", high * 1.15);
        Map<String, Object> y = new LinkedHashMap<>();
        y.put("type", "linear");
        y.put("reverse", true);
        y.put("min", -0.6);
        y.put("max", labels.size() - 0.4);
        y.put("afterBuildTicks", "rows");
        Map<String, Object> annotations = new LinkedHashMap<>();
        annotations.put("one", Map.of("type", "line", "xMin", 1, "xMax", 1, "borderColor", "#111827",
                "borderWidth", 1));
        if (forest.margin() > 0) {
            annotations.put("same", Map.of("type", "box", "xMin", 1 / (1 + forest.margin()), "xMax",
                    1 + forest.margin(), "backgroundColor", "rgba(22,163,74,0.10)", "borderWidth", 0));
        }
        Map<String, Object> plugins = new LinkedHashMap<>();
        plugins.put("legend", Map.of("position", "bottom", "labels", Map.of("boxWidth", 12)));
        plugins.put("annotation", Map.of("annotations", annotations));
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("scales", Map.of("x", x, "y", y));
        options.put("plugins", plugins);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("type", "scatter");
        config.put("data", Map.of("datasets", datasets));
        config.put("options", options);
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("id", id);
        chart.put("title", "time against " + forest.reference() + " (the reference) and the other comparisons "
                + "asked before the data: ratio with its simultaneous interval");
        chart.put("forest", labels);
        chart.put("config", config);
        return chart;
    }

    private static Map<String, Object> points(String label, List<Object> data, List<Object> ci, String color,
                                              String style) {
        Map<String, Object> ds = new LinkedHashMap<>();
        ds.put("label", label);
        ds.put("data", data);
        ds.put("ci", ci);
        ds.put("borderColor", color);
        ds.put("backgroundColor", color);
        ds.put("pointStyle", style);
        ds.put("pointRadius", 4);
        return ds;
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
