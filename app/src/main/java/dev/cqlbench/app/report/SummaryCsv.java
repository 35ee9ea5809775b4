package dev.cqlbench.app.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.report.Format;
import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.util.Locale;

/**
 * summary.csv: one row per variant × operation; the leading columns are a stable contract, new ones are added at the
 * end. Server CPU per operation is the operation's own (timed sections) where the scenario measures it, else the
 * variant's. Then the per-block figures: typical time, client CPU and server CPU per operation (above the servers'
 * idle baseline), each with its interval and the precision it reached (relative half-width); the rounds run, the
 * precision asked for and the idle baseline; the JVMs per variant and the between-JVM sd of time and client CPU
 * (pooled, the one every interval carries); the reference, and this row against it in time and client CPU with the
 * simultaneous interval and its mark, the family's level and size; then, four columns each, every per-block figure
 * measured since ({@link Measure} after the first three: its value, interval and precision).
 */
public final class SummaryCsv {

    /** The per-block figures whose columns sit among the leading ones, where they were first written. */
    private static final java.util.Set<Measure> LEADING = java.util.EnumSet.of(Measure.TIME, Measure.CLIENT_CPU,
            Measure.SERVER_CPU);

    public static final String HEADER = "scenario,variant,operation,count,errors,throughput_ops_s,mean_us,p50_us,"
            + "p99_us,p999_us,max_us,p90_us,min_us,mean_total_ms,total_ci_low_ms,total_ci_high_ms,"
            + "ops_per_repetition,repetitions,mode,concurrency,library_version,client_cpu_whole_cycles_us_per_op,"
            + "server_cpu_timed_sections_us_per_op,client_rss_mb,typical_us,typical_ci_low_us,typical_ci_high_us,typical_precision,"
            + "client_cpu_block_us,client_cpu_ci_low_us,client_cpu_ci_high_us,client_cpu_precision,"
            + "server_cpu_block_us,server_cpu_ci_low_us,server_cpu_ci_high_us,server_cpu_precision,"
            + "rounds,precision_asked,server_idle_cpu_percent,forks,between_jvm_sd_time,between_jvm_sd_client_cpu,"
            + "reference,vs_reference_time,vs_reference_time_low,vs_reference_time_high,vs_reference_time_mark,"
            + "vs_reference_client_cpu,vs_reference_client_cpu_low,vs_reference_client_cpu_high,"
            + "vs_reference_client_cpu_mark,family_level,family_size" + laterColumns();

    private SummaryCsv() {}

    public static String render(Reading reading) {
        RunResult result = reading.result();
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        Analysis analysis = reading.analysis();
        String reference = result.settings().referenceVariant();
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                LatencySummary l = op.latency();
                ConfidenceInterval ci = dev.cqlbench.analysis.TotalTime.of(analysis, variant.variant(), op.operation());
                String v = variant.variant();
                String o = op.operation();
                Block all = result.total(v, o);
                Double clientCpu = all == null ? null : all.measured().clientCpuUsPerOp();
                Double serverCpu = all == null ? null : all.measured().serverCpuUsPerOp();
                out.append(String.join(",",
                        result.scenario(), variant.variant(), op.operation(),
                        Long.toString(op.count()), Long.toString(op.errors()),
                        num(Format.throughput(result, v, op)), num(l.meanUs()), num(l.p50Us()), num(l.p99Us()),
                        num(l.p999Us()), num(l.maxUs()), num(l.p90Us()), num(l.minUs()),
                        ci == null ? "" : num(ci.mean()), ci == null ? "" : num(ci.lower()),
                        ci == null ? "" : num(ci.upper()), Integer.toString(op.operationsPerRepetition()),
                        Integer.toString(result.blocks(v, o).size()),
                        variant.mode(), Integer.toString(variant.concurrency()),
                        variant.libraryVersion() == null ? "" : variant.libraryVersion(),
                        clientCpu == null ? "" : num(clientCpu),
                        serverCpu != null ? num(serverCpu)
                                : variant.server() == null ? "" : num(variant.server().cpuUsPerOp()),
                        variant.client() == null ? "" : num(variant.client().peakRssBytes() / 1048576.0),
                        estimate(analysis.figure(v, o, Measure.TIME)),
                        estimate(analysis.figure(v, o, Measure.CLIENT_CPU)),
                        estimate(analysis.figure(v, o, Measure.SERVER_CPU)),
                        result.rounds() == null ? "" : Integer.toString(result.rounds().run()),
                        result.rounds() == null ? "" : num(result.rounds().precision()),
                        result.rounds() == null || result.rounds().serverIdleCpuPercent() == null ? ""
                                : num(result.rounds().serverIdleCpuPercent()),
                        Integer.toString(analysis.forks(v)), jvm(analysis, Measure.TIME),
                        jvm(analysis, Measure.CLIENT_CPU), reference == null ? "" : reference,
                        versus(analysis, v, reference, o, Measure.TIME),
                        versus(analysis, v, reference, o, Measure.CLIENT_CPU),
                        num(analysis.familyLevel()), Integer.toString(analysis.family().size())));
                for (Measure measure : Measure.values()) {
                    if (!LEADING.contains(measure)) {
                        out.append(',').append(estimate(analysis.figure(v, o, measure)));
                    }
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static String laterColumns() {
        StringBuilder out = new StringBuilder();
        for (Measure m : Measure.values()) {
            if (!LEADING.contains(m)) {
                out.append(',').append(m.column).append(',').append(m.column).append("_ci_low,").append(m.column)
                        .append("_ci_high,").append(m.column).append("_precision");
            }
        }
        return out.toString();
    }

    /** The pooled between-JVM sd of a measure (0.004 = 0.4 %); empty where forks did not tell it. */
    private static String jvm(Analysis analysis, Measure measure) {
        BetweenJvm b = analysis.betweenJvm(measure);
        return b.known() ? String.format(Locale.ROOT, "%.4f", b.sd()) : "";
    }

    /**
     * The variant over the reference in one operation, when the scenario asks it: ratio, lower, upper (simultaneous)
     * and mark; four empty cells otherwise.
     */
    private static String versus(Analysis analysis, String variant, String reference, String operation,
                                 Measure measure) {
        Question q = Question.of(variant, reference == null ? "" : reference, operation, measure);
        if (reference == null || !analysis.family().contains(q)) {
            return ",,,";
        }
        PairedRatio r = analysis.answer(q);
        return r == null ? ",,," : String.join(",", String.format(Locale.ROOT, "%.4f", r.ratio()),
                String.format(Locale.ROOT, "%.4f", r.lower()), String.format(Locale.ROOT, "%.4f", r.upper()),
                r.different() ? "different" : r.equivalent(analysis.margin()) ? "same" : "not decided");
    }

    /** value, lower, upper, relative half-width; four empty cells without an interval. */
    private static String estimate(Estimate e) {
        return e == null ? ",,," : String.join(",", num(e.value()), num(e.lower()), num(e.upper()),
                String.format(Locale.ROOT, "%.4f", e.relativeHalfWidth()));
    }

    private static String num(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }
}
