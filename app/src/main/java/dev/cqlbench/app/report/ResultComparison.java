package dev.cqlbench.app.report;

import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Figure;
import dev.cqlbench.report.Format;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A new result against a base one, like with like. What two runs can repeat is their within-run comparisons (A over
 * B, paired by round, each with its between-JVM variance): for every comparison both runs asked, the change of the
 * ratio between them, with an interval from both runs' own standard errors, and whether it held or moved; those
 * intervals hold jointly at the level asked (Bonferroni over the ratios compared). A variant's own figure describes
 * its run's host: its change between runs is shown as it is, and, where the ratios held, named for what it is, the
 * host's drift, with its size. Pure: reads two results.
 */
public final class ResultComparison {

    public static final String HELD = "held";
    public static final String SAME = "held, the same within the precision";
    public static final String MOVED = "moved";
    public static final String TOO_FEW = "too few rounds to tell";
    public static final String TEST = "the change of each within-run paired ratio between the two runs, t-interval "
            + "from both runs' standard errors";

    /**
     * One comparison both runs asked.
     *
     * @param shift new ratio ÷ base ratio (1: the same) and its interval; NaN when either run has no interval for it
     */
    public record RatioRow(String comparison, String operation, String measure, PairedRatio base, PairedRatio next,
                           Shift shift, String verdict) {

        /** New ratio ÷ base ratio. */
        public double change() {
            return shift.change();
        }
    }

    /** How far a ratio moved between two runs: new ÷ base, and its interval. */
    public record Shift(double change, double lower, double upper) {
        static final Shift UNKNOWN = new Shift(Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * How far the host moved every figure between two runs: the median, smallest and largest new ÷ base.
     */
    public record Drift(double median, double low, double high) {}

    /** What only the base run, and only the new run, measured. */
    public record OnlyInOne(List<String> base, List<String> next) {}

    /** One variant × operation's own figure in both runs. */
    public record FigureRow(String variant, String operation, Estimate base, Estimate next, double ratio,
                            double baseP99Us, double newP99Us) {}

    /**
     * What was compared, and what only one side has.
     *
     * @param host         how far the host moved every figure (typical time) between the runs
     * @param sameSettings whether both runs ran the same plan (else a shift is their settings' effect too)
     * @param onlyInOne    what only one of the runs measured
     */
    public record Outcome(double level, List<RatioRow> ratios, List<FigureRow> figures, Drift host,
                          boolean sameSettings, double margin, OnlyInOne onlyInOne) {

        /** The median of every figure's new ÷ base. */
        public double drift() {
            return host.median();
        }

        public List<String> onlyInBase() {
            return onlyInOne.base();
        }

        public List<String> onlyInNew() {
            return onlyInOne.next();
        }

        /** Whether anything is in both runs. */
        public boolean empty() {
            return ratios.isEmpty() && figures.isEmpty();
        }

        /** How many ratios both runs gave an interval, so that their change was tested. */
        public long tested() {
            return ratios.stream().filter(r -> Double.isFinite(r.change())).count();
        }

        /** How many ratios moved. */
        public long moved() {
            return ratios.stream().filter(r -> MOVED.equals(r.verdict())).count();
        }
    }

    private ResultComparison() {}

    public static Outcome compare(Reading baseReading, Reading nextReading, double level) {
        RunResult base = baseReading.result();
        RunResult next = nextReading.result();
        Analysis a = baseReading.analysis();
        Analysis b = nextReading.analysis();
        List<Question> both = a.family().stream().filter(b.family()::contains).toList();
        // the error is shared by the ratios both runs answered, the ones whose change is tested
        long answered = both.stream().filter(q -> a.answer(q) != null && b.answer(q) != null).count();
        double alpha = (1 - level) / Math.max(1, answered);
        double margin = Math.max(a.margin(), b.margin());
        List<RatioRow> ratios = new ArrayList<>();
        for (Question q : both) {
            PairedRatio x = a.answer(q);
            PairedRatio y = b.answer(q);
            String operation = String.join("+", q.a().operations());
            String name = q.nameA() + " over " + q.nameB();
            if (x == null && y == null) {
                continue; // neither run measured it
            }
            if (x == null || y == null) {
                ratios.add(new RatioRow(name, operation, q.measure().word, x, y, Shift.UNKNOWN, TOO_FEW));
                continue;
            }
            double d = Math.log(y.ratio()) - Math.log(x.ratio());
            double vx = x.logSe() * x.logSe();
            double vy = y.logSe() * y.logSe();
            double se = Math.sqrt(vx + vy);
            double df = vx + vy == 0 ? Double.POSITIVE_INFINITY
                    : (vx + vy) * (vx + vy) / (vx * vx / x.df() + vy * vy / y.df());
            double t = Double.isInfinite(df) ? new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2)
                    : new TDistribution(df).inverseCumulativeProbability(1 - alpha / 2);
            double lower = Math.exp(d - t * se);
            double upper = Math.exp(d + t * se);
            String verdict = lower > 1 || upper < 1 ? MOVED
                    : margin > 0 && lower >= 1 / (1 + margin) && upper <= 1 + margin ? SAME : HELD;
            ratios.add(new RatioRow(name, operation, q.measure().word, x, y, new Shift(Math.exp(d), lower, upper),
                    verdict));
        }
        List<FigureRow> figures = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        List<String> onlyInNew = new ArrayList<>();
        List<Double> shifts = new ArrayList<>();
        for (VariantResult bv : base.variants()) {
            for (OperationResult bo : bv.operations()) {
                OperationResult no = find(next, bv.variant(), bo.operation());
                if (no == null) {
                    onlyInBase.add(bv.variant() + " " + bo.operation());
                    continue;
                }
                Estimate x = a.figure(bv.variant(), bo.operation(), Measure.TIME);
                Estimate y = b.figure(bv.variant(), bo.operation(), Measure.TIME);
                double ratio = x == null || y == null ? Double.NaN : y.value() / x.value();
                if (Double.isFinite(ratio)) {
                    shifts.add(ratio);
                }
                figures.add(new FigureRow(bv.variant(), bo.operation(), x, y, ratio, bo.latency().p99Us(),
                        no.latency().p99Us()));
            }
        }
        for (VariantResult nv : next.variants()) {
            for (OperationResult no : nv.operations()) {
                if (find(base, nv.variant(), no.operation()) == null) {
                    onlyInNew.add(nv.variant() + " " + no.operation());
                }
            }
        }
        List<Double> sorted = shifts.stream().sorted().toList();
        double drift = sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
        Drift host = new Drift(drift, sorted.isEmpty() ? Double.NaN : sorted.get(0),
                sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() - 1));
        return new Outcome(level, ratios, figures, host,
                base.plan().equals(next.plan()) && base.settings().variantNames().equals(next.settings().variantNames()),
                margin, new OnlyInOne(onlyInBase, onlyInNew));
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

