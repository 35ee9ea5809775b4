package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.report.Figure.Axis;
import dev.cqlbench.report.Figure.Scale;
import dev.cqlbench.report.Figure.Series;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The charts a result declares ({@link RunResult#charts()}) as figures, from the result's data only. Each kind works
 * for any scenario; a chart with nothing to show is left out.
 */
public final class Figures {

    /** Lines a percentile or timeline chart draws at most (the first ones, in the result's order). */
    static final int MAX_SERIES = 12;
    /** Percentile charts one result shows at most (one per operation). */
    static final int MAX_CHARTS = 8;

    private Figures() {}

    public static List<Figure> of(Reading reading) {
        RunResult result = reading.result();
        List<Figure> out = new ArrayList<>();
        double level = result.confidenceLevel();
        Analysis analysis = reading.analysis();
        for (ChartSpec spec : result.frame().charts()) {
            out.addAll(switch (spec.kind()) {
                case ChartSpec.BARS -> bars(result, analysis, spec, level);
                case ChartSpec.CURVE -> curve(result, analysis, spec, level);
                case ChartSpec.PERCENTILES -> percentiles(result, spec);
                case ChartSpec.TIMELINE -> timeline(result, spec);
                case ChartSpec.RESOURCES -> resources(result, analysis, spec);
                default -> List.of();
            });
        }
        return out;
    }

    /** A metric's value and confidence interval (null when there is a single sample). */
    record Value(double y, double[] ci) {}

    static Value value(RunResult result, Analysis analysis, String variant, OperationResult op, String metric) {
        if (ChartSpec.THROUGHPUT.equals(metric)) {
            List<Double> rates = result.blocks(variant, op.operation()).stream().filter(b -> b.operations() > 0)
                    .map(Block::opsPerSecond).filter(java.util.Objects::nonNull).toList();
            ConfidenceInterval ci = ConfidenceInterval.of(rates, analysis.level());
            return ci == null ? new Value(Format.throughput(result, variant, op), null)
                    : new Value(ci.mean(), new double[] {ci.lower(), ci.upper()});
        }
        if (ChartSpec.TYPICAL_US.equals(metric)) {
            dev.cqlbench.stats.Estimate e = analysis.figure(variant, op.operation(), Measure.TIME);
            return e == null ? new Value(Double.NaN, null) : new Value(e.value(), new double[] {e.lower(), e.upper()});
        }
        ConfidenceInterval ci = dev.cqlbench.analysis.TotalTime.of(analysis, variant, op.operation());
        return ci == null ? new Value(Double.NaN, null) : Double.isNaN(ci.lower()) ? new Value(ci.mean(), null)
                : new Value(ci.mean(), new double[] {ci.lower(), ci.upper()});
    }

    private static List<String> operations(RunResult result, ChartSpec spec) {
        Set<String> labels = new LinkedHashSet<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.count() > 0 && spec.shows(op.operation())) {
                    labels.add(op.operation());
                }
            }
        }
        return new ArrayList<>(labels);
    }

    private static String axisTitle(String metric) {
        return ChartSpec.THROUGHPUT.equals(metric) ? "operations per second"
                : ChartSpec.TYPICAL_US.equals(metric) ? "typical time per operation (µs)"
                : "mean total time of a repetition (ms)";
    }

    private static String ciNote(double level) {
        return String.format(Locale.ROOT, " — whiskers: %s CI", Format.percent(level));
    }

    private static List<Figure> bars(RunResult result, Analysis analysis, ChartSpec spec, double level) {
        List<String> labels = operations(result, spec);
        if (labels.isEmpty()) {
            return List.of();
        }
        List<Series> series = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            List<Double> values = new ArrayList<>();
            List<double[]> cis = new ArrayList<>();
            boolean any = false;
            for (String label : labels) {
                OperationResult op = v.operations().stream().filter(o -> o.operation().equals(label) && o.count() > 0)
                        .findFirst().orElse(null);
                Value value = op == null ? null : value(result, analysis, v.variant(), op, spec.metric());
                boolean finite = value != null && Double.isFinite(value.y());
                values.add(finite ? value.y() : null);
                cis.add(finite ? value.ci() : null);
                any |= finite;
            }
            if (any) {
                series.add(Series.bars(v.variant(), values, cis));
            }
        }
        if (series.isEmpty()) {
            return List.of();
        }
        return List.of(Figure.bars(spec.title() + ciNote(level), labels, series, "operation",
                Axis.linear(axisTitle(spec.metric()), true)));
    }

    private static List<Figure> curve(RunResult result, Analysis analysis, ChartSpec spec, double level) {
        Map<String, TreeMap<Double, Value>> lines = new LinkedHashMap<>();
        for (VariantResult v : result.variants()) {
            for (ChartSpec.Point point : spec.points()) {
                v.operations().stream().filter(op -> op.operation().equals(point.operation()) && op.count() > 0)
                        .findFirst().ifPresent(op -> {
                            Value value = value(result, analysis, v.variant(), op, spec.metric());
                            String name = point.series().isEmpty() ? v.variant() : v.variant() + " · " + point.series();
                            if (Double.isFinite(value.y())) {
                                lines.computeIfAbsent(name, k -> new TreeMap<>()).put(point.x(), value);
                            }
                        });
            }
        }
        // a curve over one x value is a degenerate axis: the bars and tables show that value
        if (lines.values().stream().allMatch(points -> points.size() < 2)) {
            return List.of();
        }
        List<Series> series = new ArrayList<>();
        lines.forEach((name, points) -> {
            List<double[]> xy = new ArrayList<>();
            List<double[]> cis = new ArrayList<>();
            points.forEach((x, value) -> {
                xy.add(new double[] {x, value.y()});
                cis.add(value.ci());
            });
            series.add(Series.line(name, xy, cis, true));
        });
        return List.of(Figure.lines(spec.title() + ciNote(level), series,
                Axis.linear(spec.xLabel() == null ? "x" : spec.xLabel(), false), Axis.linear(axisTitle(spec.metric()),
                        true), List.of()));
    }

    private static List<Figure> percentiles(RunResult result, ChartSpec spec) {
        List<String> labels = operations(result, spec);
        // several variants and operations: one chart per operation (at most MAX_CHARTS), a line per variant
        boolean perOperation = result.variants().size() > 1 && labels.size() > 1;
        List<List<String>> groups = perOperation
                ? labels.stream().limit(MAX_CHARTS).map(List::of).toList() : List.of(labels);
        List<Figure> out = new ArrayList<>();
        for (List<String> group : groups) {
            List<Series> series = new ArrayList<>();
            for (VariantResult v : result.variants()) {
                for (OperationResult op : v.operations()) {
                    if (!group.contains(op.operation()) || op.histogram() == null || series.size() >= MAX_SERIES) {
                        continue;
                    }
                    Histogram h = HistogramCodec.decode(op.histogram());
                    if (h.getTotalCount() == 0) {
                        continue;
                    }
                    series.add(Series.line(group.size() == 1 ? v.variant() : v.variant() + " · " + op.operation(),
                            curve(h), null, false));
                }
            }
            if (!series.isEmpty()) {
                out.add(Figure.lines(perOperation ? spec.title() + ": " + group.get(0) : spec.title(), series,
                        new Axis("percentile (log scale of 1/(1−p): the tail is stretched)", Scale.PERCENTILE, false),
                        Axis.log("latency (µs)"), List.of()));
            }
        }
        return out;
    }

    /** The histogram's percentile curve: x = 1/(1−p), y = latency in µs, about five points per halving. */
    static List<double[]> curve(Histogram h) {
        List<double[]> points = new ArrayList<>();
        double total = h.getTotalCount();
        for (HistogramIterationValue value : h.percentiles(5)) {
            double p = value.getPercentileLevelIteratedTo() / 100.0;
            double x = p >= 1 ? total : 1 / (1 - p);
            points.add(new double[] {Math.min(x, total), Math.max(1.0, value.getValueIteratedTo() / 1000.0)});
            if (p >= 1) {
                break;
            }
        }
        return points;
    }

    private static List<Figure> timeline(RunResult result, ChartSpec spec) {
        Map<String, List<TimelinePoint>> lines = new LinkedHashMap<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.timeline() == null || op.timeline().isEmpty() || !spec.shows(op.operation())) {
                    continue;
                }
                for (TimelinePoint p : op.timeline()) {
                    String name = v.variant() + " · " + op.operation() + " · c" + (p.cycle() + 1)
                            + (p.repetition() > 0 ? "r" + (p.repetition() + 1) : "");
                    if (lines.containsKey(name) || lines.size() < MAX_SERIES) {
                        lines.computeIfAbsent(name, k -> new ArrayList<>()).add(p);
                    }
                }
            }
        }
        if (lines.isEmpty()) {
            return List.of();
        }
        List<Figure.Marker> markers = result.course().events().stream()
                .map((RunEvent e) -> new Figure.Marker(e.atSecond(),
                e.kind())).toList();
        Axis seconds = Axis.linear("second of the run phase", false);
        return List.of(Figure.lines(spec.title() + ": operations per second", timelineSeries(lines, p -> p.ops()),
                        seconds, Axis.linear("operations per second", true), markers),
                Figure.lines(spec.title() + ": p99 latency (ms)", timelineSeries(lines, p -> p.p99Us() / 1000.0),
                        seconds, Axis.linear("p99 (ms)", true), markers));
    }

    private static List<Series> timelineSeries(Map<String, List<TimelinePoint>> lines,
                                               Function<TimelinePoint, Number> y) {
        List<Series> series = new ArrayList<>();
        lines.forEach((name, points) -> series.add(Series.line(name, points.stream()
                .map(p -> new double[] {p.second(), y.apply(p).doubleValue()}).toList(), null, false)));
        return series;
    }

    /**
     * Client CPU per operation from the timed blocks, with intervals (the figure the tables call "client CPU per
     * operation"; there is no other), and peak memory of the worker and the servers.
     */
    private static List<Figure> resources(RunResult result, Analysis analysis, ChartSpec spec) {
        List<VariantResult> measured = result.variants().stream().filter(v -> v.client() != null).toList();
        if (measured.isEmpty()) {
            return List.of();
        }
        List<Figure> out = new ArrayList<>();
        List<String> operations = operations(result, spec);
        List<Series> cpu = new ArrayList<>();
        for (VariantResult v : measured) {
            List<Double> values = new ArrayList<>();
            List<double[]> cis = new ArrayList<>();
            for (String op : operations) {
                dev.cqlbench.stats.Estimate e = analysis.figure(v.variant(), op, Measure.CLIENT_CPU);
                values.add(e == null ? null : e.value());
                cis.add(e == null ? null : new double[] {e.lower(), e.upper()});
            }
            if (values.stream().anyMatch(java.util.Objects::nonNull)) {
                cpu.add(Series.bars(v.variant(), values, cis));
            }
        }
        if (!cpu.isEmpty()) {
            out.add(Figure.bars(Measure.CLIENT_CPU.title + ciNote(analysis.level()), operations, cpu, "operation",
                    Axis.linear(Measure.CLIENT_CPU.title, true)));
        }
        List<String> labels = measured.stream().map(VariantResult::variant).toList();
        List<Series> rss = new ArrayList<>();
        rss.add(Series.bars("client (worker JVM)", usage(measured, VariantResult::client,
                u -> u.peakRssBytes() / 1048576.0), null));
        if (measured.stream().anyMatch(v -> v.server() != null)) {
            rss.add(Series.bars("server (all nodes)", usage(measured, VariantResult::server,
                    u -> u.peakRssBytes() / 1048576.0), null));
        }
        out.add(Figure.bars("peak resident memory while each variant ran (MiB)", labels, rss, "variant",
                Axis.linear("peak RSS (MiB)", true)));
        return out;
    }

    private static List<Double> usage(List<VariantResult> variants, Function<VariantResult, ProcessUsage> which,
                                      Function<ProcessUsage, Double> metric) {
        List<Double> out = new ArrayList<>();
        for (VariantResult v : variants) {
            ProcessUsage u = which.apply(v);
            out.add(u == null ? null : metric.apply(u));
        }
        return out;
    }
}
