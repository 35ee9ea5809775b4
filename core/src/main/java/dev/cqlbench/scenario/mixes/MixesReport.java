package dev.cqlbench.scenario.mixes;

import static dev.cqlbench.report.Format.find;
import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.ms;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Format;
import dev.cqlbench.report.Sections;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.stats.Comparison;
import dev.cqlbench.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 05's table 6 for each target: workload × concurrency → ops/s; then per phase and operation type the
 * latency percentiles (response time, and service time in open loop), the load phases, the per-second
 * timeline's range, errors by kind.
 */
public final class MixesReport {

    private MixesReport() {}

    /** "100", or "1–100 (zipfian)" when the workload draws field lengths (fieldlengthdistribution). */
    private static String fieldLengths(MixesPlan plan) {
        String lengths = plan.workloads().get(0).fieldLengths();
        return lengths.equals("constant") ? String.valueOf(plan.fieldLength())
                : "1–" + plan.fieldLength() + " (" + lengths + ")";
    }

    /** The key table a run prints: ops/s by workload × concurrency, per variant. */
    public static Doc key(RunResult result, MixesPlan plan) {
        Doc out = new Doc();
        throughput(out, result, plan);
        return out;
    }

    private static void throughput(Doc out, RunResult result, MixesPlan plan) {
        double level = result.confidenceLevel();
        boolean open = plan.openLoop();
        List<String> workloads = plan.workloads().stream().map(Workload::name).toList();
        List<Integer> concurrencies = plan.concurrencies();
        for (VariantResult v : result.variants()) {
            TargetSettings target = target(result, v.variant());
            ClusterFacts cluster = result.clusterOf(v.variant());
            out.append(String.format(Locale.ROOT, "%nmixes — %s: ops/s by workload × concurrency, ops ÷ phase "
                            + "time%n  %s%n  ± = half the %s%% CI of per-second throughput, corrected for like neighbours"
                            + "%n  %s, RF %s, consistency %s; %s "
                            + "fields × %s characters; run phases of %s%n",
                    v.variant(), open ? "open loop at " + plan.rate() + " ops/s, concurrency = most in flight"
                            : "closed loop, concurrency = operations in flight",
                    trim(level * 100), cluster == null ? "external cluster" : cluster.label(),
                    target.replication(), target.connection().consistency(), plan.fieldCount(), fieldLengths(plan),
                    phaseLength(plan)));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of("workload", "records"));
            concurrencies.forEach(c -> header.add(c + (open ? " max" : " in flight")));
            rows.add(header);
            for (String w : workloads) {
                List<String> row = new ArrayList<>(List.of(w, find(v, MixesPlan.loadLabel(w))
                        .map(op -> Long.toString(op.operationsPerRepetition())).orElse("-")));
                for (int c : concurrencies) {
                    row.add(find(v, MixesPlan.label(w, c)).map(op -> rateWithCi(result, v, op, level)).orElse("-"));
                }
                rows.add(row);
            }
            out.table(rows);
        }
    }

    /**
     * The report of a mixes run; {@code scaleOut}: of a run whose cluster changed on purpose, whose events are then
     * always shown on the phases' clock.
     */
    public static Doc document(RunResult result, MixesPlan plan, boolean scaleOut) {
        Doc out = new Doc();
        double level = result.confidenceLevel();
        boolean open = plan.openLoop();
        List<String> workloads = plan.workloads().stream().map(Workload::name).toList();
        List<Integer> concurrencies = plan.concurrencies();
        throughput(out, result, plan);

        if (result.variants().size() > 1) {
            appendComparison(out, result, workloads, concurrencies, level);
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
            for (Workload w : plan.workloads()) {
                find(v, MixesPlan.loadLabel(w.name())).ifPresent(op -> latency.add(latencyRow(result, v, op,
                        MixesPlan.loadLabel(w.name()), "INSERT (load)", open)));
                for (int c : concurrencies) {
                    String phase = MixesPlan.label(w.name(), c);
                    find(v, phase).ifPresent(op -> latency.add(latencyRow(result, v, op, phase, "all", open)));
                    for (MixesPlan.Op type : MixesPlan.ops(w)) {
                        find(v, MixesPlan.opLabel(phase, type)).ifPresent(op -> latency.add(latencyRow(result, v, op, phase,
                                type.name(), open)));
                    }
                }
            }
        }
        out.table(latency, java.util.Map.of(), 3);

        out.append(String.format("%ntimeline: per-second throughput and p99 of each run phase (every second in "
                + "timeline.csv)%n"));
        List<List<String>> timeline = new ArrayList<>();
        timeline.add(List.of("variant", "phase", "seconds", "min ops/s", "median ops/s", "max ops/s", "worst p99 ms",
                "seconds with errors"));
        for (VariantResult v : result.variants()) {
            for (OperationResult op : phases(v, plan)) {
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
        List<String> whole = new ArrayList<>();
        plan.workloads().forEach(w -> {
            whole.add(MixesPlan.loadLabel(w.name()));
            concurrencies.forEach(c -> whole.add(MixesPlan.label(w.name(), c)));
        });
        Sections.errors(out, result, "", whole::contains);
        if (!result.course().events().isEmpty() || scaleOut) {
            ClusterTimeline.append(out, result, plan);
        }
        return Sections.closing(out, result, "the embedded Cassandra nodes", true);
    }

    private static List<String> latencyRow(RunResult result, VariantResult v, OperationResult op, String phase,
                                           String type, boolean open) {
        LatencySummary l = op.latency();
        List<String> row = new ArrayList<>(List.of(v.variant(), phase, type, Long.toString(op.count()),
                Long.toString(op.errors()), fmt(Format.throughput(result, v.variant(), op), 0), ms(l.p50Us()),
                ms(l.p90Us()),
                ms(l.p99Us()), ms(l.p999Us()), ms(l.maxUs())));
        if (open) {
            LatencySummary s = op.latencies().serviceLatency();
            row.add(s == null ? "-" : ms(s.p50Us()));
            row.add(s == null ? "-" : ms(s.p99Us()));
        }
        Block all = result.total(v.variant(), op.operation());
        row.add(fmt(all == null ? null : all.measured().clientCpuUsPerOp(), 1));
        row.add(fmt(all == null ? null : all.measured().serverCpuUsPerOp(), 1));
        return row;
    }

    /** A variant's run phases (not loads, not operation types), in the plan's order. */
    static List<OperationResult> phases(VariantResult v, MixesPlan plan) {
        return plan.runPhaseLabels().stream().map(label -> find(v, label)).flatMap(Optional::stream).toList();
    }

    /**
     * The study's table 6 across targets: per workload × concurrency each target's ops/s and its ratio to the
     * first target, with a confidence interval and Welch's test on the per-second throughputs.
     */
    private static void appendComparison(Doc out, RunResult result, List<String> workloads,
                                         List<Integer> concurrencies, double level) {
        List<VariantResult> variants = result.variants();
        VariantResult base = variants.get(0);
        out.append(String.format(Locale.ROOT, "%ntargets compared (the study's table 6): ops/s, and each target's "
                + "ratio to %s with its %s%% CI (Welch on per-second throughput, each side's variance from overlapping "
                + "batch means of its seconds; * = significant)%n", base.variant(),
                trim(level * 100)));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("workload", "concurrency"));
        variants.forEach(v -> header.add(v.variant()));
        variants.subList(1, variants.size()).forEach(v -> header.add(v.variant() + " / " + base.variant()));
        rows.add(header);
        for (String w : workloads) {
            for (int c : concurrencies) {
                String label = MixesPlan.label(w, c);
                List<String> row = new ArrayList<>(List.of(w, Integer.toString(c)));
                for (VariantResult v : variants) {
                    row.add(find(v, label).map(op -> fmt(Format.throughput(result, v.variant(), op), 0)).orElse("-"));
                }
                Optional<OperationResult> a = find(base, label);
                for (VariantResult v : variants.subList(1, variants.size())) {
                    Optional<OperationResult> b = find(v, label);
                    Comparison cmp = a.isEmpty() || b.isEmpty() ? null
                            : Comparison.ofSeries(v.variant(), perSecond(b.get()), base.variant(),
                                    perSecond(a.get()), level);
                    row.add(cmp == null ? "too few seconds" : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)%s",
                            cmp.ratio(), cmp.ratioLower(), cmp.ratioUpper(), cmp.significant() ? "*" : ""));
                }
                rows.add(row);
            }
        }
        out.table(rows);
    }

    /** A phase's whole seconds' throughput, in order. */
    static List<Double> perSecond(OperationResult op) {
        return perSecond(full(op.timeline()));
    }

    /** Throughput of these seconds, in order. */
    static List<Double> perSecond(List<TimelinePoint> points) {
        return points.stream().map(p -> (double) p.ops()).toList();
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

    /**
     * Ops/s of the phase, ± the interval's relative half-width from its seconds as a series (neighbouring seconds
     * are alike: {@link Estimate#ofSeries}); none with too few seconds. An interval as wide as the rate itself would
     * reach below zero ops/s, which a rate cannot: it is said to be wider than that, as a comparison's is
     * ({@link dev.cqlbench.stats.PairedRatio#TOO_WIDE}).
     */
    private static String rateWithCi(RunResult result, VariantResult v, OperationResult op, double level) {
        String rate = fmt(Format.throughput(result, v.variant(), op), 0);
        Estimate perSecond = Estimate.ofSeries(perSecond(op), level);
        if (perSecond == null) {
            return rate;
        }
        return rate + " " + halfWidth(perSecond.relativeHalfWidth());
    }

    /** "± 58.7 %", or {@link dev.cqlbench.stats.PairedRatio#TOO_WIDE} from a half-width of the whole rate on. */
    static String halfWidth(double relative) {
        return relative >= 1 ? dev.cqlbench.stats.PairedRatio.TOO_WIDE : "± " + fmt(relative * 100, 1) + " %";
    }

    /** The cluster settings a variant ran with: its own target's when targets were compared. */
    private static TargetSettings target(RunResult result, String variant) {
        Variant v = result.settings().variants().stream().filter(x -> x.name().equals(variant)).findFirst()
                .orElse(null);
        return v == null ? result.settings().servers().target() : result.settings().targetOf(v);
    }

    private static String phaseLength(MixesPlan plan) {
        return plan.durationMillis() > 0 ? trim(plan.durationMillis() / 1000.0) + " s" : plan.ops() + " operations";
    }
}
