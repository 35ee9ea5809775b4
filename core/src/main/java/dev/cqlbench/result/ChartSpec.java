package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A chart a scenario asks its report for, as data: the report knows how to draw each kind from any result, so a
 * scenario declares its charts and needs no drawing code. Which operations a chart shows is a list of their labels,
 * never a pattern read out of them.
 *
 * @param kind       {@link #BARS}, {@link #CURVE}, {@link #PERCENTILES}, {@link #TIMELINE} or {@link #RESOURCES}
 * @param title      the chart's title
 * @param metric     for bars and curves: {@link #TYPICAL_US}, {@link #MEAN_TOTAL_MILLIS} or {@link #THROUGHPUT}; null
 *                   otherwise
 * @param operations the operation labels shown, in order; null: every operation the result has
 * @param points     for curves: each operation's line (joined to the variant's name) and x value
 * @param xLabel     for curves: what the x axis measures
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartSpec(String kind, String title, String metric, List<String> operations, List<Point> points,
                        String xLabel) {

    /** One operation's place on a curve: on line {@code series} (may be empty) at {@code x}. */
    public record Point(String operation, String series, double x) {}

    /** One group per operation, one bar per variant, with the metric's confidence interval as whiskers. */
    public static final String BARS = "bars";
    /** One line per variant (and series), x from each point, with CI band. */
    public static final String CURVE = "curve";
    /** Latency by percentile from the full histograms, HdrHistogram style: log-scaled tail. */
    public static final String PERCENTILES = "percentiles";
    /** Per-second throughput and p99 of operations that have a timeline, with the run's events marked. */
    public static final String TIMELINE = "timeline";
    /** Client and server CPU per operation and peak RSS, per variant. */
    public static final String RESOURCES = "resources";

    /** The study's figure: mean total time of a repetition, ms, lower is better. */
    public static final String MEAN_TOTAL_MILLIS = "meanTotalMillis";
    /** Typical time per operation from the timed blocks, µs, lower is better. */
    public static final String TYPICAL_US = "typicalUs";
    /** Operations per second of every repetition, higher is better. */
    public static final String THROUGHPUT = "throughput";

    public ChartSpec {
        operations = operations == null ? null : List.copyOf(operations);
        points = points == null ? null : List.copyOf(points);
    }

    public static ChartSpec bars(String title, String metric) {
        return new ChartSpec(BARS, title, metric, null, null, null);
    }

    public static ChartSpec curve(String title, String metric, String xLabel, List<Point> points) {
        return new ChartSpec(CURVE, title, metric, null, points, xLabel);
    }

    public static ChartSpec of(String kind, String title) {
        return new ChartSpec(kind, title, null, null, null, null);
    }

    /** The same chart restricted to these operations, in this order. */
    public ChartSpec including(List<String> labels) {
        return new ChartSpec(kind, title, metric, labels, points, xLabel);
    }

    /** Whether the chart shows {@code operation}. */
    public boolean shows(String operation) {
        return operations == null || operations.contains(operation);
    }

    /** What a scenario that declares nothing gets. */
    public static List<ChartSpec> defaults() {
        return List.of(bars("typical time per operation (µs, lower is better)", TYPICAL_US),
                of(PERCENTILES, "latency by percentile (µs)"),
                of(TIMELINE, "per-second throughput and p99"),
                of(RESOURCES, "CPU per operation and peak memory"));
    }
}
