package dev.cqlbench.report;

import java.util.List;

/**
 * A chart as data: what a report shows in a picture, independent of how a page draws it. Bars group values by
 * category; lines join (x, y) points. Whiskers show each value's interval where it has one.
 *
 * @param categories bars: one group per category; lines: null
 * @param x          the x axis (bars: its title only)
 * @param y          the y axis
 * @param markers    vertical lines at x values, labelled (events on a timeline)
 */
public record Figure(String title, Kind kind, List<String> categories, List<Series> series, Axis x, Axis y,
                     List<Marker> markers) {

    public enum Kind { BARS, LINES }

    /** How an axis maps values: linear, logarithmic, or (x of lines only) percentiles as 1/(1−p), log-scaled. */
    public enum Scale { LINEAR, LOG, PERCENTILE }

    public record Axis(String title, Scale scale, boolean fromZero) {

        public static Axis linear(String title, boolean fromZero) {
            return new Axis(title, Scale.LINEAR, fromZero);
        }

        public static Axis log(String title) {
            return new Axis(title, Scale.LOG, false);
        }
    }

    /**
     * One named series. Bars: {@code values} has one value per category (null where none); lines: {@code points} are
     * (x, y) pairs. {@code intervals} (may be null) holds each value's [lower, upper], or null where it has none.
     *
     * @param dots whether a line marks each point
     */
    public record Series(String name, List<Double> values, List<double[]> points, List<double[]> intervals,
                         boolean dots) {

        public static Series bars(String name, List<Double> values, List<double[]> intervals) {
            return new Series(name, values, null, intervals, false);
        }

        public static Series line(String name, List<double[]> points, List<double[]> intervals, boolean dots) {
            return new Series(name, null, points, intervals, dots);
        }

        public boolean hasIntervals() {
            return intervals != null && intervals.stream().anyMatch(i -> i != null);
        }
    }

    public record Marker(double x, String label) {}

    public Figure {
        series = List.copyOf(series);
        markers = markers == null ? List.of() : List.copyOf(markers);
    }

    public static Figure bars(String title, List<String> categories, List<Series> series, String xTitle, Axis y) {
        return new Figure(title, Kind.BARS, categories, series, Axis.linear(xTitle, false), y, List.of());
    }

    public static Figure lines(String title, List<Series> series, Axis x, Axis y, List<Marker> markers) {
        return new Figure(title, Kind.LINES, null, series, x, y, markers);
    }

    /** Whether any series has intervals to draw as whiskers. */
    public boolean whiskers() {
        return series.stream().anyMatch(Series::hasIntervals);
    }
}
