package dev.cqlbench.app.report;

import static dev.cqlbench.app.report.ConsoleReport.find;
import static dev.cqlbench.app.report.ConsoleReport.fmt;
import static dev.cqlbench.app.report.ConsoleReport.trim;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Study 05's table 6 for each target: workload × concurrency → ops/s; then per phase and operation type the
 * latency percentiles (response time, and service time in open loop), the load phases, the per-second
 * timeline's range, errors by kind.
 */
final class MixesReport {

    static final String SCENARIO = "mixes";
    static final String SCALE_OUT = "scale-out";

    private MixesReport() {}

    static Doc document(RunResult result) {
        Doc out = new Doc();
        Map<String, Object> config = result.configuration();
        double level = ((Number) config.getOrDefault("confidenceLevel", 0.999)).doubleValue();
        boolean open = "open-loop".equals(String.valueOf(config.get("mode")))
                || ((Number) config.getOrDefault("rate", 0)).doubleValue() > 0;
        List<String> workloads = workloads(config);
        List<Integer> concurrencies = concurrencies(config);
        for (VariantResult v : result.variants()) {
            out.append(String.format(Locale.ROOT, "%nmixes — %s: ops/s by workload × concurrency (%s), ops ÷ phase "
                            + "time; ± = %s%% CI of the mean of per-second throughput%n  %s, RF %s, consistency %s; %s "
                            + "fields × %s characters; run phases of %s%n",
                    v.variant(), open ? "open loop at " + config.get("rate") + " ops/s, concurrency = most in flight"
                            : "closed loop, concurrency = operations in flight",
                    trim(level * 100), ConsoleReport.clusterLabel(of(config, v.variant())),
                    of(config, v.variant()).get("replicationFactor"), of(config, v.variant()).get("consistency"),
                    config.get("fieldCount"), config.get("fieldLength"), phaseLength(config)));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of("workload", "records"));
            concurrencies.forEach(c -> header.add(c + (open ? " max" : " in flight")));
            rows.add(header);
            for (String w : workloads) {
                List<String> row = new ArrayList<>(List.of(w,
                        find(v, w + "@load").map(op -> Long.toString(op.operationsPerRepetition())).orElse("-")));
                for (int c : concurrencies) {
                    row.add(find(v, w + "@" + c).map(op -> rateWithCi(op, level)).orElse("-"));
                }
                rows.add(row);
            }
            out.table(rows);
        }

        if (result.variants().size() > 1) {
            appendComparison(out, result.variants(), workloads, concurrencies, level);
        }

