package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.analysis.Reading;
import static dev.cqlbench.report.Format.find;
import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.mean;
import static dev.cqlbench.report.Format.meanWithCi;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Sections;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Study 03's report: mean response time per event type and database (its Fig 3/4), overall execution time per
 * replay (its headline), with confidence intervals over replays and comparisons with the reference; percentiles; what the event
 * log cost; the consistency check; CPU and memory of client and database. Reads a result only.
 */
final class HatshopReport {

    private HatshopReport() {}

    static Doc document(Reading reading, HatshopPlan plan) {
        RunResult result = reading.result();
        Doc out = new Doc();
        double level = result.confidenceLevel();
        List<VariantResult> variants = result.variants();
        String ci = trim(level * 100) + "% CI";
        out.append(String.format(Locale.ROOT, "%nhatshop — every replay a block; geometric mean over the replays ± "
                + "half its %s%n", ci));
        out.append(BlockFigures.roundsLine(result));
        Analysis analysis = reading.analysis();
        BlockFigures.tables(out, analysis, result, plan.operationLabels(),
                "a replay's wall time per event (all), the median latency of each event type");

        for (int n : plan.steps()) {
            String replay = HatshopPlan.label(HatshopPlan.ALL, n, plan.steps());
            if (variants.stream().noneMatch(v -> find(v, replay).isPresent())) {
                continue;
            }
            String step = plan.steps().size() == 1 ? "" : "@" + n;
            out.append(String.format(Locale.ROOT, "%nhatshop — mean response time by event type (ms), mean ± %s over "
                            + "replays; %s events per replay%s%n  load: %s%n", ci,
                    perReplay(variants, replay), step.isEmpty() ? "" : " (step n" + step + ")", plan.loadModel()));
            List<List<String>> rows = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of("event", "per replay"));
            variants.forEach(v -> header.add(v.variant()));
            rows.add(header);
            for (HatEvent.Type type : HatEvent.Type.values()) {
                String label = HatshopPlan.label(type.name(), n, plan.steps());
                if (variants.stream().noneMatch(v -> find(v, label).isPresent())) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(type.name(), perReplay(variants, label)));
                for (VariantResult v : variants) {
                    row.add(find(v, label).isEmpty() ? "-"
                            : meanWithCi(perEventMillis(result, v.variant(), label), level, 3));
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
                    List<Double> seconds = result.fullBlocks(v.variant(), replay).stream()
                            .map(r -> r.totalNanos() / 1e9).toList();
                    LatencySummary l = op.latency();
                    double rate = seconds.isEmpty() ? Double.NaN
                            : op.operationsPerRepetition() / seconds.stream().mapToDouble(d -> d).average().orElse(1);
                    overall.add(List.of(v.variant(), Integer.toString(seconds.size()), meanWithCi(seconds, level, 2),
                            fmt(rate, 0), Long.toString(op.errors()), fmt(l.p50Us(), 0), fmt(l.p99Us(), 0),
                            fmt(l.p999Us(), 0), fmt(l.maxUs(), 0)));
                });
            }
            out.table(overall);
            String reference = result.settings().referenceVariant();
            List<String> labels = new ArrayList<>(List.of(replay));
            for (HatEvent.Type type : HatEvent.Type.values()) {
                labels.add(HatshopPlan.label(type.name(), n, plan.steps()));
            }
            BlockFigures.comparisons(out, analysis, "each database or model against " + reference + " (the "
                    + "reference, named before the data): a replay's time per event (" + replay + ") and each event "
                    + "type's median", analysis.family().stream().filter(q -> q.sameOperations()
                            && q.a().operations().size() == 1 && q.b().variant().equals(reference)
                            && labels.contains(q.a().operations().get(0))).toList());
        }

        appendErrors(out, variants);
        appendLogImpact(out, result, plan, level);
        appendConsistency(out, result, plan);
        return Sections.closing(out, result, "the database (embedded Cassandra or mysqld)", false);
    }

    private static void appendErrors(Doc out, List<VariantResult> variants) {
        for (VariantResult v : variants) {
            for (OperationResult op : v.operations()) {
                Map<String, Long> noted = op.counts().store();
                if (!noted.isEmpty()) {
                    out.append("  noted (not errors) for ").append(v.variant()).append(' ').append(op.operation())
                            .append(": ").append(noted).append('\n');
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
    private static void appendLogImpact(Doc out, RunResult result, HatshopPlan plan, double level) {
        if (!plan.eventLog()) {
            out.append(String.format("%nevent log: off (--no-event-log)%n"));
            return;
        }
        out.append(String.format("%nevent log (study's CSV, written after each logged replay from in-memory arrays): "
                + "every other replay wrote it; paired by cycle, logged − unlogged overall time%n"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "replay", "with log (s)", "without (s)", "paired difference (s)", "verdict"));
        for (VariantResult v : result.variants()) {
            for (int n : plan.steps()) {
                String replay = HatshopPlan.label(HatshopPlan.ALL, n, plan.steps());
                find(v, replay).ifPresent(op -> {
                    List<Double> with = new ArrayList<>();
                    List<Double> without = new ArrayList<>();
                    List<Double> differences = new ArrayList<>();
                    Set<Integer> cycles = new LinkedHashSet<>();
                    List<Block> blocks = result.fullBlocks(v.variant(), replay);
                    blocks.forEach(r -> cycles.add(r.cycle()));
                    for (int cycle : cycles) {
                        List<Double> logged = seconds(blocks, cycle, true);
                        List<Double> unlogged = seconds(blocks, cycle, false);
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
                    ConfidenceInterval ci = ConfidenceInterval.ofDifferences(differences, level);
                    String verdict = ci == null ? "too few cycles to test"
                            : ci.lower() > 0 || ci.upper() < 0 ? "significant" : "not significant";
                    rows.add(List.of(v.variant(), replay, fmt(mean(with), 3), fmt(mean(without), 3),
                            ci == null ? fmt(mean(differences), 3)
                                    : fmt(ci.mean(), 3) + " ± " + fmt(ci.halfWidth(), 3), verdict));
                });
            }
        }
        out.table(rows);
    }

    private static List<Double> seconds(List<Block> blocks, int cycle, boolean logged) {
        return blocks.stream().filter(r -> r.cycle() == cycle
                        && HatshopPlan.logged(r.cycle(), r.repetition()) == logged)
                .map(r -> r.totalNanos() / 1e9).toList();
    }

    private static void appendConsistency(Doc out, RunResult result, HatshopPlan plan) {
        List<String> problems = problems(result, plan);
        Map<String, Map<String, List<String>>> digests = digests(result, plan);
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
    static List<Double> perEventMillis(RunResult result, String variant, String label) {
        return result.fullBlocks(variant, label).stream().filter(r -> r.operations() > 0)
                .map(r -> r.totalNanos() / 1e6 / r.operations()).toList();
    }

    private static String perReplay(List<VariantResult> variants, String label) {
        return variants.stream().map(v -> find(v, label)).flatMap(Optional::stream).findFirst()
                .map(op -> Integer.toString(op.operationsPerRepetition())).orElse("-");
    }

    /** Replay labels (ALL, or ALL@n per step) → variant → the digests its replays left. */
    static Map<String, Map<String, List<String>>> digests(RunResult result, HatshopPlan plan) {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        for (int n : plan.steps()) {
            String replay = HatshopPlan.label(HatshopPlan.ALL, n, plan.steps());
            for (VariantResult variant : result.variants()) {
                find(variant, replay).ifPresent(op -> out.computeIfAbsent(replay, k -> new LinkedHashMap<>())
                        .put(variant.variant(), op.stateDigests()));
            }
        }
        return out;
    }

    /**
     * Study 03's correctness rule, read off a result: after every replay each database held exactly the orders the
     * stream implies (per-order checksums compared by the worker), and all databases hold the same state (one
     * digest over every order's checksum). One line per problem found.
     */
    static List<String> problems(RunResult result, HatshopPlan plan) {
        List<String> problems = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                long wrong = op.errorsByKind().getOrDefault(ErrorCounts.STATE_MISMATCH, 0L);
                if (wrong > 0) {
                    problems.add(variant.variant() + " " + op.operation() + ": " + wrong
                            + " order(s) differ from what the event stream implies (see orders-" + variant.variant()
                            + ".csv)");
                }
            }
        }
        digests(result, plan).forEach((label, byVariant) -> {
            byVariant.forEach((variant, digests) -> {
                if (digests.size() > 1) {
                    problems.add(variant + " " + label + ": replays of the same events left different states "
                            + digests);
                }
            });
            List<String> distinct = byVariant.values().stream().flatMap(List::stream).distinct().toList();
            if (byVariant.size() > 1 && distinct.size() > 1) {
                StringBuilder line = new StringBuilder(label + ": databases disagree:");
                byVariant.forEach((variant, digests) -> line.append(' ').append(variant).append('=').append(digests));
                problems.add(line.toString());
            }
        });
        return problems;
    }
}
