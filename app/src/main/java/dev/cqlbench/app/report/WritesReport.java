package dev.cqlbench.app.report;

import static dev.cqlbench.app.report.ConsoleReport.find;
import static dev.cqlbench.app.report.ConsoleReport.fmt;
import static dev.cqlbench.app.report.ConsoleReport.trim;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.runner.WritesRunner;
import dev.cqlbench.scenario.writes.WritesPlan;
import dev.cqlbench.stats.Comparison;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Study 04's table: write pattern × temporal locality → writes/s, then per cell the latency of each request
 * (a batch, or one insert), requests and partitions per batch, client and server CPU per write; the differences
 * the data supports at each locality; the read-back verification.
 */
final class WritesReport {

    static final String SCENARIO = "writes";

    /** The study's writes/s (4 nodes, RF 3, 1M writes, 8,000-row batches) at 0, 20, 40, 60, 80 % locality. */
    private static final Map<String, int[]> STUDY = Map.of(
            "unlogged-batch", new int[] {7100, 7500, 8300, 10600, 16000},
            "token-aware-batch", new int[] {9100, 10200, 12600, 17700, 29400},
            "async", new int[] {13000, 13100, 12700, 13700, 13200});
    private static final List<Integer> STUDY_LOCALITIES = List.of(0, 20, 40, 60, 80);

    private WritesReport() {}

    static Doc document(RunResult result) {
        Doc out = new Doc();
        Map<String, Object> config = result.configuration();
        double level = ((Number) config.getOrDefault("confidenceLevel", 0.999)).doubleValue();
        List<VariantResult> variants = result.variants();
        List<String> labels = labels(result);

        out.append(String.format(Locale.ROOT, "%nwrites — writes/s by pattern × temporal locality, mean ± %s%% CI "
                        + "over %s cycles × %s repetitions%n  %s, RF %s, consistency %s; %s rows per cell, batches of "
                        + "%s rows (%s in flight), async window %s; load: %s%n",
                trim(level * 100), config.get("cycles"), config.get("repetitions"), ConsoleReport.clusterLabel(config),
                config.get("replicationFactor"), config.get("consistency"), config.get("writes"),
                config.get("batchSize"), config.get("batchConcurrency"), config.get("window"),
                WritesPlan.LOAD_MODEL + " (each pattern as fast as its window allows)"));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("pattern"));
        labels.forEach(l -> header.add(WritesPlan.locality(l) + "% locality"));
        rows.add(header);
        for (VariantResult v : variants) {
            List<String> row = new ArrayList<>(List.of(v.variant()));
            for (String label : labels) {
                row.add(find(v, label).map(op -> rateWithCi(op, level)).orElse("-"));
            }
            rows.add(row);
        }
        out.table(rows);
        appendStudy(out, variants, labels);

