package dev.cqlbench.result;

import java.util.List;

/**
 * A chart a scenario asks its report for, as data: the report knows how to draw each kind from any result, so a
 * scenario added later declares its charts and needs no report code.
 *
 * @param kind   {@link #BARS}, {@link #CURVE}, {@link #PERCENTILES}, {@link #TIMELINE} or {@link #RESOURCES}
 * @param title  the chart's title
 * @param metric for bars and curves: {@link #MEAN_TOTAL_MILLIS} or {@link #THROUGHPUT}; ignored otherwise
 * @param include a regular expression the operation labels shown must match; null = every operation
 * @param x       for curves: a regular expression whose group {@code x} is the number on the x axis; the rest of
 *                the label (if any) joins the variant's name to name a line
 * @param xLabel  for curves: what the x axis measures
 */
public record ChartSpec(String kind, String title, String metric, String include, String x, String xLabel) {

    /** One group per operation, one bar per variant, with the metric's confidence interval as whiskers. */
    public static final String BARS = "bars";
    /** x = the first number in the operation's label (e.g. a locality), one line per variant, with CI band. */
    public static final String CURVE = "curve";
    /** Latency by percentile from the full histograms, HdrHistogram style: log-scaled tail. */
    public static final String PERCENTILES = "percentiles";
    /** Per-second throughput and p99 of operations that have a timeline, with the run's events marked. */
    public static final String TIMELINE = "timeline";
    /** Client and server CPU per operation and peak RSS, per variant. */
    public static final String RESOURCES = "resources";

    /** The study's figure: mean total time of a repetition, ms, lower is better. */
    public static final String MEAN_TOTAL_MILLIS = "meanTotalMillis";
    /** Operations per second of every repetition, higher is better. */
    public static final String THROUGHPUT = "throughput";

    public static ChartSpec bars(String title, String metric) {
        return new ChartSpec(BARS, title, metric, null, null, null);
    }

    public static ChartSpec curve(String title, String metric, String x, String xLabel) {
        return new ChartSpec(CURVE, title, metric, null, x, xLabel);
    }

    public static ChartSpec of(String kind, String title) {
        return new ChartSpec(kind, title, null, null, null, null);
    }

    /** The same chart restricted to the operations whose label matches {@code regex}. */
    public ChartSpec including(String regex) {
        return new ChartSpec(kind, title, metric, regex, x, xLabel);
    }

    /** What a scenario that declares nothing gets, and what results written before charts were declared get. */
    public static List<ChartSpec> defaults() {
        return List.of(bars("mean total time of a repetition (ms, lower is better)", MEAN_TOTAL_MILLIS),
                of(PERCENTILES, "latency by percentile (µs)"),
                of(TIMELINE, "per-second throughput and p99"),
                of(RESOURCES, "CPU per operation and peak memory"));
    }
}
