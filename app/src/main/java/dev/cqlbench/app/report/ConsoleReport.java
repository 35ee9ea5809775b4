package dev.cqlbench.app.report;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The terminal tables, in the shape of study 01: variant × operation → average total time of O operations,
 * then latency percentiles from the full histograms. Reads a result; measures nothing.
 */
public final class ConsoleReport {

    private static final List<String> OPERATIONS = List.of("write", "read", "update", "delete");

    private ConsoleReport() {}

    public static String render(RunResult result) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> config = result.configuration();
        double level = ((Number) config.getOrDefault("confidenceLevel", 0.999)).doubleValue();
        out.append(String.format(Locale.ROOT, "%n%s — average total time of %s operations (ms), mean ± %s%% CI over %s cycles × %s repetitions%n",
                result.scenario(), config.get("operationsPerRepetition"), trim(level * 100),
                config.get("cycles"), config.get("repetitions")));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant", "mode"));
        header.addAll(OPERATIONS);
        rows.add(header);
        for (VariantResult variant : result.variants()) {
            List<String> row = new ArrayList<>(List.of(variant.variant(), modeLabel(variant)));
            for (String operation : OPERATIONS) {
                row.add(find(variant, operation).map(ConsoleReport::totalTime).orElse("-"));
            }
            rows.add(row);
        }
        out.append(Table.render(rows));

        out.append(String.format("%nlatency per operation (µs), from full HdrHistograms; ops/s = operations ÷ summed repetition time%n"));
        List<List<String>> latency = new ArrayList<>();
        latency.add(List.of("variant", "operation", "count", "errors", "ops/s", "mean", "p50", "p90", "p99",
                "p99.9", "max"));
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                LatencySummary l = op.latency();
                latency.add(List.of(variant.variant(), op.operation(), Long.toString(op.count()),
                        errors(op), fmt(op.throughputOpsPerSec(), 0), fmt(l.meanUs(), 0), fmt(l.p50Us(), 0),
                        fmt(l.p90Us(), 0), fmt(l.p99Us(), 0), fmt(l.p999Us(), 0), fmt(l.maxUs(), 0)));
            }
        }
        out.append(Table.render(latency));

        out.append(String.format("%nwhat each variant sent%n"));
        for (VariantResult variant : result.variants()) {
            out.append("  ").append(variant.variant()).append(' ').append(variant.libraryVersion() == null ? "" : variant.libraryVersion())
                    .append(": ").append(variant.audit().isEmpty() ? "(no audit: worker did not start)"
                            : auditLine(variant.audit())).append('\n');
            if (variant.failure() != null) {
                out.append("  ").append(variant.variant()).append(" FAILED: ").append(variant.failure()).append('\n');
            }
        }
        if (result.partial()) {
            out.append(String.format("%nPARTIAL RESULT: %s%n", result.stopReason()));
        }
        out.append(String.format("%nCassandra %s (%s), %d CPUs, orchestrator %s%n", result.environment().cassandraVersion(),
                result.environment().target(), result.environment().availableProcessors(),
                result.environment().orchestratorJava()));
        return out.toString();
    }

    private static String auditLine(Map<String, String> audit) {
        StringBuilder line = new StringBuilder();
        audit.forEach((k, v) -> line.append(line.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return line.toString();
    }

    private static String modeLabel(VariantResult variant) {
        return variant.mode().equals("sync") ? "sync" : variant.mode() + "×" + variant.concurrency();
    }

    private static Optional<OperationResult> find(VariantResult variant, String operation) {
        return variant.operations().stream().filter(o -> o.operation().equals(operation)).findFirst();
    }

    private static String totalTime(OperationResult op) {
        ConfidenceInterval ci = op.totalTimeCi();
        String mean = fmt(op.meanTotalMillis(), 1);
        return ci == null ? mean : mean + " ± " + fmt(ci.halfWidth(), 1);
    }

    private static String errors(OperationResult op) {
        return op.errors() == 0 ? "0" : op.errors() + " " + op.errorsByKind();
    }

    static String fmt(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
