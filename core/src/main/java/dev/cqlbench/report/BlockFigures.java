package dev.cqlbench.report;

import static dev.cqlbench.report.Format.find;
import static dev.cqlbench.report.Format.fmt;

import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import dev.cqlbench.stats.SharedDrift;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The figures a run measures per timed block (typical time per operation, the worker's CPU per operation, the
 * servers' CPU per operation above idle), each with its interval over the blocks, and the paired comparisons between
 * variants; the precision each reached against the one asked for.
 */
public final class BlockFigures {

    /** One per-block figure: its name in the report, how a block gives it, and the estimate a result keeps of it. */
    public enum Measure {
        TIME("typical time per operation (µs)", "time", RepetitionTime::typicalUs, OperationResult::typicalUs),
        CLIENT_CPU("client CPU per operation (µs)", "client CPU", RepetitionTime::clientCpuUsPerOp,
                OperationResult::clientCpu),
        SERVER_CPU("server CPU per operation above idle (µs)", "server CPU", RepetitionTime::serverCpuUsPerOp,
                OperationResult::serverCpu);

        public final String title;
        public final String word;
        public final Function<RepetitionTime, Double> perBlock;
        public final Function<OperationResult, Estimate> estimate;

        Measure(String title, String word, Function<RepetitionTime, Double> perBlock,
                Function<OperationResult, Estimate> estimate) {
            this.title = title;
            this.word = word;
            this.perBlock = perBlock;
            this.estimate = estimate;
        }

        /** Whether any block of this operation has the figure. */
        public boolean has(OperationResult op) {
            return !OperationResult.blocks(op, perBlock).isEmpty();
        }
    }

    /** Marks an interval wider than the precision asked for. */
    public static final String MISSED = "†";
    public static final String TOO_FEW = "too few samples";

    private BlockFigures() {}

    /** The precision the run asked for (0 when none). */
    public static double precision(RunResult result) {
        return result.rounds() != null ? result.rounds().precision()
                : result.settings().stopping() == null ? 0 : result.settings().stopping().precision();
    }

    /** "312.4 ±2.1 %", marked when wider than the precision; "too few samples" with blocks but no interval. */
    public static String cell(OperationResult op, Measure measure, double precision, int decimals) {
        Estimate e = measure.estimate.apply(op);
        if (e == null) {
            return measure.has(op) ? TOO_FEW : "-";
        }
        return String.format(Locale.ROOT, "%s ±%.1f %%%s", fmt(e.value(), decimals), e.relativeHalfWidth() * 100,
                precision > 0 && !e.meets(precision) ? MISSED : "");
    }

    /** The table of one measure: variant × operation; nothing when no variant has the figure. */
    public static void table(Doc out, RunResult result, List<String> operations, Measure measure, String how) {
        boolean any = result.variants().stream().anyMatch(v -> v.operations().stream().anyMatch(measure::has));
        if (!any) {
            return;
        }
        double precision = precision(result);
        out.append(String.format(Locale.ROOT, "%n%s — %s%n", measure.title, how));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("variant"));
        header.addAll(operations);
        rows.add(header);
        for (VariantResult v : result.variants()) {
            List<String> row = new ArrayList<>(List.of(v.variant()));
            for (String operation : operations) {
                row.add(find(v, operation).map(op -> cell(op, measure, precision, decimals(op, measure)))
                        .orElse("-"));
            }
            rows.add(row);
        }
        out.table(rows);
        out.append(hostLine(result, operations, measure, precision));
    }

    /**
     * What the host's drift, shared by every variant's worker, adds to a measure's intervals: how far all series
     * moved together from round to round, and how many would meet the precision without it ({@link SharedDrift}).
     * Empty with too few series.
     */
    static String hostLine(RunResult result, List<String> operations, Measure measure, double precision) {
        List<Map<Long, Double>> series = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            for (String operation : operations) {
                find(v, operation).filter(measure::has)
                        .ifPresent(op -> series.add(OperationResult.byRound(op, measure.perBlock)));
            }
        }
        SharedDrift drift = SharedDrift.of(series, result.confidenceLevel());
        if (drift == null) {
            return "";
        }
        String steady = precision > 0 ? String.format(Locale.ROOT, "Without it %d of %d would be within ±%.1f %% (widest "
                + "±%.1f %%)", drift.ownMeeting(precision), drift.series(), precision * 100, drift.ownWidest() * 100)
                : String.format(Locale.ROOT, "Without it the widest would be ±%.1f %%", drift.ownWidest() * 100);
        return String.format(Locale.ROOT, "  the host's share: all %d series moved together from round to round by "
                + "sd %.1f %% (lag-1 ρ %.2f); each variant has its own worker, so this is the machine.%n  %s; "
                + "paired comparisons cancel it.%n", drift.series(), drift.spread() * 100, drift.rho(), steady);
    }

    private static int decimals(OperationResult op, Measure measure) {
        Estimate e = measure.estimate.apply(op);
        return e == null || e.value() >= 100 ? 0 : e.value() >= 10 ? 1 : 2;
    }

    /** A against B on one measure and operation, paired by round; null when they share too few rounds. */
    public static PairedRatio compare(VariantResult a, VariantResult b, String operation, Measure measure,
                                      double level) {
        Optional<OperationResult> x = find(a, operation);
        Optional<OperationResult> y = find(b, operation);
        if (x.isEmpty() || y.isEmpty()) {
            return null;
        }
        return PairedRatio.of(a.variant(), OperationResult.byRound(x.get(), measure.perBlock), b.variant(),
                OperationResult.byRound(y.get(), measure.perBlock), level);
    }

    /**
     * Every variant against the one with the lowest typical time in {@code operation}, paired by round: the
     * comparisons a report shows, and which the run's precision applies to as much as to each figure.
     */
    public static List<PairedRatio> againstFastest(List<VariantResult> variants, String operation, double level) {
        List<VariantResult> having = variants.stream()
                .filter(v -> find(v, operation).map(op -> op.typicalUs() != null).orElse(false))
                .sorted((x, y) -> Double.compare(find(x, operation).get().typicalUs().value(),
                        find(y, operation).get().typicalUs().value()))
                .toList();
        List<PairedRatio> out = new ArrayList<>();
        for (int i = 1; i < having.size(); i++) {
            PairedRatio c = compare(having.get(i), having.get(0), operation, Measure.TIME, level);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** How the rounds went, in one line: "24 rounds; stopped: precision met (±5 %); servers idle at 3.1 % of a core". */
    public static String roundsLine(RunResult result) {
        Rounds r = result.rounds();
        if (r == null) {
            return "";
        }
        String idle = r.serverIdleCpuPercent() == null ? ""
                : String.format(Locale.ROOT, "; servers idle at %.1f %% of a core (subtracted from server CPU)",
                        r.serverIdleCpuPercent());
        String asked = r.precision() > 0 ? String.format(Locale.ROOT, " (precision asked: ±%.1f %%; %s = missed)",
                r.precision() * 100, MISSED) : "";
        int warming = result.variants().stream().flatMap(v -> v.operations().stream())
                .mapToInt(OperationResult::warmingBlocks).max().orElse(0);
        String settled = warming == 0 ? "" : String.format(Locale.ROOT, "%n  still warming up, left out of every "
                + "figure: the first %d blocks at most of a variant's operation (MSER; result.json keeps them)",
                warming);
        return String.format(Locale.ROOT, "%d rounds, each variant's blocks in a fresh seeded order; stopped: %s%s%s%s%n",
                r.run(), r.stoppedBecause(), asked, idle, settled);
    }
}
