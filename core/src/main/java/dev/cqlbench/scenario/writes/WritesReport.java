package dev.cqlbench.scenario.writes;

import dev.cqlbench.analysis.Reading;
import static dev.cqlbench.report.Format.find;
import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Sections;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.LatencySummary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Study 04's table: write pattern × temporal locality → writes/s, then per cell the latency of each request
 * (a batch, or one insert), requests and partitions per batch, client and server CPU per write; the differences
 * the data supports at each locality; the read-back verification.
 */
final class WritesReport {

    /** The study's writes/s (4 nodes, RF 3, 1M writes, 8,000-row batches) at 0, 20, 40, 60, 80 % locality. */
    static final Map<String, int[]> STUDY = Map.of(
            "unlogged-batch", new int[] {7100, 7500, 8300, 10600, 16000},
            "token-aware-batch", new int[] {9100, 10200, 12600, 17700, 29400},
            "async", new int[] {13000, 13100, 12700, 13700, 13200});
    static final List<Integer> STUDY_LOCALITIES = List.of(0, 20, 40, 60, 80);

    private WritesReport() {}

    static Doc document(Reading reading, WritesPlan plan) {
        RunResult result = reading.result();
        Doc out = new Doc();
        double level = result.confidenceLevel();
        List<VariantResult> variants = result.variants();
        Map<String, Integer> labels = labels(result, plan);
        TargetSettings target = result.settings().servers().target();
        ClusterFacts cluster = result.ranOn().cluster();

        out.append(String.format(Locale.ROOT, "%nwrites — writes/s by pattern × temporal locality, mean ± %s%% CI "
                        + "over %s cycles × %s repetitions × %s JVMs per pattern%n  %s, RF %s, consistency %s; %s rows "
                        + "per cell, batches of %s rows (%s in flight), async window %s; load: %s%n",
                trim(level * 100), result.rounds() == null ? plan.cycles() : result.rounds().run(),
                plan.repetitions(), result.settings().processes().forks(),
                cluster == null ? "external cluster" : cluster.label(), target.replication(),
                target.connection().consistency(),
                plan.writes(), plan.batchSize(), plan.batchConcurrency(), plan.window(),
                WritesPlan.LOAD_MODEL + " (each pattern as fast as its window allows)"));
        out.append(BlockFigures.roundsLine(result));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("pattern"));
        labels.values().forEach(p -> header.add(p + "% locality"));
        rows.add(header);
        for (VariantResult v : variants) {
            List<String> row = new ArrayList<>(List.of(v.variant()));
            for (String label : labels.keySet()) {
                row.add(rateWithCi(result.fullBlocks(v.variant(), label), level));
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
            for (Map.Entry<String, Integer> cell : labels.entrySet()) {
                find(v, cell.getKey()).ifPresent(op -> {
                    LatencySummary l = op.latency();
                    Block all = result.total(v.variant(), op.operation());
                    long requests = op.counts().requests();
                    long partitions = op.counts().partitions();
                    double batches = Math.ceil((double) op.operationsPerRepetition() / plan.batchSize())
                            * Math.max(1, result.blocks(v.variant(), cell.getKey()).size());
                    cells.add(List.of(v.variant(), cell.getValue() + "%", Long.toString(op.count()),
                            Long.toString(requests), requests == 0 ? "-" : fmt((double) op.count() / requests, 1),
                            batches == 0 ? "-" : fmt(partitions / batches, 0),
                            fmt(l.p50Us() / 1e3, 2), fmt(l.p90Us() / 1e3, 2), fmt(l.p99Us() / 1e3, 2),
                            fmt(l.maxUs() / 1e3, 2),
                            fmt(all == null ? null : all.measured().clientCpuUsPerOp(), 1),
                            fmt(all == null ? null : all.measured().serverCpuUsPerOp(), 1),
                            Long.toString(op.errors())));
                });
            }
        }
        out.table(cells);
        Sections.errors(out, result, " (rows)", operation -> true);
        Analysis analysis = reading.analysis();
        BlockFigures.tables(out, analysis, result, plan.operationLabels(), "wall time per write of each repetition "
                + "(the inverse of its writes/s)");
        BlockFigures.comparisons(out, analysis, "each pattern against " + result.settings().referenceVariant()
                + " (the reference, named before the data) at each locality, in wall time per write (the inverse of "
                + "writes/s: −20 % is 25 % more writes/s)", analysis.family().stream()
                .filter(q -> q.b().variant().equals(result.settings().referenceVariant()) && q.sameOperations())
                .toList());
        appendVerification(out, result, plan);
        return Sections.closing(out, result, "all embedded Cassandra nodes", false);
    }

