package dev.cqlbench.report;

import static dev.cqlbench.report.Format.find;
import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.stats.Comparison;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The report of a library comparison (studies 01 and 02): variant × operation → mean total time of a repetition
 * with its confidence interval; then latency percentiles from the full histograms; CPU and memory; the differences
 * the data supports, in the study's words; what each variant sent.
 */
public final class LibraryReport {

    private LibraryReport() {}

    /** The whole report, for a scenario with nothing of its own to add. */
    public static Doc whole(RunResult result) {
        Doc out = document(result);
        Sections.footer(out, result, false);
        return out;
    }

    /** Everything up to the audit; the scenario adds its own lines, then {@link Sections#footer}. */
    public static Doc document(RunResult result) {
        Doc out = new Doc();
        ScenarioPlan plan = result.plan();
        double level = result.confidenceLevel();
        List<String> operations = operations(result);

        out.append(String.format(Locale.ROOT, "%n%s — %s (ms), mean ± %s%% CI over %s cycles × %s repetitions%n",
                result.scenario(), totalTimeTitle(result), trim(level * 100), plan.cycles(), plan.repetitions()));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant", "mode"));
        header.addAll(operations);
        rows.add(header);
        for (VariantResult variant : result.variants()) {
            List<String> row = new ArrayList<>(List.of(variant.variant(), modeLabel(variant)));
            for (String operation : operations) {
                row.add(find(variant, operation).map(LibraryReport::totalTime).orElse("-"));
            }
            rows.add(row);
        }
        out.table(rows);

        out.append(String.format("%nlatency per operation (µs) from full HdrHistograms; ops/s = operations ÷ summed "
                + "repetition time; cpu = worker JVM CPU per operation (µs)%n"));
        List<List<String>> latency = new ArrayList<>();
        latency.add(List.of("variant", "operation", "count", "errors", "ops/s", "mean", "p50", "p90", "p99",
                "p99.9", "max", "cpu/op"));
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                LatencySummary l = op.latency();
                latency.add(List.of(variant.variant(), op.operation(), Long.toString(op.count()),
                        Long.toString(op.errors()), fmt(op.throughputOpsPerSec(), 0), fmt(l.meanUs(), 0),
                        fmt(l.p50Us(), 0), fmt(l.p90Us(), 0), fmt(l.p99Us(), 0), fmt(l.p999Us(), 0),
                        fmt(l.maxUs(), 0), op.clientCpuUsPerOp() == null ? "-" : fmt(op.clientCpuUsPerOp(), 1)));
            }
        }
        out.table(latency);
        Sections.errors(out, result, "", operation -> true);
        Sections.resources(out, result, "embedded Cassandra");
        Sections.differences(out, level, Comparison.TEST + "; * = significant; % = time ratio − 1",
                comparisons(result, operations, level));
        Sections.audit(out, result);
        return out;
    }

    /**
     * Per operation, the fastest variant against each other one, stated in the study's words only where the test
     * says the difference is real; then what each mapper costs over the native driver it is built on.
     */
    private static List<String> comparisons(RunResult result, List<String> operations, double level) {
        List<String> lines = new ArrayList<>();
        if (result.variants().size() > 1) {
            for (String operation : operations) {
                List<VariantResult> having = result.variants().stream()
                        .filter(v -> Sections.measured(v, operation))
                        .sorted((x, y) -> Double.compare(find(x, operation).get().meanTotalMillis(),
                                find(y, operation).get().meanTotalMillis()))
                        .toList();
                List<String> notShown = new ArrayList<>();
                for (int i = 1; i < having.size(); i++) {
                    Comparison c = compare(having.get(0), having.get(i), operation, level);
                    if (c == null) {
                        continue;
                    }
                    if (c.significant()) {
                        lines.add(operation + ": " + c.sentence());
                    } else {
                        notShown.add(String.format(Locale.ROOT, "%s (%+.0f%%)", c.b(), (1 / c.ratio() - 1) * 100));
                    }
                }
                if (!notShown.isEmpty()) {
                    lines.add(operation + ": no significant difference between " + having.get(0).variant() + " and "
                            + String.join(", ", notShown));
                }
            }
        }
        for (VariantResult variant : result.variants()) {
            Optional<VariantResult> baseline = result.variants().stream()
                    .filter(v -> v.variant().equals(variant.baseline())).findFirst();
            if (baseline.isEmpty()) {
                continue;
            }
            List<String> costs = new ArrayList<>();
            for (String operation : operations) {
                Comparison c = compare(variant, baseline.get(), operation, level);
                if (c != null) {
                    costs.add(String.format(Locale.ROOT, "%s %+.0f%%%s", operation, (c.ratio() - 1) * 100,
                            c.significant() ? "*" : ""));
                }
            }
            if (!costs.isEmpty()) {
                lines.add("cost of " + variant.variant() + " over " + baseline.get().variant() + ": "
                        + String.join(", ", costs));
            }
        }
        return lines;
    }

    private static Comparison compare(VariantResult a, VariantResult b, String operation, double level) {
        Optional<OperationResult> x = find(a, operation);
        Optional<OperationResult> y = find(b, operation);
        if (x.isEmpty() || y.isEmpty()) {
            return null;
        }
        return Comparison.of(a.variant(), Format.fullRepetitionMillis(x.get()), b.variant(),
                Format.fullRepetitionMillis(y.get()), level);
    }

    private static List<String> operations(RunResult result) {
        Set<String> labels = new LinkedHashSet<>();
        result.variants().forEach(v -> v.operations().forEach(o -> labels.add(o.operation())));
        return new ArrayList<>(labels);
    }

    private static String totalTimeTitle(RunResult result) {
        Set<Integer> sizes = new LinkedHashSet<>();
        result.variants().forEach(v -> v.operations().forEach(o -> sizes.add(o.operationsPerRepetition())));
        return sizes.size() == 1 ? "average total time of " + sizes.iterator().next() + " operations"
                : "average total time of N operations (N = the -nN of each column)";
    }

    private static String modeLabel(VariantResult variant) {
        return variant.mode().equals("sync") ? "sync" : variant.mode() + "×" + variant.concurrency();
    }

    private static String totalTime(OperationResult op) {
        ConfidenceInterval ci = op.totalTimeCi();
        String mean = fmt(op.meanTotalMillis(), 1);
        return ci == null ? mean : mean + " ± " + fmt(ci.halfWidth(), 1);
    }
}