        out.append(String.format("%nper cell: latency of each request (a batch, or one insert for async) in ms from "
                + "full HdrHistograms;%n  rows/req = rows per request; partitions/window = distinct partition keys per "
                + "window of B rows;%n  cpu = µs per write during the timed writes only (the resources table below also "
                + "counts emptying and reading back)%n"));
        List<List<String>> cells = new ArrayList<>();
        cells.add(List.of("pattern", "locality", "writes", "requests", "rows/req", "partitions/window", "p50 ms",
                "p90 ms", "p99 ms", "max ms", "client cpu", "server cpu", "errors"));
        for (VariantResult v : variants) {
            for (String label : labels) {
                find(v, label).ifPresent(op -> {
                    LatencySummary l = op.latency();
                    long requests = op.notes().getOrDefault(WritesRunner.REQUESTS, 0L);
                    long partitions = op.notes().getOrDefault(WritesRunner.PARTITIONS, 0L);
                    double batches = Math.ceil((double) op.operationsPerRepetition()
                            / ((Number) config.getOrDefault("batchSize", 1)).doubleValue())
                            * Math.max(1, op.repetitions().size());
                    cells.add(List.of(v.variant(), WritesPlan.locality(label) + "%", Long.toString(op.count()),
                            Long.toString(requests), requests == 0 ? "-" : fmt((double) op.count() / requests, 1),
                            batches == 0 ? "-" : fmt(partitions / batches, 0),
                            fmt(l.p50Us() / 1e3, 2), fmt(l.p90Us() / 1e3, 2), fmt(l.p99Us() / 1e3, 2),
                            fmt(l.maxUs() / 1e3, 2),
                            op.clientCpuUsPerOp() == null ? "-" : fmt(op.clientCpuUsPerOp(), 1),
                            op.serverCpuUsPerOp() == null ? "-" : fmt(op.serverCpuUsPerOp(), 1),
                            Long.toString(op.errors())));
                });
            }
        }
        out.table(cells);
        appendErrors(out, variants);
        appendDifferences(out, variants, labels, level);
        appendVerification(out, result, labels);
        ConsoleReport.appendResources(out, result, "all embedded Cassandra nodes");
        ConsoleReport.appendAudit(out, result);
        ConsoleReport.appendFooter(out, result);
        return out;
    }

    /** Writes/s of each full repetition. */
    static List<Double> rates(OperationResult op) {
        return full(op).stream().filter(r -> r.totalNanos() > 0)
                .map(r -> r.operations() / (r.totalNanos() / 1e9)).toList();
    }

    private static String rateWithCi(OperationResult op, double level) {
        List<Double> rates = rates(op);
        if (rates.isEmpty()) {
            return "-";
        }
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        ConfidenceInterval ci = ConfidenceInterval.of(rates, level);
        return ci == null ? fmt(mean, 0) : fmt(mean, 0) + " ± " + fmt(ci.halfWidth(), 0);
    }

    private static void appendStudy(Doc out, List<VariantResult> variants, List<String> labels) {
        List<String> shown = new ArrayList<>();
        for (VariantResult v : variants) {
            int[] study = STUDY.get(v.variant());
            if (study == null) {
                continue;
            }
            List<String> values = new ArrayList<>();
            for (String label : labels) {
                int i = STUDY_LOCALITIES.indexOf(WritesPlan.locality(label));
                values.add(i < 0 ? "-" : Integer.toString(study[i]));
            }
            shown.add(v.variant() + " " + String.join(" / ", values));
        }
        if (!shown.isEmpty()) {
            out.append("  the study (4 nodes, RF 3, 1M writes, Cassandra 2.1): ").append(String.join("; ", shown))
                    .append('\n');
        }
    }

    private static void appendErrors(Doc out, List<VariantResult> variants) {
        for (VariantResult v : variants) {
            for (OperationResult op : v.operations()) {
                if (op.errors() > 0) {
                    out.append("  errors of ").append(v.variant()).append(' ').append(op.operation()).append(" (rows): ")
                            .append(op.errorsByKind()).append('\n');
                }
            }
        }
    }

    /**
     * At each locality, the fastest pattern's writes/s against each other pattern's (Welch on the writes/s of
     * each repetition, the measure of the table above): +30% means the fastest writes 30% more per second;
     * * marks a significant difference.
     */
    private static void appendDifferences(Doc out, List<VariantResult> variants, List<String> labels,
                                          double level) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("locality", "fastest"));
        variants.forEach(v -> header.add("vs " + v.variant()));
        rows.add(header);
        boolean tested = false;
        for (String label : labels) {
            VariantResult fastest = null;
            double best = -1;
            for (VariantResult v : variants) {
                double mean = find(v, label).map(WritesReport::rates).orElse(List.of()).stream()
                        .mapToDouble(Double::doubleValue).average().orElse(-1);
                if (mean > best) {
                    best = mean;
                    fastest = v;
                }
            }
            if (fastest == null || best < 0) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(WritesPlan.locality(label) + "%", fastest.variant()));
            for (VariantResult v : variants) {
                Optional<OperationResult> other = find(v, label);
                Comparison c = v == fastest || other.isEmpty() ? null
                        : Comparison.of(fastest.variant(), rates(find(fastest, label).get()), v.variant(),
                                rates(other.get()), level);
                if (c == null) {
                    row.add(v == fastest ? "" : "-");
                    continue;
                }
                tested = true;
                row.add(String.format(Locale.ROOT, "%+.0f%%%s p=%.2g", (c.ratio() - 1) * 100,
                        c.significant() ? "*" : "", c.pValue()));
            }
            rows.add(row);
        }
        if (rows.size() > 1) {
            out.append(String.format(Locale.ROOT, "%ndifferences: the fastest pattern's writes/s against each other's "
                    + "(+30%% = 30%% more writes/s); * = significant at %s%% (Welch's two-sided t-test on the "
                    + "writes/s of each repetition)%s%n", trim(level * 100),
                    tested ? "" : "; fewer than 2 repetitions per cell: nothing to test"));
            out.table(rows);
        }
    }

    private static void appendVerification(Doc out, RunResult result, List<String> labels) {
        long verified = 0;
        long missing = 0;
        long wrong = 0;
        long unacknowledged = 0;
        int cells = 0;
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                cells += op.repetitions().size();
                verified += op.notes().getOrDefault(WritesRunner.ROWS_VERIFIED, 0L);
                unacknowledged += op.notes().getOrDefault(WritesRunner.ROWS_UNACKNOWLEDGED, 0L);
                missing += op.errorsByKind().getOrDefault(ErrorCounts.ROW_MISSING, 0L);
                wrong += op.errorsByKind().getOrDefault(ErrorCounts.ROW_WRONG, 0L);
            }
        }
        if (cells == 0) {
            return;
        }
        if (Boolean.FALSE.equals(result.configuration().get("verify"))) {
            out.append(String.format("%nverification: off (--no-verify): nothing was read back%n"));
            return;
        }
        out.append(String.format(Locale.ROOT, "%nverification: after every repetition the whole table was read back "
                + "at consistency ALL and compared row by row with what was acknowledged:%n  %d repetitions, %d rows "
                + "read back, %d acknowledged rows missing, %d rows wrong or unexpected%s: %s%n", cells, verified,
                missing, wrong, unacknowledged == 0 ? "" : ", " + unacknowledged + " rows present whose write failed "
                        + "(applied, not acknowledged)", missing + wrong == 0 ? "PASSED" : "FAILED"));
        List<String> problems = ConsistencyCheck.problems(result);
        out.append(problems.isEmpty() ? "  every pattern left the same table contents at each locality (checksums)\n"
                : "  " + String.join("\n  ", problems) + "\n");
    }

    private static List<RepetitionTime> full(OperationResult op) {
        return op.repetitions().stream().filter(r -> r.operations() == op.operationsPerRepetition()).toList();
    }

    private static List<String> labels(RunResult result) {
        Set<String> labels = new LinkedHashSet<>();
        result.variants().forEach(v -> v.operations().stream().map(OperationResult::operation)
                .filter(o -> o.startsWith(WritesPlan.LABEL_PREFIX)).forEach(labels::add));
        if (labels.isEmpty() && result.configuration().get("localities") instanceof List<?> configured) {
            configured.forEach(p -> labels.add(WritesPlan.label(((Number) p).intValue())));
        }
        return new ArrayList<>(labels);
    }

}
