package dev.cqlbench.app.report;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Turns the charts a result declares ({@link RunResult#charts()}) into Chart.js configurations, from the result's
 * data only. Each kind works for any scenario; a chart with nothing to show is left out.
 */
final class HtmlCharts {

    /** Lines a percentile or timeline chart draws at most (the first ones, in the result's order). */
    static final int MAX_SERIES = 12;
    /** Percentile charts one scenario shows at most (one per operation). */
    static final int MAX_CHARTS = 8;

    private HtmlCharts() {}

    static List<Map<String, Object>> of(RunResult result, String prefix) {
        List<Map<String, Object>> out = new ArrayList<>();
        double level = ((Number) result.configuration().getOrDefault("confidenceLevel",
                ConfidenceInterval.DEFAULT_LEVEL)).doubleValue();
        for (ChartSpec spec : result.charts()) {
            Pattern include = spec.include() == null ? null : Pattern.compile(spec.include());
            List<Map<String, Object>> made = switch (spec.kind()) {
                case ChartSpec.BARS -> bars(result, spec, include, level);
                case ChartSpec.CURVE -> curve(result, spec, include, level);
                case ChartSpec.PERCENTILES -> percentiles(result, spec, include);
                case ChartSpec.TIMELINE -> timeline(result, spec, include);
                case ChartSpec.RESOURCES -> resources(result, spec);
                default -> List.of();
            };
            for (Map<String, Object> chart : made) {
                chart.put("id", prefix + "-chart" + out.size());
                out.add(chart);
            }
        }
        return out;
    }

    /** A metric's value and confidence interval (null when there is a single sample). */
    record Value(double y, double[] ci) {}

    static Value value(OperationResult op, String metric, double level) {
        if (ChartSpec.THROUGHPUT.equals(metric)) {
            List<Double> rates = new ArrayList<>();
            for (RepetitionTime r : op.repetitions()) {
                if (r.totalNanos() > 0 && r.operations() > 0) {
                    rates.add(r.operations() / (r.totalNanos() / 1e9));
                }
            }
            ConfidenceInterval ci = rates.size() > 1 ? ConfidenceInterval.of(rates, level) : null;
            return ci == null ? new Value(op.throughputOpsPerSec(), null)
                    : new Value(ci.mean(), new double[] {Math.max(0, ci.lower()), ci.upper()});
        }
        ConfidenceInterval ci = op.totalTimeCi();
        return new Value(op.meanTotalMillis(), ci == null ? null : new double[] {Math.max(0, ci.lower()), ci.upper()});
    }

    private static List<String> operations(RunResult result, Pattern include) {
        Set<String> labels = new LinkedHashSet<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.count() > 0 && (include == null || include.matcher(op.operation()).find())) {
                    labels.add(op.operation());
                }
            }
        }
        return new ArrayList<>(labels);
    }

    private static String axisTitle(String metric) {
        return ChartSpec.THROUGHPUT.equals(metric) ? "operations per second" : "mean total time of a repetition (ms)";
    }

    private static List<Map<String, Object>> bars(RunResult result, ChartSpec spec, Pattern include, double level) {
        List<String> labels = operations(result, include);
        if (labels.isEmpty()) {
            return List.of();
        }
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            List<Object> data = new ArrayList<>();
            List<Object> cis = new ArrayList<>();
            boolean any = false;
            for (String label : labels) {
                OperationResult op = v.operations().stream().filter(o -> o.operation().equals(label) && o.count() > 0)
                        .findFirst().orElse(null);
                Value value = op == null ? null : value(op, spec.metric(), level);
                boolean finite = value != null && Double.isFinite(value.y());
                data.add(finite ? value.y() : null);
                cis.add(finite ? value.ci() : null);
                any |= finite;
            }
            if (any) {
                datasets.add(dataset(v.variant(), data, cis));
            }
        }
        if (datasets.isEmpty()) {
            return List.of();
        }
        return List.of(chart(spec.title() + ciNote(level), "bar", labels, datasets,
                scales(category("operation"), linear(axisTitle(spec.metric()), true)), true, null));
    }

    private static List<Map<String, Object>> curve(RunResult result, ChartSpec spec, Pattern include, double level) {
        Pattern x = Pattern.compile(spec.x());
        Map<String, TreeMap<Double, Value>> lines = new LinkedHashMap<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                Matcher m = x.matcher(op.operation());
                if (op.count() == 0 || !m.find() || include != null && !include.matcher(op.operation()).find()) {
                    continue;
                }
                String rest = (op.operation().substring(0, m.start()) + op.operation().substring(m.end()))
                        .replaceAll("^[-_@/ ]+|[-_@/ ]+$", "");
                String name = rest.isEmpty() ? v.variant() : v.variant() + " · " + rest;
                Value value = value(op, spec.metric(), level);
                Double px = number(m.group("x"));
                if (px != null && Double.isFinite(value.y())) {
                    lines.computeIfAbsent(name, k -> new TreeMap<>()).put(px, value);
                }
            }
        }
        if (lines.isEmpty()) {
            return List.of();
        }
        List<Map<String, Object>> datasets = new ArrayList<>();
        lines.forEach((name, points) -> {
            List<Object> data = new ArrayList<>();
            List<Object> cis = new ArrayList<>();
            points.forEach((px, value) -> {
                data.add(Map.of("x", px, "y", value.y()));
                cis.add(value.ci());
            });
            datasets.add(dataset(name, data, cis));
        });
        return List.of(chart(spec.title() + ciNote(level), "line", null, datasets,
                scales(linear(spec.xLabel() == null ? "x" : spec.xLabel(), false), linear(axisTitle(spec.metric()),
                        true)), true, null));
    }

    private static Double number(String text) {
        try {
            return text == null || text.isEmpty() ? null : Double.valueOf(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<Map<String, Object>> percentiles(RunResult result, ChartSpec spec, Pattern include) {
        List<String> labels = operations(result, include);
        // several variants and operations: one chart per operation (at most MAX_CHARTS), a line per variant
        boolean perOperation = result.variants().size() > 1 && labels.size() > 1;
        List<List<String>> groups = perOperation
                ? labels.stream().limit(MAX_CHARTS).map(List::of).toList() : List.of(labels);
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<String> group : groups) {
            List<Map<String, Object>> datasets = new ArrayList<>();
            for (VariantResult v : result.variants()) {
                for (OperationResult op : v.operations()) {
                    if (!group.contains(op.operation()) || op.histogram() == null || datasets.size() >= MAX_SERIES) {
                        continue;
                    }
                    Histogram h = HistogramCodec.decode(op.histogram());
                    if (h.getTotalCount() == 0) {
                        continue;
                    }
                    Map<String, Object> ds = dataset(group.size() == 1 ? v.variant() : v.variant() + " · "
                            + op.operation(), curve(h), null);
                    ds.put("pointRadius", 0);
                    datasets.add(ds);
                }
            }
            if (datasets.isEmpty()) {
                continue;
            }
            Map<String, Object> chart = chart(perOperation ? spec.title() + ": " + group.get(0) : spec.title(), "line",
                    null, datasets, scales(log("percentile (log scale of 1/(1−p): the tail is stretched)"),
                            log("latency (µs)")), false, null);
            chart.put("percentileAxis", "x");
            out.add(chart);
        }
        return out;
    }

    /** The histogram's percentile curve: x = 1/(1−p), y = latency in µs, about five points per halving. */
    static List<Object> curve(Histogram h) {
        List<Object> points = new ArrayList<>();
        double total = h.getTotalCount();
        for (HistogramIterationValue value : h.percentiles(5)) {
            double p = value.getPercentileLevelIteratedTo() / 100.0;
            double x = p >= 1 ? total : 1 / (1 - p);
            points.add(Map.of("x", Math.min(x, total), "y", Math.max(1.0, value.getValueIteratedTo() / 1000.0)));
            if (p >= 1) {
                break;
            }
        }
        return points;
    }

    private static List<Map<String, Object>> timeline(RunResult result, ChartSpec spec, Pattern include) {
        Map<String, List<TimelinePoint>> series = new LinkedHashMap<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.timeline() == null || op.timeline().isEmpty()
                        || include != null && !include.matcher(op.operation()).find()) {
                    continue;
                }
                for (TimelinePoint p : op.timeline()) {
                    String name = v.variant() + " · " + op.operation() + " · c" + (p.cycle() + 1)
                            + (p.repetition() > 0 ? "r" + (p.repetition() + 1) : "");
                    if (series.containsKey(name) || series.size() < MAX_SERIES) {
                        series.computeIfAbsent(name, k -> new ArrayList<>()).add(p);
                    }
                }
            }
        }
        if (series.isEmpty()) {
            return List.of();
        }
        Map<String, Object> annotations = new LinkedHashMap<>();
        for (RunEvent e : result.events()) {
            annotations.put("event" + annotations.size(), Map.of("type", "line", "xMin", e.atSecond(), "xMax",
                    e.atSecond(), "borderColor", "#b91c1c", "borderWidth", 1.5, "borderDash", List.of(5, 4),
                    "label", Map.of("display", true, "content", e.kind(), "position", "start",
                            "font", Map.of("size", 10))));
        }
        List<Map<String, Object>> out = new ArrayList<>();
        out.add(chart(spec.title() + ": operations per second", "line", null,
                timelineSets(series, p -> p.ops()), scales(linear("second of the run phase", false),
                        linear("operations per second", true)), false, annotations));
        out.add(chart(spec.title() + ": p99 latency (ms)", "line", null,
                timelineSets(series, p -> p.p99Us() / 1000.0), scales(linear("second of the run phase", false),
                        linear("p99 (ms)", true)), false, annotations));
        return out;
    }

    private static List<Map<String, Object>> timelineSets(Map<String, List<TimelinePoint>> series,
                                                          Function<TimelinePoint, Number> y) {
        List<Map<String, Object>> datasets = new ArrayList<>();
        series.forEach((name, points) -> {
            List<Object> data = new ArrayList<>();
            for (TimelinePoint p : points) {
                data.add(Map.of("x", p.second(), "y", y.apply(p)));
            }
            Map<String, Object> ds = dataset(name, data, null);
            ds.put("pointRadius", 0);
            datasets.add(ds);
        });
        return datasets;
    }

    private static List<Map<String, Object>> resources(RunResult result, ChartSpec spec) {
        List<VariantResult> measured = result.variants().stream().filter(v -> v.client() != null).toList();
        if (measured.isEmpty()) {
            return List.of();
        }
        List<String> labels = measured.stream().map(VariantResult::variant).toList();
        boolean server = measured.stream().anyMatch(v -> v.server() != null);
        List<Map<String, Object>> cpu = new ArrayList<>();
        cpu.add(dataset("client (worker JVM)", usage(measured, VariantResult::client, ProcessUsage::cpuUsPerOp), null));
        List<Map<String, Object>> rss = new ArrayList<>();
        rss.add(dataset("client (worker JVM)", usage(measured, VariantResult::client,
                u -> u.peakRssBytes() / 1048576.0), null));
        if (server) {
            cpu.add(dataset("server (all nodes)", usage(measured, VariantResult::server, ProcessUsage::cpuUsPerOp),
                    null));
            rss.add(dataset("server (all nodes)", usage(measured, VariantResult::server,
                    u -> u.peakRssBytes() / 1048576.0), null));
        }
        return List.of(
                chart(spec.title() + ": CPU per operation (µs)", "bar", labels, cpu,
                        scales(category("variant"), linear("CPU µs per operation", true)), false, null),
                chart(spec.title() + ": peak resident memory (MiB)", "bar", labels, rss,
                        scales(category("variant"), linear("peak RSS (MiB)", true)), false, null));
    }

    private static List<Object> usage(List<VariantResult> variants, Function<VariantResult, ProcessUsage> which,
                                      Function<ProcessUsage, Double> metric) {
        List<Object> out = new ArrayList<>();
        for (VariantResult v : variants) {
            ProcessUsage u = which.apply(v);
            out.add(u == null ? null : metric.apply(u));
        }
        return out;
    }

    private static String ciNote(double level) {
        return String.format(java.util.Locale.ROOT, " — whiskers: %s%% CI", ConsoleReport.trim(level * 100));
    }

    static Map<String, Object> dataset(String label, List<Object> data, List<Object> ci) {
        Map<String, Object> ds = new LinkedHashMap<>();
        ds.put("label", label);
        ds.put("data", data);
        if (ci != null && ci.stream().anyMatch(java.util.Objects::nonNull)) {
            ds.put("ci", ci);
        }
        return ds;
    }

    static Map<String, Object> chart(String title, String type, List<String> labels, List<Map<String, Object>> datasets,
                                     Map<String, Object> scales, boolean whiskers, Map<String, Object> annotations) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (labels != null) {
            data.put("labels", labels);
        }
        data.put("datasets", datasets);
        Map<String, Object> plugins = new LinkedHashMap<>();
        plugins.put("legend", Map.of("position", "bottom", "labels", Map.of("boxWidth", 12)));
        if (annotations != null && !annotations.isEmpty()) {
            plugins.put("annotation", Map.of("annotations", annotations));
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("scales", scales);
        options.put("plugins", plugins);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("type", type);
        config.put("data", data);
        config.put("options", options);
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("title", title);
        chart.put("whiskers", whiskers);
        chart.put("config", config);
        return chart;
    }

    static Map<String, Object> scales(Map<String, Object> x, Map<String, Object> y) {
        Map<String, Object> scales = new LinkedHashMap<>();
        scales.put("x", x);
        scales.put("y", y);
        return scales;
    }

    static Map<String, Object> category(String title) {
        return axis("category", title, false);
    }

    static Map<String, Object> linear(String title, boolean fromZero) {
        return axis("linear", title, fromZero);
    }

    static Map<String, Object> log(String title) {
        return axis("logarithmic", title, false);
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