    /** Writes/s of each full block, in the order they ran. */
    static List<Double> rates(List<Block> blocks) {
        return blocks.stream().map(Block::opsPerSecond).filter(java.util.Objects::nonNull).toList();
    }

    private static String rateWithCi(List<Block> blocks, double level) {
        List<Double> rates = rates(blocks);
        if (rates.isEmpty()) {
            return "-";
        }
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        ConfidenceInterval ci = ConfidenceInterval.of(rates, level);
        return ci == null ? fmt(mean, 0) : fmt(mean, 0) + " ± " + fmt(ci.halfWidth(), 0);
    }

    private static void appendStudy(Doc out, List<VariantResult> variants, Map<String, Integer> labels) {
        List<String> shown = new ArrayList<>();
        for (VariantResult v : variants) {
            int[] study = STUDY.get(v.variant());
            if (study == null) {
                continue;
            }
            List<String> values = new ArrayList<>();
            for (int locality : labels.values()) {
                int i = STUDY_LOCALITIES.indexOf(locality);
                values.add(i < 0 ? "-" : Integer.toString(study[i]));
            }
            shown.add(v.variant() + " " + String.join(" / ", values));
        }
        if (!shown.isEmpty()) {
            out.append("  the study (4 nodes, RF 3, 1M writes, Cassandra 2.1): ").append(String.join("; ", shown))
                    .append('\n');
        }
    }

    private static void appendVerification(Doc out, RunResult result, WritesPlan plan) {
        long verified = 0;
        long missing = 0;
        long wrong = 0;
        long unacknowledged = 0;
        int cells = 0;
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                cells += result.blocks(v.variant(), op.operation()).size();
                long gone = op.errorsByKind().getOrDefault(ErrorCounts.ROW_MISSING, 0L);
                verified += op.counts().verification().checked() - gone; // checked: read back, and missing
                unacknowledged += op.counts().rowsUnacknowledged();
                missing += gone;
                wrong += op.errorsByKind().getOrDefault(ErrorCounts.ROW_WRONG, 0L);
            }
        }
        if (cells == 0) {
            return;
        }
        if (!plan.verify()) {
            out.append(String.format("%nverification: off (--no-verify): nothing was read back%n"));
            return;
        }
        out.append(String.format(Locale.ROOT, "%nverification: the whole table read back at consistency ALL (after "
                + "every repetition of the run's first round, one in ten in turn after) and compared row by row with "
                + "what was acknowledged:%n  %d repetitions, %d rows "
                + "read back, %d acknowledged rows missing, %d rows wrong or unexpected%s: %s%n", cells, verified,
                missing, wrong, unacknowledged == 0 ? "" : ", " + unacknowledged + " rows present whose write failed "
                        + "(applied, not acknowledged)", missing + wrong == 0 ? "PASSED" : "FAILED"));
        List<String> problems = problems(result);
        out.append(problems.isEmpty() ? "  every pattern left the same table contents at each locality (checksums)\n"
                : "  " + String.join("\n  ", problems) + "\n");
    }

    /**
     * The cells of the result, label → locality: the plan's localities that some variant measured (all of them when
     * none did).
     */
    private static Map<String, Integer> labels(RunResult result, WritesPlan plan) {
        Map<String, Integer> all = new LinkedHashMap<>();
        Map<String, Integer> measured = new LinkedHashMap<>();
        for (int locality : plan.localities()) {
            String label = WritesPlan.label(locality);
            all.put(label, locality);
            if (result.variants().stream().anyMatch(v -> find(v, label).isPresent())) {
                measured.put(label, locality);
            }
        }
        return measured.isEmpty() ? all : measured;
    }

    /**
     * Every pattern writes the same rows at a locality, so each cycle's table contents (one digest per cycle,
     * "c&lt;cycle&gt;:…", present only where every row of that cycle was acknowledged) must be the same for every pattern.
     */
    static List<String> problems(RunResult result) {
        List<String> problems = new ArrayList<>();
        for (String label : result.plan().operationLabels()) {
            Map<String, Map<String, String>> byCycle = new LinkedHashMap<>();
            for (VariantResult variant : result.variants()) {
                find(variant, label).ifPresent(op -> op.stateDigests().stream().sorted().forEach(d -> {
                    int colon = d.indexOf(':');
                    byCycle.computeIfAbsent(d.substring(0, colon), k -> new LinkedHashMap<>())
                            .put(variant.variant(), d.substring(colon + 1));
                }));
            }
            byCycle.forEach((cycle, digestByVariant) -> {
                if (digestByVariant.values().stream().distinct().count() > 1) {
                    problems.add(label + " " + cycle + ": patterns left different table contents " + digestByVariant);
                }
            });
        }
        return problems;
    }

}
