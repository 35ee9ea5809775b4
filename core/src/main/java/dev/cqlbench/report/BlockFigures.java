package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import static dev.cqlbench.report.Format.fmt;

import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import dev.cqlbench.stats.SharedDrift;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The figures a run measures per timed block (typical time per operation, the worker's CPU per operation, the
 * servers' CPU per operation above idle), each with its interval, and the comparisons the scenario asks, each with
 * its simultaneous interval and its mark; the rounds, the looks and the between-JVM variance behind them.
 */
public final class BlockFigures {

    /** Marks an interval wider than the precision asked for. */
    public static final String MISSED = "†";
    public static final String TOO_FEW = "too few rounds";
    /** An interval wider than the figure itself either way ({@link PairedRatio#tooWide}), in place of its ends. */
    public static final String TOO_WIDE = PairedRatio.TOO_WIDE;

    private BlockFigures() {}

    /** The precision the run asked for (0 when none). */
    public static double precision(RunResult result) {
        return result.rounds() != null ? result.rounds().precision()
                : result.settings().asked().stopping() == null ? 0 : result.settings().asked().stopping().precision();
    }

    /** Starts a cell that gives each JVM's own figure ({@link #cell}). */
    public static final String BY_JVM = "JVMs ";

    /**
     * "312.4 ±2.1 %", marked when wider than the precision; "too few rounds" with blocks but no interval. Where the
     * variant's JVMs sit so far apart that their mean's interval runs past doubling (two JIT outcomes: driver 3's
     * JVMs allocate about 183 or 230 KB a profile insert), each JVM's own figure instead, "JVMs 183215 ±1.2 % /
     * 230140 ±1.1 %†": what was measured, where the mean of two such JVMs cannot be bounded.
     */
    public static String cell(Analysis analysis, String variant, String operation, Measure measure, double precision) {
        Estimate e = analysis.figure(variant, operation, measure);
        if (e == null) {
            return analysis.has(variant, operation, measure) ? TOO_FEW : "-";
        }
        String missed = precision > 0 && !e.meets(precision) ? MISSED : "";
        if (e.relativeHalfWidth() > 1) {
            List<Estimate> each = analysis.jvms().figures(variant, operation, measure);
            if (!each.isEmpty() && each.stream().allMatch(j -> j != null && j.relativeHalfWidth() <= 1)) {
                List<String> jvms = new ArrayList<>();
                each.forEach(j -> jvms.add(value(j)));
                return BY_JVM + String.join(" / ", jvms) + missed;
            }
        }
        return value(e) + missed;
    }

    /** "312.4 ±2.1 %", or "312.4 ±>100 %" past doubling. */
    private static String value(Estimate e) {
        int decimals = e.value() >= 100 ? 0 : e.value() >= 10 ? 1 : 2;
        String half = e.relativeHalfWidth() > 1 ? TOO_WIDE
                : String.format(Locale.ROOT, "±%.1f %%", e.relativeHalfWidth() * 100);
        return String.format(Locale.ROOT, "%s %s", fmt(e.value(), decimals), half);
    }

    /**
     * A table for every per-block figure ({@link Measure}) of these operations, in order; {@code timeHow} says what
     * this scenario's typical time is (null: {@link Measure#how}).
     */
    public static void tables(Doc out, Analysis analysis, RunResult result, List<String> operations, String timeHow) {
        for (Measure measure : Measure.values()) {
            table(out, analysis, result, operations, measure, measure == Measure.TIME && timeHow != null ? timeHow
                    : measure.how);
        }
    }

    /** The table of one measure: variant × operation; nothing when no variant has the figure. */
    public static void table(Doc out, Analysis analysis, RunResult result, List<String> operations, Measure measure,
                             String how) {
        boolean any = result.variants().stream()
                .anyMatch(v -> operations.stream().anyMatch(op -> analysis.has(v.variant(), op, measure)));
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
                row.add(cell(analysis, v.variant(), operation, measure, precision));
            }
            rows.add(row);
        }
        out.table(rows);
        if (rows.stream().flatMap(List::stream).anyMatch(c -> c.startsWith(BY_JVM))) {
            out.append(String.format("  JVMs a / b: that variant's JVMs sit too far apart for their mean to be bounded "
                    + "(its interval would run past doubling): each JVM's own figure instead; more JVMs (--forks) "
                    + "bound the mean%n"));
        }
        out.append(jvmLine(analysis, result, measure));
        out.append(VarianceLines.source(analysis, measure));
        out.append(hostLine(analysis, result, operations, measure));
    }

    /**
     * The between-JVM sd of a measure, pooled (what every interval carries) and per library (each from its own
     * forks alone, at the run's level); empty with one JVM per variant.
     */
    static String jvmLine(Analysis analysis, RunResult result, Measure measure) {
        BetweenJvm pooled = analysis.betweenJvm(measure);
        if (!pooled.known()) {
            int forks = result.variants().isEmpty() ? 1 : analysis.forks(result.variants().get(0).variant());
            return forks > 1 ? String.format("  %d JVMs per variant, too few rounds to tell what differs between them: "
                    + "it is in none of these intervals%n", forks)
                    : String.format("  one JVM per variant: what differs between JVMs of one library is in none of "
                    + "these intervals (--forks 2 or more measures it)%n");
        }
        List<String> each = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            BetweenJvm own = analysis.betweenJvm(v.variant(), measure);
            if (own.known()) {
                double[] i = own.sdInterval(analysis.level());
                each.add(String.format(Locale.ROOT, "%s %.1f (%.1f–%.1f)", v.variant(), own.sd() * 100, i[0] * 100,
                        i[1] * 100));
            }
        }
        return String.format(Locale.ROOT, "  %s over %d series of %d JVMs each, at %s; in every per-block "
                + "interval and comparison. Per library, %%: %s%n", pooled.describe(analysis.level()), pooled.series(),
                analysis.forks(result.variants().get(0).variant()), Format.percent(analysis.level()),
                String.join(", ", each));
    }

    /**
     * What the host's drift, shared by every variant's workers, did over the run: how far all series moved together
     * from round to round ({@link SharedDrift}). Empty with too few series.
     */
    static String hostLine(Analysis analysis, RunResult result, List<String> operations, Measure measure) {
        List<Map<Long, Double>> series = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            for (String operation : operations) {
                Map<Long, Double> byRound = analysis.byRound(v.variant(), operation, measure);
                if (!byRound.isEmpty()) {
                    series.add(byRound);
                }
            }
        }
        SharedDrift drift = SharedDrift.of(series);
        if (drift == null) {
            return "";
        }
        return String.format(Locale.ROOT, "  the host: all %d series moved together from round to round by sd %.1f %% "
                + "(lag-1 ρ %.2f). These figures are this run's host's; comparisons cancel it.%n", drift.series(),
                drift.spread() * 100, drift.rho());
    }

    /**
     * The scenario's comparisons among {@code shown}, as tables by measure (rows "A over B", columns operations) and
     * lines for those over several operations; the family's level and marks said once above them.
     */
    public static void comparisons(Doc out, Analysis analysis, String title, List<Question> shown) {
        if (shown.isEmpty()) {
            return;
        }
        out.append(String.format(Locale.ROOT, "%n%s%n%s%n", title, familyLine(analysis)));
        comparisonTables(out, analysis, shown, true);
    }

    /**
     * The one table a run prints under its verdicts: every single-operation comparison of time the scenario asks,
     * A over B in % with its simultaneous interval and mark; a run of one variant, its own time per operation;
     * nothing when it asks none.
     */
    public static Doc key(Reading reading) {
        RunResult result = reading.result();
        Doc out = new Doc();
        Analysis analysis = reading.analysis();
        List<Question> shown = analysis.family().stream().filter(q -> q.measure() == Measure.TIME
                && q.sameOperations() && q.a().operations().size() == 1 && !q.a().variant().equals(q.b().variant()))
                .toList();
        if (shown.isEmpty()) {
            if (result.variants().size() == 1) {
                // one variant, nothing to compare: its own figures, as the full report's first table
                out.append('\n').append(roundsLine(result).stripTrailing()).append('\n');
                table(out, analysis, result, LibraryReport.operations(result), Measure.TIME, Measure.TIME.how);
            }
            return out;
        }
        if (shown.stream().allMatch(q -> analysis.answer(q) == null)) {
            out.append(String.format(Locale.ROOT, "%nno comparison has the %d rounds an interval needs%n",
                    Estimate.MIN_ROUNDS));
            return out;
        }
        Rounds r = result.rounds();
        out.append(String.format(Locale.ROOT, "%ntime per operation against %s (the reference, named before the "
                + "data)%n%s", result.settings().referenceVariant(), r == null ? "" : String.format(Locale.ROOT,
                "  %d rounds × %d JVM%s per variant, stopped: %s%n", r.run(), r.forks(), r.forks() == 1 ? "" : "s",
                r.said())));
        out.append(Format.wrap("  " + marksLine(analysis), "    ")).append('\n');
        comparisonTables(out, analysis, shown, false);
        String between = VarianceLines.runs(analysis, shown);
        if (!between.isEmpty()) {
            out.append(Format.wrap(between, "  ")).append('\n');
        }
        String speed = VarianceLines.speed(analysis, shown);
        if (!speed.isEmpty()) {
            out.append(Format.wrap(speed, "  ")).append('\n');
        }
        // a study's claims name their run in the verdicts; the run's own questions name it here
        List<Question> open = analysis.standing().unsettled();
        if (!open.isEmpty() && !Family.CLAIMS.equals(analysis.questions().origin())) {
            NextRun.of(reading).ifPresent(next -> out.append(Format.wrap(String.format(Locale.ROOT, "%d of %d primary "
                    + "questions not decided by this run: to answer %s, %s", open.size(),
                    analysis.primary().size(), open.size() == 1 ? "it" : "them", next.sentence()), "  ")).append('\n'));
        }
        return out;
    }

    /** {@code full}: every cell to a tenth and the open ones explained; else compact cells for the terminal. */
    private static void comparisonTables(Doc out, Analysis analysis, List<Question> shown, boolean full) {
        List<String> undecided = new ArrayList<>();
        for (Measure measure : Measure.values()) {
            Map<String, Map<String, String>> rows = new LinkedHashMap<>();
            Set<String> operations = new LinkedHashSet<>();
            List<String> lines = new ArrayList<>();
            for (Question q : shown) {
                if (q.measure() != measure) {
                    continue;
                }
                PairedRatio r = analysis.answer(q);
                if (r == null && !ran(analysis, q.a(), measure) && !ran(analysis, q.b(), measure)) {
                    continue; // neither side ran: nothing to say
                }
                String cell = cell(r, analysis.mark(q, r), full ? 1 : 0);
                if (r != null && !r.decided(analysis.margin())) {
                    undecided.add(String.format(Locale.ROOT, "%s over %s %s %s %s", q.nameA(), q.nameB(),
                            String.join("+", q.a().operations()), measure.word, r.detectableText()));
                }
                if (q.sameOperations() && q.a().operations().size() == 1 && !q.a().variant().equals(q.b().variant())) {
                    String op = q.a().operations().get(0);
                    operations.add(op);
                    rows.computeIfAbsent(q.a().variant() + " over " + q.b().variant(), k -> new LinkedHashMap<>())
                            .put(op, cell);
                } else {
                    lines.add("  " + q.nameA() + " over " + q.nameB() + (q.sameOperations() ? ", "
                            + String.join(" + ", q.a().operations()) : "") + ": " + cell);
                }
            }
            if (rows.isEmpty() && lines.isEmpty()) {
                continue;
            }
            out.append(measure.title.replace(" (µs)", "")).append('\n');
            if (!rows.isEmpty()) {
                List<List<String>> table = new ArrayList<>();
                List<String> header = new ArrayList<>(List.of(""));
                header.addAll(operations);
                table.add(header);
                rows.forEach((name, cells) -> {
                    List<String> row = new ArrayList<>(List.of(name));
                    operations.forEach(op -> row.add(cells.getOrDefault(op, "-")));
                    table.add(row);
                });
                out.table(table);
            }
            lines.forEach(l -> out.append(l).append('\n'));
        }
        if (full && !undecided.isEmpty()) {
            out.append(Format.wrap("  not decided (neither different nor the same within the precision); the "
                    + "difference each "
                    + "would find " + Math.round(PairedRatio.POWER * 100) + " % of the time: "
                    + String.join("; ", undecided), "    ")).append('\n');
        }
    }

    private static boolean ran(Analysis analysis, Question.Side side, Measure measure) {
        return side.operations().stream().anyMatch(op -> analysis.has(side.variant(), op, measure));
    }

    /**
     * "+14.7 (+9…+21) *": a comparison's effect, its interval's ends to {@code decimals} places and its mark;
     * "too few rounds" without one.
     */
    static String cell(PairedRatio r, String mark, int decimals) {
        if (r == null) {
            return "too few rounds";
        }
        if (r.tooWide()) {
            return String.format(Locale.ROOT, "%+.1f (%s)", (r.ratio() - 1) * 100, TOO_WIDE);
        }
        String end = "%+." + decimals + "f";
        return String.format(Locale.ROOT, "%+.1f (" + end + "…" + end + ")%s", (r.ratio() - 1) * 100,
                (r.lower() - 1) * 100, (r.upper() - 1) * 100, mark.isEmpty() ? "" : " " + mark);
    }

    /** The line every comparison section opens with: what each kind of mark promises. */
    public static String familyLine(Analysis analysis) {
        return "  " + marksLine(analysis) + "; each paired by round over every fork, the between-JVM variance "
                + "included";
    }

    /**
     * "% change of A over B. Primary (8, every variant against the reference): * different, holding jointly at 99 %
     * …; ≈ the same within ±5 %, each at 95 % …; no mark: not decided; descriptive (24): + different, ~ the same, of the + marks at most
     * 5 % wrong on average".
     */
    static String marksLine(Analysis analysis) {
        int primary = analysis.primary().size();
        int descriptive = analysis.family().size() - primary;
        String margin = Format.trim(analysis.margin() * 100);
        String first = String.format(Locale.ROOT, "%% change of A over B. Primary (%d, %s): * different, its marks "
                + "holding jointly at %s (Bonferroni over them%s); ≈ the same within ±%s %%, each at %s (two one-sided "
                + "tests); no mark: not decided", primary, analysis.questions().origin(), Format.percent(analysis.familyLevel()),
                analysis.looks().once() ? "" : String.format(Locale.ROOT, " and over the run's %d analyses, exact "
                        + "boundaries", analysis.looks().count()), margin, Format.percent(analysis.sameLevel()));
        if (descriptive == 0) {
            return first;
        }
        return first + String.format(Locale.ROOT, "; descriptive (%d): + different, ~ the same within ±%s %%, of the "
                + "+ marks at most %s wrong on average (Benjamini–Hochberg)", descriptive, margin,
                Format.percent(analysis.falseDiscoveryRate()));
    }

    /**
     * How the rounds went, in one line: "60 rounds × 3 JVMs per variant; stopped: time limit; looked after 40, 80,
     * 120 rounds of 160 planned; servers idle at 3.1 % of a core".
     */
    public static String roundsLine(RunResult result) {
        Rounds r = result.rounds();
        if (r == null) {
            return "";
        }
        String idle = r.serverIdleCpuPercent() == null ? ""
                : String.format(Locale.ROOT, "; servers idle at %.1f %% of a core (subtracted from server CPU)",
                        r.serverIdleCpuPercent());
        String looks = r.looks().isEmpty() ? "" : String.format(Locale.ROOT, "; looked after %s rounds%s",
                String.join(", ", r.looks().stream().map(String::valueOf).toList()), r.planned() == null ? ""
                        : " of " + r.planned() + " planned");
        String asked = r.precision() > 0 ? String.format(Locale.ROOT, " (precision ±%s %%; %s = wider)",
                Format.trim(r.precision() * 100), MISSED) : "";
        String settled = r.settling() == 0 ? "" : String.format(Locale.ROOT, " after %d settling rounds", r.settling());
        return String.format(Locale.ROOT, "%d rounds × %d JVM%s per variant%s, every JVM's blocks in a fresh seeded "
                + "order each round; stopped: %s%s%s%s%n", r.run(), r.forks(), r.forks() == 1 ? "" : "s", settled,
                r.said(), asked, looks, idle);
    }
}
