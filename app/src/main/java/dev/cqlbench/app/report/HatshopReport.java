package dev.cqlbench.app.report;

import static dev.cqlbench.app.report.ConsoleReport.find;
import static dev.cqlbench.app.report.ConsoleReport.fmt;
import static dev.cqlbench.app.report.ConsoleReport.trim;

import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.hatshop.HatEvent;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
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
 * Study 03's report: mean response time per event type and database (its Fig 3/4), overall execution time per
 * replay (its headline), with confidence intervals over replays and Welch's test; percentiles; what the event
 * log cost; the consistency check; CPU and memory of client and database. Reads a result only.
 */
final class HatshopReport {

    static final String SCENARIO = "hatshop";

    private HatshopReport() {}

    static Doc document(RunResult result) {
        Doc out = new Doc();
        Map<String, Object> config = result.configuration();
        double level = ((Number) config.getOrDefault("confidenceLevel", 0.999)).doubleValue();
        List<VariantResult> variants = result.variants();
        List<String> replays = replays(result);
        String ci = trim(level * 100) + "% CI";

        for (String replay : replays) {
            String step = replay.contains("@") ? replay.substring(replay.indexOf('@')) : "";
            out.append(String.format(Locale.ROOT, "%nhatshop — mean response time by event type (ms), mean ± %s over "
                            + "replays; %s events per replay%s%n  load: %s%n", ci,
                    eventsPer(variants, replay), step.isEmpty() ? "" : " (step n" + step + ")", config.get("loadModel")));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of("event", "per replay"));
            variants.forEach(v -> header.add(v.variant()));
            rows.add(header);
            for (HatEvent.Type type : HatEvent.Type.values()) {
                String label = type.name() + step;
                if (variants.stream().noneMatch(v -> find(v, label).isPresent())) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(type.name(), perReplay(variants, label)));
                for (VariantResult v : variants) {
                    row.add(find(v, label).map(op -> meanWithCi(perEventMillis(op), level, 3)).orElse("-"));
                }
                rows.add(row);
            }
            out.table(rows);

