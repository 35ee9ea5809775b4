package dev.cqlbench.app.report;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
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
 * The terminal report of any scenario, in the shape of its study: variant × operation → mean total time of a
 * repetition with its confidence interval; then latency percentiles from the full histograms; CPU and memory;
 * the differences the data supports, in the study's words; what each variant sent. Reads a result only.
 */
public final class ConsoleReport {

    private ConsoleReport() {}

    public static String render(RunResult result) {
        return document(result).toString();
    }

    /** The report as text and tables, in the shape of the result's study. */
    public static Doc document(RunResult result) {
        if (HatshopReport.SCENARIO.equals(result.scenario())) {
            return HatshopReport.document(result);
        }
        if (WritesReport.SCENARIO.equals(result.scenario())) {
            return WritesReport.document(result);
        }
        if (MixesReport.SCENARIO.equals(result.scenario()) || MixesReport.SCALE_OUT.equals(result.scenario())) {
            return MixesReport.document(result);
        }
        Doc out = new Doc();
        Map<String, Object> config = result.configuration();
        double level = ((Number) config.getOrDefault("confidenceLevel", 0.999)).doubleValue();
        List<String> operations = operations(result);

        out.append(String.format(Locale.ROOT, "%n%s — %s (ms), mean ± %s%% CI over %s cycles × %s repetitions%n",
                result.scenario(), totalTimeTitle(result), trim(level * 100), config.get("cycles"),
                config.get("repetitions")));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant", "mode"));
        header.addAll(operations);
        rows.add(header);
        for (VariantResult variant : result.variants()) {
            List<String> row = new ArrayList<>(List.of(variant.variant(), modeLabel(variant)));
            for (String operation : operations) {
                row.add(find(variant, operation).map(ConsoleReport::totalTime).orElse("-"));
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
                        Long.toString(op.errors()), fmt(op.throughputOpsPerSec(), 0), fmt(l.meanUs(), 0), fmt(l.p50Us(), 0),
                        fmt(l.p90Us(), 0), fmt(l.p99Us(), 0), fmt(l.p999Us(), 0), fmt(l.maxUs(), 0),
                        op.clientCpuUsPerOp() == null ? "-" : fmt(op.clientCpuUsPerOp(), 1)));
            }
        }
        out.table(latency);
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                if (op.errors() > 0) {
                    out.append("  errors of ").append(variant.variant()).append(' ').append(op.operation())
                            .append(": ").append(op.errorsByKind()).append('\n');
                }
            }
        }

        appendResources(out, result, "embedded Cassandra");

        appendComparisons(out, result, operations, level);

        appendAudit(out, result);
        if (config.get("syncOnly") instanceof List<?> syncOnly && !syncOnly.isEmpty()) {
            out.append(String.format("%nsync-only (no asynchronous API, %s): %s%n",
                    "sync".equalsIgnoreCase(String.valueOf(config.get("mode"))) ? "cannot run with --mode async" : "left out of this async run",
                    syncOnly.stream().map(Object::toString).collect(java.util.stream.Collectors.joining(", "))));
        }
        appendFooter(out, result);
        return out;
    }

    static void appendResources(Doc out, RunResult result, String serverName) {
        if (result.variants().stream().anyMatch(v -> v.client() != null)) {
            out.append(String.format("%nCPU and memory during the measured cycles (client = worker JVM, server = "
                    + serverName + " while this variant ran)%n"));
            List<List<String>> resources = new ArrayList<>();
            resources.add(List.of("variant", "client cpu s", "client µs/op", "client peak RSS MB", "server cpu s",
                    "server µs/op", "server peak RSS MB"));
            for (VariantResult variant : result.variants()) {
                ProcessUsage c = variant.client();
                ProcessUsage s = variant.server();
                resources.add(List.of(variant.variant(),
                        c == null ? "-" : fmt(c.cpuSeconds(), 2), c == null ? "-" : fmt(c.cpuUsPerOp(), 1),
                        c == null ? "-" : fmt(c.peakRssBytes() / 1048576.0, 0),
                        s == null ? "-" : fmt(s.cpuSeconds(), 2), s == null ? "-" : fmt(s.cpuUsPerOp(), 1),
                        s == null ? "-" : fmt(s.peakRssBytes() / 1048576.0, 0)));
            }
            out.table(resources);
        }
    }

    static void appendAudit(Doc out, RunResult result) {
        out.append(String.format("%nwhat each variant sent%n"));
        for (VariantResult variant : result.variants()) {
            out.append("  ").append(variant.variant()).append(' ')
                    .append(variant.libraryVersion() == null ? "" : variant.libraryVersion()).append(": ")
                    .append(variant.audit().isEmpty() ? "(no audit: worker did not start)" : auditLine(variant.audit()))
                    .append('\n');
            if (variant.failure() != null) {
                out.append("  ").append(variant.variant()).append(" FAILED: ").append(variant.failure()).append('\n');
            }
        }
    }

    static void appendFooter(Doc out, RunResult result) {
        boolean eventsShown = MixesReport.SCENARIO.equals(result.scenario())
                || MixesReport.SCALE_OUT.equals(result.scenario());
        if (!result.events().isEmpty() && !eventsShown) {
            out.append(String.format("%nwhat happened to the cluster (seconds since the phase began)%n"));
            for (dev.cqlbench.result.RunEvent e : result.events()) {
                out.append(String.format(Locale.ROOT, "  %7.1f s  %-14s %s %s: %s%n", e.atSecond(), e.kind(),
                        e.variant(), e.operation(), e.detail()));
            }
        }
        appendVerification(out, result);
        appendJit(out, result);
        if (result.partial()) {
            out.append(String.format("%nPARTIAL RESULT: %s%n", result.stopReason()));
        }
        String cassandra = result.environment().cassandraVersion() == null ? ""
                : String.format("Cassandra %s (%s), ", result.environment().cassandraVersion(),
                        result.environment().target());
        out.append(String.format("%n%s%d CPUs, orchestrator %s%n", cassandra,
                result.environment().availableProcessors(), result.environment().orchestratorJava()));
    }

    /**
     * The JIT compiler's time during the measured phases, per variant, where the scenario records it: CPU the
     * harness spent that is not the operations', and a sign that the warmup was too short when it is large.
     */
    static void appendJit(Doc out, RunResult result) {
        List<String> parts = new ArrayList<>();
        boolean busy = false;
        for (VariantResult v : result.variants()) {
            long jit = 0;
            long wall = 0;
            boolean any = false;
            for (dev.cqlbench.result.OperationResult op : v.operations()) {
                Long ms = op.notes() == null ? null : op.notes().get(dev.cqlbench.measure.ProcessCpu.JIT_MILLIS);
                if (ms != null) {
                    any = true;
                    jit += ms;
                    wall += op.repetitions().stream().mapToLong(r -> r.totalNanos()).sum() / 1_000_000;
                }
            }
            if (any && wall > 0) {
                double share = (double) jit / wall;
                busy |= share > 0.1;
                parts.add(String.format(Locale.ROOT, "%s %.2f s over %.1f s measured (%.0f%% of one core)", v.variant(),
                        jit / 1e3, wall / 1e3, share * 100));
            }
        }
        if (!parts.isEmpty()) {
            out.append(String.format("%nJIT compilation during the measured phases: %s%s%n", String.join("; ", parts),
                    busy ? " — the JIT was still busy: raise --warmup-ops or --warmup-max-s" : ""));
        }
    }

    /**
     * One line of what the run checked of its data over all variants, and one more per variant with differences or
     * writes it could not read back.
     */
    static void appendVerification(Doc out, RunResult result) {
        dev.cqlbench.result.Verification total = dev.cqlbench.result.Verification.NONE;
        for (VariantResult v : result.variants()) {
            total = total.plus(v.verification());
        }
        if (total.checked() == 0 && total.unverifiable() == 0) {
            return;
        }
        boolean readBack = !Boolean.FALSE.equals(result.configuration().get("verify"));
        out.append(String.format(Locale.ROOT, "%ndata verification: %,d values checked, %,d differed%s (%s)%n",
                total.checked(), total.differed(), total.unverifiable() == 0 ? ""
                        : String.format(Locale.ROOT, ", %,d acknowledged writes could not be read back",
                                total.unverifiable()),
                readBack ? "reads checked as they completed; acknowledged writes read back after each timed section"
                        : "--no-verify: only the run's own reads were checked"));
        for (VariantResult v : result.variants()) {
            dev.cqlbench.result.Verification check = v.verification();
            if (check.differed() > 0 || check.unverifiable() > 0) {
                out.append(String.format(Locale.ROOT, "  %s: %,d checked, %,d DIFFERED, %,d unverifiable%n",
                        v.variant(), check.checked(), check.differed(), check.unverifiable()));
            }
        }
    }

    /**
     * Per operation, the fastest variant against each other one, stated in the study's words only where the test
     * says the difference is real; then what each mapper costs over the native driver it is built on.
     */
    private static void appendComparisons(Doc out, RunResult result, List<String> operations,
                                          double level) {
        List<String> lines = new ArrayList<>();
        if (result.variants().size() > 1) {
            for (String operation : operations) {
                List<VariantResult> having = result.variants().stream()
                        .filter(v -> find(v, operation).map(o -> !Double.isNaN(o.meanTotalMillis())).orElse(false))
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
        if (!lines.isEmpty()) {
            out.append(String.format("%ndifferences at %s%% confidence (%s; * = significant; %% = time ratio − 1)%n",
                    trim(level * 100), Comparison.TEST));
            lines.forEach(line -> out.append("  ").append(line).append('\n'));
        }
    }

    private static Comparison compare(VariantResult a, VariantResult b, String operation, double level) {
        Optional<OperationResult> x = find(a, operation);
        Optional<OperationResult> y = find(b, operation);
        if (x.isEmpty() || y.isEmpty()) {
            return null;
        }
        return Comparison.of(a.variant(), fullRepetitionMillis(x.get()), b.variant(), fullRepetitionMillis(y.get()),
                level);
    }

    static List<Double> fullRepetitionMillis(OperationResult op) {
        return op.repetitions().stream().filter(r -> r.operations() == op.operationsPerRepetition())
                .map(RepetitionTime::totalNanos).map(n -> n / 1e6).toList();
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

    static String auditLine(Map<String, String> audit) {
        StringBuilder line = new StringBuilder();
        audit.forEach((k, v) -> line.append(line.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return line.toString();
    }

    private static String modeLabel(VariantResult variant) {
        return variant.mode().equals("sync") ? "sync" : variant.mode() + "×" + variant.concurrency();
    }

    /** "3 embedded nodes", "1 embedded node", "external cluster": what the configuration says was measured. */
    static String clusterLabel(Map<String, Object> config) {
        Object nodes = config.get("nodes");
        String target = String.valueOf(config.get("target"));
        return nodes == null ? target + " cluster" : nodes + " " + target + " node" + ("1".equals(nodes.toString())
                ? "" : "s");
    }

    static Optional<OperationResult> find(VariantResult variant, String operation) {
        return variant.operations().stream().filter(o -> o.operation().equals(operation)).findFirst();
    }

    private static String totalTime(OperationResult op) {
        ConfidenceInterval ci = op.totalTimeCi();
        String mean = fmt(op.meanTotalMillis(), 1);
        return ci == null ? mean : mean + " ± " + fmt(ci.halfWidth(), 1);
    }

    static String fmt(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
