package dev.cqlbench.app.report;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.Estimate;
import java.util.Locale;

/**
 * summary.csv: one row per variant × operation; the leading columns are a stable contract, new ones are added at the
 * end. Server CPU per operation is the operation's own (timed sections) where the scenario measures it, else the
 * variant's. Then the per-block figures: typical time, client CPU and server CPU per operation (above the servers'
 * idle baseline), each with its interval and the precision it reached (relative half-width); the rounds run, the
 * precision asked for and the idle baseline.
 */
public final class SummaryCsv {

    public static final String HEADER = "scenario,variant,operation,count,errors,throughput_ops_s,mean_us,p50_us,"
            + "p99_us,p999_us,max_us,p90_us,min_us,mean_total_ms,total_ci_low_ms,total_ci_high_ms,"
            + "ops_per_repetition,repetitions,mode,concurrency,library_version,client_cpu_us_per_op,"
            + "server_cpu_us_per_op,client_rss_mb,typical_us,typical_ci_low_us,typical_ci_high_us,typical_precision,"
            + "client_cpu_block_us,client_cpu_ci_low_us,client_cpu_ci_high_us,client_cpu_precision,"
            + "server_cpu_block_us,server_cpu_ci_low_us,server_cpu_ci_high_us,server_cpu_precision,"
            + "rounds,precision_asked,server_idle_cpu_percent";

    private SummaryCsv() {}

    public static String render(RunResult result) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                LatencySummary l = op.latency();
                ConfidenceInterval ci = op.totalTimeCi();
                out.append(String.join(",",
                        result.scenario(), variant.variant(), op.operation(),
                        Long.toString(op.count()), Long.toString(op.errors()),
                        num(op.throughputOpsPerSec()), num(l.meanUs()), num(l.p50Us()), num(l.p99Us()),
                        num(l.p999Us()), num(l.maxUs()), num(l.p90Us()), num(l.minUs()),
                        num(op.meanTotalMillis()), ci == null ? "" : num(ci.lower()), ci == null ? "" : num(ci.upper()),
                        Integer.toString(op.operationsPerRepetition()), Integer.toString(op.repetitions().size()),
                        variant.mode(), Integer.toString(variant.concurrency()),
                        variant.libraryVersion() == null ? "" : variant.libraryVersion(),
                        op.clientCpuUsPerOp() == null ? "" : num(op.clientCpuUsPerOp()),
                        op.serverCpuUsPerOp() != null ? num(op.serverCpuUsPerOp())
                                : variant.server() == null ? "" : num(variant.server().cpuUsPerOp()),
                        variant.client() == null ? "" : num(variant.client().peakRssBytes() / 1048576.0),
                        estimate(op.typicalUs()), estimate(op.clientCpu()), estimate(op.serverCpu()),
                        result.rounds() == null ? "" : Integer.toString(result.rounds().run()),
                        result.rounds() == null ? "" : num(result.rounds().precision()),
                        result.rounds() == null || result.rounds().serverIdleCpuPercent() == null ? ""
                                : num(result.rounds().serverIdleCpuPercent())))
                        .append('\n');
            }
        }
        return out.toString();
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
