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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
