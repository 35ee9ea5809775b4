package dev.cqlbench.app.report;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.Locale;

/**
 * summary.csv: one row per variant × operation; the leading columns are a stable contract. Server CPU per
 * operation is the operation's own (timed sections) where the scenario measures it, else the variant's.
 */
public final class SummaryCsv {

    public static final String HEADER = "scenario,variant,operation,count,errors,throughput_ops_s,mean_us,p50_us,"
            + "p99_us,p999_us,max_us,p90_us,min_us,mean_total_ms,total_ci_low_ms,total_ci_high_ms,"
            + "ops_per_repetition,repetitions,mode,concurrency,library_version,client_cpu_us_per_op,"
            + "server_cpu_us_per_op,client_rss_mb";

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
                        variant.client() == null ? "" : num(variant.client().peakRssBytes() / 1048576.0)))
                        .append('\n');
            }
        }
        return out.toString();
    }

    private static String num(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }
}
