package dev.cqlbench.app.report;

import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Figure;
import dev.cqlbench.report.Format;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RepetitionTime;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A new result against a base one: for every variant × operation both measured, the ratio of the mean time per
 * operation of a repetition (new ÷ base) with its confidence interval, and a verdict from Welch's t-test on the
 * repetitions, as a report ({@link #document}) the terminal prints and the page draws. Pure: reads two results.
 */
public final class ResultComparison {

    public static final String FASTER = "faster";
    public static final String SLOWER = "slower";
    public static final String SAME = "no significant difference";
    public static final String TOO_FEW = "too few repetitions to tell";
    public static final String TEST = "Welch's two-sided t-test on each repetition's time per operation";

    /**
     * One matched variant × operation.
     *
     * @param baseUsPerOp  mean time per operation over the base's repetitions, µs
     * @param ratio        new ÷ base time per operation (below 1: the new run is faster); NaN when not comparable
     * @param ratioLower   lower end of the ratio's confidence interval
     * @param pValue       Welch's two-sided t-test; NaN when either side has fewer than two repetitions
     * @param verdict      {@link #FASTER}, {@link #SLOWER}, {@link #SAME} or {@link #TOO_FEW}
     */
    public record Row(String variant, String operation, int baseRepetitions, int newRepetitions, double baseUsPerOp,
                      double newUsPerOp, double ratio, double ratioLower, double ratioUpper, double pValue,
                      double baseP99Us, double newP99Us, String verdict) {}

    /** What was compared, and what only one side has. */
    public record Outcome(double level, List<Row> rows, List<String> onlyInBase, List<String> onlyInNew) {}

    private ResultComparison() {}

    public static Outcome compare(RunResult base, RunResult next, double level) {
        List<Row> rows = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        List<String> onlyInNew = new ArrayList<>();
        for (VariantResult bv : base.variants()) {
            for (OperationResult bo : bv.operations()) {
                OperationResult no = find(next, bv.variant(), bo.operation());
                if (no == null) {
                    onlyInBase.add(bv.variant() + " " + bo.operation());
                    continue;
                }
                List<Double> b = perOperationMicros(bo);
                List<Double> n = perOperationMicros(no);
                if (b.isEmpty() || n.isEmpty()) {
                    continue;
                }
                Comparison c = Comparison.of("new", n, "base", b, level);
                double bMean = b.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                double nMean = n.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                String verdict = c == null ? TOO_FEW : !c.significant() ? SAME : c.ratio() < 1 ? FASTER : SLOWER;
                rows.add(new Row(bv.variant(), bo.operation(), b.size(), n.size(), bMean, nMean,
                        // a ratio of times is never negative, whatever a wide interval on the difference says
                        c == null ? nMean / bMean : c.ratio(), c == null ? Double.NaN : Math.max(0, c.ratioLower()),
                        c == null ? Double.NaN : c.ratioUpper(), c == null ? Double.NaN : c.pValue(),
                        bo.latency().p99Us(), no.latency().p99Us(), verdict));
            }
        }
        for (VariantResult nv : next.variants()) {
            for (OperationResult no : nv.operations()) {
                if (find(base, nv.variant(), no.operation()) == null) {
                    onlyInNew.add(nv.variant() + " " + no.operation());
                }
            }
        }
        return new Outcome(level, rows, onlyInBase, onlyInNew);
    }

    /** Each repetition's time per operation, µs: comparable whatever the repetition's size. */
    static List<Double> perOperationMicros(OperationResult op) {
        List<Double> out = new ArrayList<>();
        for (RepetitionTime r : op.repetitions()) {
            if (r.operations() > 0 && r.totalNanos() > 0) {
                out.add(r.totalNanos() / 1e3 / r.operations());
            }
        }
        return out;
    }

    private static OperationResult find(RunResult result, String variant, String operation) {
        for (VariantResult v : result.variants()) {
            if (v.variant().equals(variant)) {
                for (OperationResult op : v.operations()) {
                    if (op.operation().equals(operation)) {
                        return op;
                    }
                }
            }
        }
        return null;
    }

    /** The comparison as a report: what is compared, the ratios as bars with their intervals, the table. */
    public static Doc document(Outcome outcome, String baseName, String newName) {
        Doc doc = new Doc();
        doc.append(String.format("%nnew (%s) ÷ base (%s): time per operation; below 1 = faster; verdicts from %s at "
                + "%s confidence%n", newName, baseName, TEST, Format.percent(outcome.level())));
        if (!outcome.rows().isEmpty()) {
            List<String> labels = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            List<double[]> cis = new ArrayList<>();
            for (Row r : outcome.rows()) {
                labels.add(r.variant() + " " + r.operation());
                ratios.add(Double.isFinite(r.ratio()) ? r.ratio() : null);
                cis.add(Double.isNaN(r.ratioLower()) ? null : new double[] {r.ratioLower(), r.ratioUpper()});
            }
            doc.figure(Figure.bars("new ÷ base time per operation (whiskers: CI)", labels,
                    List.of(Figure.Series.bars("new ÷ base", ratios, cis)), "variant · operation",
                    Figure.Axis.linear("ratio (1 = same)", true)));
        }
        doc.table(table(outcome), java.util.Map.of(FASTER, "verdict-faster", SLOWER, "verdict-slower"));
        if (!outcome.onlyInBase().isEmpty()) {
            doc.append("only in base: " + String.join(", ", outcome.onlyInBase()) + "\n");
        }
        if (!outcome.onlyInNew().isEmpty()) {
            doc.append("only in new: " + String.join(", ", outcome.onlyInNew()) + "\n");
        }
        return doc;
    }

    /** The table; the first row is the header. */
    public static List<List<String>> table(Outcome outcome) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "operation", "reps base/new", "base µs/op", "new µs/op", "new ÷ base",
                Format.percent(outcome.level()) + " CI", "p", "p99 base µs", "p99 new µs", "verdict"));
        for (Row r : outcome.rows()) {
            rows.add(List.of(r.variant(), r.operation(), r.baseRepetitions() + "/" + r.newRepetitions(),
                    Format.fmt(r.baseUsPerOp(), 1), Format.fmt(r.newUsPerOp(), 1), Format.fmt(r.ratio(), 3),
                    Double.isNaN(r.ratioLower()) ? "-"
                            : Format.fmt(r.ratioLower(), 3) + "–" + Format.fmt(r.ratioUpper(), 3),
                    Double.isNaN(r.pValue()) ? "-" : String.format(Locale.ROOT, "%.2g", r.pValue()),
                    Format.fmt(r.baseP99Us(), 0), Format.fmt(r.newP99Us(), 0), r.verdict()));
        }
        return rows;
    }
}