    /** The comparison as a report: the ratios' changes (chart and table), the host's drift, the figures. */
    public static Doc document(Outcome outcome, String baseName, String newName) {
        Doc doc = new Doc();
        doc.append(String.format(Locale.ROOT, "%nnew (%s) against base (%s)%n", newName, baseName));
        if (!outcome.ratios().isEmpty()) {
            doc.append(String.format(Locale.ROOT, "%nwithin-run comparisons, new ratio ÷ base ratio (1 = the same): "
                    + "%s; the intervals hold jointly at %s over the %d ratios both runs answered; %d moved%n", TEST,
                    Format.percent(outcome.level()), outcome.tested(), outcome.moved()));
            List<String> labels = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            List<double[]> cis = new ArrayList<>();
            for (RatioRow r : outcome.ratios()) {
                labels.add(r.comparison() + " " + r.operation() + " " + r.measure());
                values.add(Double.isFinite(r.change()) ? r.change() : null);
                cis.add(Double.isFinite(r.change()) ? new double[] {r.shift().lower(), r.shift().upper()} : null);
            }
            doc.figure(Figure.bars("new ratio ÷ base ratio of each within-run comparison (whiskers: simultaneous "
                    + "interval)", labels, List.of(Figure.Series.bars("new ÷ base", values, cis)), "comparison",
                    Figure.Axis.linear("change of the ratio (1 = held)", true)));
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("comparison", "operation", "measure", "base", "new", "new ÷ base",
                    Format.percent(outcome.level()) + " interval", "verdict"));
            for (RatioRow r : outcome.ratios()) {
                rows.add(List.of(r.comparison(), r.operation(), r.measure(),
                        r.base() == null ? "-" : r.base().effect(), r.next() == null ? "-" : r.next().effect(),
                        Double.isFinite(r.change()) ? Format.fmt(r.change(), 3) : "-",
                        Double.isFinite(r.change())
                                ? Format.fmt(r.shift().lower(), 3) + "–" + Format.fmt(r.shift().upper(), 3) : "-",
                        r.verdict()));
            }
            doc.table(rows, java.util.Map.of(MOVED, Doc.BAD, HELD, Doc.GOOD, SAME, Doc.GOOD), 3);
        }
        if (!outcome.figures().isEmpty()) {
            doc.append(String.format(Locale.ROOT, "%neach variant's own typical time: a figure describes its run's "
                    + "host%n"));
            if (Double.isFinite(outcome.drift())) {
                String cause = !outcome.sameSettings() ? "the runs' settings differ: this is their effect and the "
                        + "host's drift, which two runs cannot tell apart"
                        : outcome.moved() == 0 && outcome.tested() > 0 ? "every ratio held, so this is the "
                        + "host's drift between the runs, not the libraries"
                        : outcome.tested() == 0 ? "no within-run ratio to tell the host's drift from the "
                        + "libraries" : outcome.moved() + " ratios moved: part of it is the libraries";
                doc.append(String.format(Locale.ROOT, "  every figure moved by %+.1f %% (median of %d; %+.1f to "
                        + "%+.1f %%): %s%n", (outcome.drift() - 1) * 100, outcome.figures().size(),
                        (outcome.host().low() - 1) * 100, (outcome.host().high() - 1) * 100, cause));
            }
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("variant", "operation", "base µs", "new µs", "new ÷ base", "p99 base µs", "p99 new µs"));
            for (FigureRow f : outcome.figures()) {
                rows.add(List.of(f.variant(), f.operation(), f.base() == null ? "-" : Format.fmt(f.base().value(), 1),
                        f.next() == null ? "-" : Format.fmt(f.next().value(), 1),
                        Double.isFinite(f.ratio()) ? Format.fmt(f.ratio(), 3) : "-", Format.fmt(f.baseP99Us(), 0),
                        Format.fmt(f.newP99Us(), 0)));
            }
            doc.table(rows, java.util.Map.of(), 2);
        }
        if (!outcome.onlyInBase().isEmpty()) {
            doc.append("only in base: " + String.join(", ", outcome.onlyInBase()) + "\n");
        }
        if (!outcome.onlyInNew().isEmpty()) {
            doc.append("only in new: " + String.join(", ", outcome.onlyInNew()) + "\n");
        }
        return doc;
    }
}