            out.append(String.format(Locale.ROOT, "%noverall execution time of a replay (s), mean ± %s; events/s = "
                    + "events ÷ replay time%n", ci));
            List<List<String>> overall = new ArrayList<>();
            overall.add(List.of("variant", "replays", "time (s)", "events/s", "errors", "p50 µs", "p99 µs",
                    "p99.9 µs", "max µs"));
            for (VariantResult v : variants) {
                find(v, replay).ifPresent(op -> {
                    List<Double> seconds = full(op).stream().map(r -> r.totalNanos() / 1e9).toList();
                    LatencySummary l = op.latency();
                    double rate = seconds.isEmpty() ? Double.NaN
                            : op.operationsPerRepetition() / seconds.stream().mapToDouble(d -> d).average().orElse(1);
                    overall.add(List.of(v.variant(), Integer.toString(seconds.size()), meanWithCi(seconds, level, 2),
                            fmt(rate, 0), Long.toString(op.errors()), fmt(l.p50Us(), 0), fmt(l.p99Us(), 0),
                            fmt(l.p999Us(), 0), fmt(l.maxUs(), 0)));
                });
            }
            out.table(overall);
            appendDifferences(out, variants, replay, step, level);
        }

        appendErrors(out, variants);
        appendLogImpact(out, result, replays, level);
        appendConsistency(out, result);
        ConsoleReport.appendResources(out, result, "the database (embedded Cassandra or mysqld)");
        ConsoleReport.appendAudit(out, result);
        ConsoleReport.appendFooter(out, result);
        return out;
    }

    private static void appendDifferences(Doc out, List<VariantResult> variants, String replay, String step,
                                          double level) {
        if (variants.size() < 2) {
            return;
        }
        List<String> lines = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (HatEvent.Type type : HatEvent.Type.values()) {
            labels.add(type.name() + step);
        }
        labels.add(replay);
        for (String label : labels) {
            List<VariantResult> having = variants.stream().filter(v -> find(v, label).isPresent()
                    && perEventMillis(find(v, label).get()).size() > 1).sorted((x, y) -> Double.compare(
                            mean(perEventMillis(find(x, label).get())), mean(perEventMillis(find(y, label).get()))))
                    .toList();
            List<String> same = new ArrayList<>();
            for (int i = 1; i < having.size(); i++) {
                Comparison c = Comparison.of(having.get(0).variant(), samples(find(having.get(0), label).get(), label,
                        replay), having.get(i).variant(), samples(find(having.get(i), label).get(), label, replay), level);
                if (c.significant()) {
                    lines.add((label.equals(replay) ? "overall" : label) + ": " + c.sentence());
                } else {
                    same.add(having.get(i).variant());
                }
            }
            if (!same.isEmpty()) {
                lines.add((label.equals(replay) ? "overall" : label) + ": no significant difference between "
                        + having.get(0).variant() + " and " + String.join(", ", same));
            }
        }
        if (!lines.isEmpty()) {
            out.append(String.format("%ndifferences at %s%% confidence (%s)%n", trim(level * 100),
                    "Welch's two-sided t-test on per-replay means"));
            lines.forEach(line -> out.append("  ").append(line).append('\n'));
        }
    }

    private static List<Double> samples(OperationResult op, String label, String replay) {
        return label.equals(replay) ? full(op).stream().map(r -> r.totalNanos() / 1e6).toList() : perEventMillis(op);
    }

    private static void appendErrors(Doc out, List<VariantResult> variants) {
        for (VariantResult v : variants) {
            for (OperationResult op : v.operations()) {
                if (op.notes() != null && !op.notes().isEmpty()) {
                    out.append("  noted (not errors) for ").append(v.variant()).append(' ').append(op.operation())
                            .append(": ").append(op.notes()).append('\n');
                }
                if (op.errors() > 0) {
                    out.append("  errors of ").append(v.variant()).append(' ').append(op.operation()).append(": ")
                            .append(op.errorsByKind()).append('\n');
                }
            }
        }
    }

    /**
     * Half the replays wrote the event log (alternating within each cycle); each cycle's logged replay is paired
     * with its unlogged one, so slow early cycles do not count against the log: the mean paired difference with
     * its confidence interval says whether writing the log changed the overall time.
     */
    private static void appendLogImpact(Doc out, RunResult result, List<String> replays, double level) {
        if (!Boolean.TRUE.equals(result.configuration().get("eventLog"))) {
            out.append(String.format("%nevent log: off (--no-event-log)%n"));
            return;
        }
        out.append(String.format("%nevent log (study's CSV, written after each logged replay from in-memory arrays): "
                + "every other replay wrote it; paired by cycle, logged − unlogged overall time%n"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "replay", "with log (s)", "without (s)", "paired difference (s)", "verdict"));
        for (VariantResult v : result.variants()) {
            for (String replay : replays) {
                find(v, replay).ifPresent(op -> {
                    List<Double> with = new ArrayList<>();
                    List<Double> without = new ArrayList<>();
                    List<Double> differences = new ArrayList<>();
                    Set<Integer> cycles = new LinkedHashSet<>();
                    full(op).forEach(r -> cycles.add(r.cycle()));
                    for (int cycle : cycles) {
                        List<Double> logged = seconds(op, cycle, true);
                        List<Double> unlogged = seconds(op, cycle, false);
                        with.addAll(logged);
                        without.addAll(unlogged);
                        if (!logged.isEmpty() && !unlogged.isEmpty()) {
                            differences.add(mean(logged) - mean(unlogged));
                        }
                    }
                    if (differences.isEmpty()) {
                        rows.add(List.of(v.variant(), replay, fmt(mean(with), 3), fmt(mean(without), 3), "-",
                                "not measured (needs 2+ repetitions)"));
                        return;
                    }
                    ConfidenceInterval ci = ConfidenceInterval.of(differences, level);
                    String verdict = ci == null ? "too few cycles to test"
                            : ci.lower() > 0 || ci.upper() < 0 ? "significant" : "not significant";
                    rows.add(List.of(v.variant(), replay, fmt(mean(with), 3), fmt(mean(without), 3),
                            meanWithCi(differences, level, 3), verdict));
                });
            }
        }
        out.table(rows);
    }

    private static List<Double> seconds(OperationResult op, int cycle, boolean logged) {
        return full(op).stream().filter(r -> r.cycle() == cycle
                        && HatshopPlan.logged(r.cycle(), r.repetition()) == logged)
                .map(r -> r.totalNanos() / 1e9).toList();
    }

    private static void appendConsistency(Doc out, RunResult result) {
        List<String> problems = ConsistencyCheck.problems(result);
        Map<String, Map<String, List<String>>> digests = ConsistencyCheck.digests(result);
        out.append(String.format("%nconsistency (per-order checksums of status, date, client, line items after each "
                + "replay, against the event stream and across databases)%n"));
        if (problems.isEmpty()) {
            digests.forEach((label, byVariant) -> {
                String digest = byVariant.values().stream().flatMap(List::stream).findFirst().orElse("-");
                out.append(String.format("  %s: all %d databases/models hold the same orders (digest %s) as the "
                        + "stream implies: PASSED%n", label, byVariant.size(), digest));
            });
        } else {
            problems.forEach(p -> out.append("  ").append(p).append('\n'));
            out.append("  consistency check FAILED\n");
        }
    }

    /** Per replay, the mean time of one event of this type, ms: each replay's total ÷ its count. */
    static List<Double> perEventMillis(OperationResult op) {
        return full(op).stream().filter(r -> r.operations() > 0)
                .map(r -> r.totalNanos() / 1e6 / r.operations()).toList();
    }

    private static List<RepetitionTime> full(OperationResult op) {
        return op.repetitions().stream().filter(r -> r.operations() == op.operationsPerRepetition()).toList();
    }

    private static String meanWithCi(List<Double> samples, double level, int decimals) {
        if (samples.isEmpty()) {
            return "-";
        }
        ConfidenceInterval ci = ConfidenceInterval.of(samples, level);
        String mean = fmt(mean(samples), decimals);
        return ci == null ? mean : mean + " ± " + fmt(ci.halfWidth(), decimals);
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static String perReplay(List<VariantResult> variants, String label) {
        return variants.stream().map(v -> find(v, label)).flatMap(Optional::stream).findFirst()
                .map(op -> Integer.toString(op.operationsPerRepetition())).orElse("-");
    }

    private static String eventsPer(List<VariantResult> variants, String replay) {
        return perReplay(variants, replay);
    }

    private static List<String> replays(RunResult result) {
        Set<String> labels = new LinkedHashSet<>();
        result.variants().forEach(v -> v.operations().stream().map(OperationResult::operation)
                .filter(ConsistencyCheck::isReplay).forEach(labels::add));
        return new ArrayList<>(labels);
    }
}
