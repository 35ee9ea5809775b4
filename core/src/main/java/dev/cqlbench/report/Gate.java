package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A gate for CI: is anything slower than allowed? Each ratio of time (a variant over the run's reference, or a
 * comparison's new ratio over its base ratio between two runs) is judged by its interval, at the level the report
 * prints it: <em>slower</em> when the whole interval lies above 1 + {@code allowed} (decided slower by more than
 * allowed), <em>within</em> when the whole interval lies at or below it, <em>undecided</em> otherwise (the run cannot
 * tell; it is named, and fails the gate only when asked). A gate judges; it neither runs nor prints.
 *
 * @param allowed the slowdown allowed, as a fraction (0.05: 5 % more time)
 */
public record Gate(double allowed) {

    /** One ratio the gate judges: A's time over B's, with its interval. */
    public record Item(String name, double ratio, double lower, double upper) {}

    /** What the gate says of one ratio. */
    public enum Outcome { SLOWER, UNDECIDED, WITHIN }

    /** One ratio and what the gate says of it. */
    public record Judged(Item item, Outcome outcome) {}

    public Gate {
        if (!(allowed >= 0 && allowed < 10)) {
            throw new IllegalArgumentException("a gate allows a slowdown of 0 or more, got " + allowed);
        }
    }

    /** What the gate says of {@code item}: an interval it cannot read (NaN, or none) is undecided. */
    public Outcome judge(Item item) {
        double limit = 1 + allowed;
        if (Double.isNaN(item.lower()) || Double.isNaN(item.upper())) {
            return Outcome.UNDECIDED;
        }
        if (item.lower() > limit) {
            return Outcome.SLOWER;
        }
        return item.upper() <= limit ? Outcome.WITHIN : Outcome.UNDECIDED;
    }

    public List<Judged> judge(List<Item> items) {
        return items.stream().map(i -> new Judged(i, judge(i))).toList();
    }

    /**
     * The ratios a run's gate judges: every variant's time over the reference's in each operation (and each set of
     * operations the run compares), at the level its report prints.
     */
    public static List<Item> items(Reading reading) {
        RunResult result = reading.result();
        Analysis a = reading.analysis();
        String reference = result.settings().referenceVariant();
        List<Item> out = new ArrayList<>();
        for (Question q : a.family()) {
            if (q.measure() != Measure.TIME || !q.b().variant().equals(reference)
                    || q.a().variant().equals(q.b().variant()) || !q.sameOperations()
                    || !ran(result, q.a()) || !ran(result, q.b())) {
                continue; // not a variant against the reference, or an operation the run did not measure
            }
            PairedRatio r = a.answer(q);
            out.add(r == null ? new Item(name(q), Double.NaN, Double.NaN, Double.NaN)
                    : new Item(name(q), r.ratio(), r.lower(), r.upper()));
        }
        return out;
    }

    /** Whether the run measured every operation of {@code side} in its variant. */
    private static boolean ran(RunResult result, Question.Side side) {
        return side.operations().stream().allMatch(op -> result.variants().stream()
                .anyMatch(v -> v.variant().equals(side.variant()) && Format.find(v, op).isPresent()));
    }

    private static String name(Question q) {
        return q.a().variant() + " over " + q.b().variant() + " " + String.join("+", q.a().operations());
    }

    /** The gate's verdict as report lines: its {@link #title}, then {@link #rows} as a table. */
    public Doc section(List<Judged> judged, boolean undecidedFails) {
        Doc out = new Doc().append("\n" + title(judged, undecidedFails) + "\n");
        List<List<String>> rows = rows(judged, undecidedFails);
        return rows.size() > 1 ? out.table(rows) : out;
    }

    /** The same in Markdown ({@link Markdown}): the title as a heading, the rows as a table. */
    public String markdown(List<Judged> judged, boolean undecidedFails) {
        StringBuilder out = new StringBuilder(Markdown.heading(3, title(judged, undecidedFails)));
        List<List<String>> rows = rows(judged, undecidedFails);
        if (rows.size() > 1) {
            Markdown.table(out, rows);
        }
        return out.toString();
    }

    /** One line: the gate, how many ratios it judged and what it found, passed or failed. */
    public String title(List<Judged> judged, boolean undecidedFails) {
        return "gate (--fail-if-slower " + Format.trim(allowed * 100) + " %): " + summary(judged, undecidedFails);
    }

    /** The slower ratios and the undecided ones, a row each after a header; the header alone when none is. */
    public List<List<String>> rows(List<Judged> judged, boolean undecidedFails) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("time ratio", "% change (interval)", "gate"));
        for (Judged j : of(judged, Outcome.SLOWER)) {
            rows.add(row(j, "slower by more than " + Format.trim(allowed * 100) + " %"));
        }
        for (Judged j : of(judged, Outcome.UNDECIDED)) {
            rows.add(row(j, "not decided" + (undecidedFails ? " (fails: --fail-if-not-decided)" : "")));
        }
        return rows;
    }

    /** One sentence: how many ratios passed, were slower, or could not be told, and whether the gate fails. */
    public String summary(List<Judged> judged, boolean undecidedFails) {
        long slower = of(judged, Outcome.SLOWER).size();
        long undecided = of(judged, Outcome.UNDECIDED).size();
        long within = judged.size() - slower - undecided;
        String counts = judged.isEmpty() ? "no time ratio against a reference to judge"
                : String.format(Locale.ROOT, "%d of %d time ratios within, %d slower, %d not decided", within,
                        judged.size(), slower, undecided);
        return counts + (fails(judged, undecidedFails) ? ": FAILED" : ": passed");
    }

    /** Whether the gate fails: a ratio decided slower, or (when asked) one it cannot decide. */
    public boolean fails(List<Judged> judged, boolean undecidedFails) {
        return !of(judged, Outcome.SLOWER).isEmpty()
                || undecidedFails && (judged.isEmpty() || !of(judged, Outcome.UNDECIDED).isEmpty());
    }

    private static List<Judged> of(List<Judged> judged, Outcome outcome) {
        return judged.stream().filter(j -> j.outcome() == outcome).toList();
    }

    private static List<String> row(Judged j, String verdict) {
        Item i = j.item();
        String effect = Double.isNaN(i.ratio()) ? "no interval (too few rounds together)"
                : PairedRatio.effect(i.ratio(), i.lower(), i.upper());
        return List.of(i.name(), effect, verdict);
    }
}
