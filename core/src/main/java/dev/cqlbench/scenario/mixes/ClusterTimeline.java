package dev.cqlbench.scenario.mixes;

import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.ms;

import dev.cqlbench.report.Doc;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What happened to the cluster during the run phases, on their clock: study 05's scale-out, or a node lost. */
final class ClusterTimeline {

    private ClusterTimeline() {}

    /**
     * The join on the timeline: throughput and p99 before, during and after it, the dip (seconds below 90% of
     * the median before), errors during it, its length; then the timeline in 5-second steps with the events.
     */
    static void append(Doc out, RunResult result, MixesPlan plan) {
        out.append(String.format("%nwhat happened to the cluster, on the run phase's clock (seconds since "
                + "it began)%n"));
        if (result.course().events().isEmpty()) {
            out.append("  no node joined or left: the run phase ended before --add-node-at, or the run was stopped\n");
            return;
        }
        for (RunEvent e : result.course().events()) {
            out.append(String.format(Locale.ROOT, "  %7.1f s  %-18s %s%n", e.atSecond(), e.kind(), e.detail()));
        }
        for (VariantResult v : result.variants()) {
            for (OperationResult op : MixesReport.phases(v, plan)) {
                Optional<Join> join = Join.of(result, v, op);
                if (join.isEmpty()) {
                    continue;
                }
                List<RunEvent> events = join.get().events();
                List<TimelinePoint> points = join.get().points();
                double joinStart = join.get().start();
                double joinEnd = join.get().end();
                double end = Double.isNaN(joinEnd) ? Double.MAX_VALUE : joinEnd;
                List<TimelinePoint> before = join.get().before();
                List<TimelinePoint> during = join.get().during();
                List<TimelinePoint> after = points.stream().filter(p -> p.second() >= end).toList();
                // the baseline: the (up to) 10 seconds before the join, past the phase's own start-up
                List<TimelinePoint> window = before.subList(Math.max(0, before.size() - 10), before.size());
                double baseline = median(window);
                out.append(String.format(Locale.ROOT, "%n  %s %s:%n", v.variant(), op.operation()));
                out.append(String.format(Locale.ROOT, "    the 10 s before the join: %s%n    during the join:  "
                        + "        %s%n    after the join:           %s%n", summary(window, baseline),
                        summary(during, baseline), summary(after, baseline)));
                long dip = points.stream().filter(p -> p.second() + 1 > joinStart && baseline > 0
                        && p.ops() < 0.9 * baseline).count();
                TimelinePoint deepest = points.stream().filter(p -> p.second() + 1 > joinStart)
                        .min(Comparator.comparingLong(TimelinePoint::ops)).orElse(null);
                long errors = op.timeline().stream().filter(p -> p.second() + 1 > joinStart && p.second() < end)
                        .mapToLong(TimelinePoint::errors).sum();
                out.append(String.format(Locale.ROOT, "    dip: %d second(s) below 90%% of the median of the 10 s "
                                + "before the join%s; errors during the join: %d; join took %s%n", dip,
                        deepest == null || baseline <= 0 ? "" : String.format(Locale.ROOT,
                                ", deepest %+.0f%% at second %d", (deepest.ops() / baseline - 1) * 100,
                                deepest.second()),
                        errors, Double.isNaN(joinEnd) ? "longer than the phase (not finished)"
                                : String.format(Locale.ROOT, "%.1f s", joinEnd - joinStart)));
                appendSteps(out, op.timeline(), events);
            }
        }
    }

    /**
     * A node's join during one run phase, on the phase's clock: its events, the phase's whole seconds, when the join
     * began and ended (NaN: not within the phase).
     */
    record Join(List<RunEvent> events, List<TimelinePoint> points, double start, double end) {

        /** The join during this phase of this variant, if one began in it. */
        static Optional<Join> of(RunResult result, VariantResult v, OperationResult op) {
            List<RunEvent> events = result.course().events().stream()
                    .filter(e -> e.variant().equals(v.variant()) && e.operation().equals(op.operation())).toList();
            List<TimelinePoint> points = MixesReport.full(op.timeline());
            double start = at(events, RunEvent.JOIN_START, Double.NaN);
            if (events.isEmpty() || points.isEmpty() || Double.isNaN(start)) {
                return Optional.empty();
            }
            return Optional.of(new Join(events, points, start, at(events, RunEvent.JOIN_END, Double.NaN)));
        }

        /** The whole seconds before the join began. */
        List<TimelinePoint> before() {
            return points.stream().filter(p -> p.second() + 1 <= start).toList();
        }

        /** Every second from the join's start to the phase's end: the join, and the new node taking clients. */
        List<TimelinePoint> since() {
            return points.stream().filter(p -> p.second() + 1 > start).toList();
        }

        /** The seconds the join overlaps. */
        List<TimelinePoint> during() {
            double until = Double.isNaN(end) ? Double.MAX_VALUE : end;
            return points.stream().filter(p -> p.second() + 1 > start && p.second() < until).toList();
        }
    }

    private static void appendSteps(Doc out, List<TimelinePoint> timeline,
                                    List<RunEvent> events) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("seconds", "ops/s", "worst p99 ms", "errors", "events"));
        int last = timeline.stream().mapToInt(TimelinePoint::second).max().orElse(0);
        for (int from = 0; from <= last; from += 5) {
            int lo = from;
            List<TimelinePoint> step = timeline.stream().filter(p -> p.second() >= lo && p.second() < lo + 5).toList();
            if (step.isEmpty()) {
                continue;
            }
            double ops = step.stream().mapToLong(TimelinePoint::ops).sum() / (double) step.size();
            String marks = events.stream().filter(e -> e.atSecond() >= lo && e.atSecond() < lo + 5)
                    .map(e -> e.kind() + String.format(Locale.ROOT, " @%.1f", e.atSecond()))
                    .collect(Collectors.joining(", "));
            rows.add(List.of(lo + "-" + (lo + step.size() - 1), fmt(ops, 0),
                    ms(step.stream().mapToDouble(TimelinePoint::p99Us).max().orElse(0)),
                    Long.toString(step.stream().mapToLong(TimelinePoint::errors).sum()), marks));
        }
        out.table(rows);
    }

    private static double at(List<RunEvent> events, String kind, double otherwise) {
        return events.stream().filter(e -> e.kind().equals(kind)).mapToDouble(RunEvent::atSecond)
                .findFirst().orElse(otherwise);
    }

    private static double median(List<TimelinePoint> points) {
        if (points.isEmpty()) {
            return 0;
        }
        List<Long> ops = points.stream().map(TimelinePoint::ops).sorted().toList();
        return ops.get(ops.size() / 2);
    }

    private static String summary(List<TimelinePoint> points, double baseline) {
        if (points.isEmpty()) {
            return "-";
        }
        double median = median(points);
        long min = points.stream().mapToLong(TimelinePoint::ops).min().orElse(0);
        return String.format(Locale.ROOT, "%d s, median %s ops/s%s, lowest %s, worst p99 %s ms, %d errors",
                points.size(), fmt(median, 0), baseline > 0 && median != baseline
                        ? String.format(Locale.ROOT, " (%+.0f%%)", (median / baseline - 1) * 100) : "",
                fmt(min, 0), ms(points.stream().mapToDouble(TimelinePoint::p99Us).max().orElse(0)),
                points.stream().mapToLong(TimelinePoint::errors).sum());
    }
}