        out.append(String.format("%nper phase and operation type: response time in ms from full HdrHistograms%s; "
                + "cpu = µs per operation in the timed phase%n", open ? " (from the intended start; service time "
                + "from the actual start)" : ""));
        List<List<String>> latency = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant", "phase", "operation", "count", "errors", "ops/s",
                "p50", "p90", "p99", "p99.9", "max"));
        if (open) {
            header.addAll(List.of("svc p50", "svc p99"));
        }
        header.addAll(List.of("client cpu", "server cpu"));
        latency.add(header);
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                boolean load = op.operation().endsWith("@load");
                String phase = op.operation().contains("/") ? op.operation().substring(0, op.operation().indexOf('/'))
                        : op.operation();
                String type = load ? "INSERT (load)" : op.operation().contains("/")
                        ? op.operation().substring(op.operation().indexOf('/') + 1) : "all";
                LatencySummary l = op.latency();
                List<String> row = new ArrayList<>(List.of(v.variant(), phase, type, Long.toString(op.count()),
                        Long.toString(op.errors()), fmt(op.throughputOpsPerSec(), 0), ms(l.p50Us()), ms(l.p90Us()),
                        ms(l.p99Us()), ms(l.p999Us()), ms(l.maxUs())));
                if (open) {
                    LatencySummary s = op.serviceLatency();
                    row.add(s == null ? "-" : ms(s.p50Us()));
                    row.add(s == null ? "-" : ms(s.p99Us()));
                }
                row.add(op.clientCpuUsPerOp() == null ? "-" : fmt(op.clientCpuUsPerOp(), 1));
                row.add(op.serverCpuUsPerOp() == null ? "-" : fmt(op.serverCpuUsPerOp(), 1));
                latency.add(row);
            }
        }
        out.table(latency);

        out.append(String.format("%ntimeline: per-second throughput and p99 of each run phase (every second in "
                + "timeline.csv)%n"));
        List<List<String>> timeline = new ArrayList<>();
        timeline.add(List.of("variant", "phase", "seconds", "min ops/s", "median ops/s", "max ops/s", "worst p99 ms",
                "seconds with errors"));
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                List<TimelinePoint> points = full(op.timeline());
                if (points.isEmpty()) {
                    continue;
                }
                List<Long> ops = points.stream().map(TimelinePoint::ops).sorted().toList();
                timeline.add(List.of(v.variant(), op.operation(), Integer.toString(points.size()),
                        Long.toString(ops.get(0)), Long.toString(ops.get(ops.size() / 2)),
                        Long.toString(ops.get(ops.size() - 1)),
                        ms(points.stream().mapToDouble(TimelinePoint::p99Us).max().orElse(0)),
                        Long.toString(op.timeline().stream().filter(p -> p.errors() > 0).count())));
            }
        }
        out.table(timeline);
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.errors() > 0 && !op.operation().contains("/")) {
                    out.append("  errors of ").append(v.variant()).append(' ').append(op.operation()).append(": ")
                            .append(op.errorsByKind()).append('\n');
                }
            }
        }
        if (!result.events().isEmpty() || SCALE_OUT.equals(result.scenario())) {
            appendScaleOut(out, result);
        }
        ConsoleReport.appendResources(out, result, "the embedded Cassandra nodes");
        ConsoleReport.appendAudit(out, result);
        ConsoleReport.appendFooter(out, result);
        return out;
    }

    /**
     * The join on the timeline: throughput and p99 before, during and after it, the dip (seconds below 90% of
     * the median before), errors during it, its length; then the timeline in 5-second steps with the events.
     */
    static void appendScaleOut(Doc out, RunResult result) {
        out.append(String.format("%nwhat happened to the cluster, on the run phase's clock (seconds since "
                + "it began)%n"));
        if (result.events().isEmpty()) {
            out.append("  no node joined or left: the run phase ended before --add-node-at, or the run was stopped\n");
            return;
        }
        for (dev.cqlbench.result.RunEvent e : result.events()) {
            out.append(String.format(Locale.ROOT, "  %7.1f s  %-18s %s%n", e.atSecond(), e.kind(), e.detail()));
        }
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                List<dev.cqlbench.result.RunEvent> events = result.events().stream()
                        .filter(e -> e.variant().equals(v.variant()) && e.operation().equals(op.operation())).toList();
                List<TimelinePoint> points = full(op.timeline());
                if (events.isEmpty() || points.isEmpty()) {
                    continue;
                }
                double joinStart = at(events, dev.cqlbench.result.RunEvent.JOIN_START, Double.NaN);
                double joinEnd = at(events, dev.cqlbench.result.RunEvent.JOIN_END, Double.NaN);
                if (Double.isNaN(joinStart)) {
                    continue;
                }
                double end = Double.isNaN(joinEnd) ? Double.MAX_VALUE : joinEnd;
                List<TimelinePoint> before = points.stream().filter(p -> p.second() + 1 <= joinStart).toList();
                List<TimelinePoint> during = points.stream()
                        .filter(p -> p.second() + 1 > joinStart && p.second() < end).toList();
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
                        .min(java.util.Comparator.comparingLong(TimelinePoint::ops)).orElse(null);
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

    private static void appendSteps(Doc out, List<TimelinePoint> timeline,
                                    List<dev.cqlbench.result.RunEvent> events) {
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
                    .collect(java.util.stream.Collectors.joining(", "));
            rows.add(List.of(lo + "-" + (lo + step.size() - 1), fmt(ops, 0),
                    ms(step.stream().mapToDouble(TimelinePoint::p99Us).max().orElse(0)),
                    Long.toString(step.stream().mapToLong(TimelinePoint::errors).sum()), marks));
        }
        out.table(rows);
    }

    private static double at(List<dev.cqlbench.result.RunEvent> events, String kind, double otherwise) {
        return events.stream().filter(e -> e.kind().equals(kind)).mapToDouble(dev.cqlbench.result.RunEvent::atSecond)
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

    /**
     * The study's table 6 across targets: per workload × concurrency each target's ops/s and its ratio to the
     * first target, with a confidence interval and Welch's test on the per-second throughputs.
     */
    private static void appendComparison(Doc out, List<VariantResult> variants, List<String> workloads,
                                         List<Integer> concurrencies, double level) {
        VariantResult base = variants.get(0);
        out.append(String.format(Locale.ROOT, "%ntargets compared (the study's table 6): ops/s, and each target's "
                + "ratio to %s with its %s%% CI (Welch on per-second throughput; * = significant)%n", base.variant(),
                trim(level * 100)));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("workload", "concurrency"));
        variants.forEach(v -> header.add(v.variant()));
        variants.subList(1, variants.size()).forEach(v -> header.add(v.variant() + " / " + base.variant()));
        rows.add(header);
        for (String w : workloads) {
            for (int c : concurrencies) {
                String label = w + "@" + c;
                List<String> row = new ArrayList<>(List.of(w, Integer.toString(c)));
                for (VariantResult v : variants) {
                    row.add(find(v, label).map(op -> fmt(op.throughputOpsPerSec(), 0)).orElse("-"));
                }
                Optional<OperationResult> a = find(base, label);
                for (VariantResult v : variants.subList(1, variants.size())) {
                    Optional<OperationResult> b = find(v, label);
                    dev.cqlbench.stats.Comparison cmp = a.isEmpty() || b.isEmpty() ? null
                            : dev.cqlbench.stats.Comparison.of(v.variant(), perSecond(b.get()), base.variant(),
                                    perSecond(a.get()), level);
                    row.add(cmp == null ? "-" : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)%s", cmp.ratio(),
                            Math.max(0, cmp.ratioLower()), cmp.ratioUpper(), cmp.significant() ? "*" : ""));
                }
                rows.add(row);
            }
        }
        out.table(rows);
    }

    private static List<Double> perSecond(OperationResult op) {
        return full(op.timeline()).stream().map(p -> (double) p.ops()).toList();
    }

    /** The whole seconds of a timeline: each repetition's last, partial second left out. */
    static List<TimelinePoint> full(List<TimelinePoint> timeline) {
        if (timeline == null || timeline.isEmpty()) {
            return List.of();
        }
        List<TimelinePoint> out = new ArrayList<>();
        for (int i = 0; i < timeline.size(); i++) {
            TimelinePoint p = timeline.get(i);
            boolean last = i + 1 == timeline.size() || timeline.get(i + 1).repetition() != p.repetition()
                    || timeline.get(i + 1).cycle() != p.cycle();
            if (!last) {
                out.add(p);
            }
        }
        return out;
    }

    private static String rateWithCi(OperationResult op, double level) {
        String rate = fmt(op.throughputOpsPerSec(), 0);
        List<Double> perSecond = full(op.timeline()).stream().map(p -> (double) p.ops()).toList();
        ConfidenceInterval ci = perSecond.size() < 2 ? null : ConfidenceInterval.of(perSecond, level);
        return ci == null ? rate : rate + " ± " + fmt(ci.halfWidth(), 0);
    }

    /** The configuration as it applies to one variant: its own target's settings when targets are compared. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> of(Map<String, Object> config, String variant) {
        if (!(config.get("targets") instanceof Map<?, ?> targets) || !(targets.get(variant) instanceof Map<?, ?> own)) {
            return config;
        }
        Map<String, Object> out = new java.util.LinkedHashMap<>(config);
        out.putAll((Map<String, Object>) own);
        if (config.get("targetsOpened") instanceof Map<?, ?> opened && opened.get(variant) instanceof Map<?, ?> o) {
            out.putAll((Map<String, Object>) o);
            out.put("target", o.get("kind"));
        }
        return out;
    }

    private static String ms(double us) {
        return fmt(us / 1e3, 2);
    }

    private static String phaseLength(Map<String, Object> config) {
        Number millis = (Number) config.getOrDefault("durationMillis", 0);
        if (millis != null && millis.longValue() > 0) {
            return trim(millis.longValue() / 1000.0) + " s";
        }
        return config.get("ops") + " operations";
    }

    @SuppressWarnings("unchecked")
    private static List<String> workloads(Map<String, Object> config) {
        Set<String> out = new LinkedHashSet<>();
        if (config.get("workloads") instanceof List<?> list) {
            for (Object w : list) {
                if (w instanceof Map<?, ?> m) {
                    out.add(String.valueOf(m.get("name")));
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static List<Integer> concurrencies(Map<String, Object> config) {
        List<Integer> out = new ArrayList<>();
        if (config.get("concurrencies") instanceof List<?> list) {
            list.forEach(c -> out.add(((Number) c).intValue()));
        }
        return out;
    }

}
