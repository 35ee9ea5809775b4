package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report of a library comparison (studies 01 and 02): variant × operation → typical time, client CPU and server
 * CPU per operation, each from its timed blocks with its interval; the paired differences between variants and what
 * each mapper costs over its driver; the study's own table (total time of O operations) as a view of the same
 * blocks; latency percentiles from the full histograms; CPU and memory; what each variant sent.
 */
public final class LibraryReport {

    private LibraryReport() {}

    /** The whole report, for a scenario with nothing of its own to add. */
    public static Doc whole(Reading reading) {
        RunResult result = reading.result();
        Doc out = document(reading);
        Sections.footer(out, result, false);
        return out;
    }

    /** Everything up to the audit; the scenario adds its own lines, then {@link Sections#footer}. */
    public static Doc document(Reading reading) {
        RunResult result = reading.result();
        Doc out = new Doc();
        ScenarioPlan plan = result.plan();
        Analysis analysis = reading.analysis();
        double level = result.confidenceLevel();
        List<String> operations = operations(result);

        out.append(String.format(Locale.ROOT, "%n%s — every figure per timed block, geometric mean over the blocks "
                + "± half its %s%% interval%n", result.scenario(), trim(level * 100)));
        out.append(BlockFigures.roundsLine(result));
        BlockFigures.tables(out, analysis, result, operations, null);
        String reference = result.settings().referenceVariant();
        BlockFigures.comparisons(out, analysis, "comparisons with " + reference + " (the reference, named before "
                + "the data) and what each mapper costs over the driver it is built on",
                analysis.family().stream().filter(q -> shown(q, result)).toList());

        int rounds = result.rounds() == null ? plan.cycles() : result.rounds().run();
        out.append(String.format(Locale.ROOT, "%nthe study's view: %s (ms), mean ± %s%% CI over %s rounds × %s "
                + "repetitions%n", totalTimeTitle(result), trim(level * 100), rounds, plan.repetitions()));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant", "mode"));
        header.addAll(operations);
        rows.add(header);
        for (VariantResult variant : result.variants()) {
            List<String> row = new ArrayList<>(List.of(variant.variant(), modeLabel(variant)));
            for (String operation : operations) {
                row.add(totalTime(dev.cqlbench.analysis.TotalTime.of(analysis, variant.variant(), operation)));
            }
            rows.add(row);
        }
        out.table(rows);

        latency(out, result);
        Sections.errors(out, result, "", operation -> true);
        Sections.resources(out, result, "embedded Cassandra");
        AuditSection.audit(out, result);
        return out;
    }

    /** Every variant's operations: count, errors, ops/s and latency percentiles from its full HdrHistograms. */
    public static void latency(Doc out, RunResult result) {
        out.append(String.format("%nlatency per operation (µs) from full HdrHistograms; ops/s = operations ÷ summed "
                + "repetition time%n"));
        List<List<String>> latency = new ArrayList<>();
        latency.add(List.of("variant", "operation", "count", "errors", "ops/s", "mean", "p50", "p90", "p99",
                "p99.9", "max"));
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                LatencySummary l = op.latency();
                latency.add(List.of(variant.variant(), op.operation(), Long.toString(op.count()),
                        Long.toString(op.errors()), fmt(Format.throughput(result, variant.variant(), op), 0),
                        fmt(l.meanUs(), 0), fmt(l.p50Us(), 0), fmt(l.p90Us(), 0), fmt(l.p99Us(), 0),
                        fmt(l.p999Us(), 0), fmt(l.maxUs(), 0)));
            }
        }
        out.table(latency, java.util.Map.of(), 2);
    }

    /** The comparisons the report shows: with the reference, and of a mapper with the driver it is built on. */
    private static boolean shown(Question q, RunResult result) {
        if (!q.sameOperations() || q.a().operations().size() != 1 || q.a().variant().equals(q.b().variant())) {
            return false;
        }
        if (q.b().variant().equals(result.settings().referenceVariant())) {
            return true;
        }
        return result.settings().variants().stream().anyMatch(v -> v.name().equals(q.a().variant())
                && q.b().variant().equals(v.library().baseline()));
    }

    static List<String> operations(RunResult result) {
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

    private static String totalTime(ConfidenceInterval ci) {
        return ci == null ? "-" : Double.isNaN(ci.lower()) ? fmt(ci.mean(), 1)
                : fmt(ci.mean(), 1) + " ± " + fmt(ci.halfWidth(), 1);
    }
}
