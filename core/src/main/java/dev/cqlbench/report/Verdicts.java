package dev.cqlbench.report;

import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The opening of every report: the study's claims and what the run says of each. A claim the run decided shows its
 * verdict and the answer behind it; the claims it did not decide are named together, with the run that would
 * decide them ({@link NextRun}) — never a verdict of "too few samples".
 */
public final class Verdicts {

    private Verdicts() {}

    /** The verdicts as the report's opening lines; nothing when the scenario has none. */
    public static Doc section(RunResult result, List<Verdict> verdicts) {
        Doc out = new Doc();
        if (verdicts.isEmpty()) {
            return out;
        }
        List<Verdict> decided = verdicts.stream().filter(Verdict::decided).toList();
        List<Verdict> open = verdicts.stream().filter(v -> !v.decided()).toList();
        out.append(String.format(Locale.ROOT, "%nstudy %s's claims, answered by this run (every interval simultaneous "
                + "at %s %%, with the report's comparisons)%n", verdicts.get(0).study(),
                Format.trim(result.settings().familyConfidence() * 100)));
        for (Verdict v : decided) {
            String word = v.status() == Verdict.Status.CONFIRMED ? "confirmed   " : "contradicted";
            out.append(Format.wrap("  " + word + "  " + v.claim(), "                ")).append('\n');
            out.append(Format.wrap("                " + v.answer(), "                  ")).append('\n');
        }
        if (decided.isEmpty()) {
            out.append("  none decided\n");
        }
        if (!open.isEmpty()) {
            out.append(Format.wrap(String.format(Locale.ROOT, "not decided by this run (%d): %s", open.size(),
                    String.join("; ", open.stream().map(Verdict::claim).toList())), "  ")).append('\n');
            out.append(Format.wrap("  to answer " + (open.size() == 1 ? "it" : "them") + ", " + toAnswer(result, open),
                    "    ")).append('\n');
        }
        return out;
    }

    /**
     * The same in Markdown ({@link Markdown}): a table of every claim, decided or not, with the run's answer, and the
     * run that would decide the open ones. Empty when the scenario has none.
     */
    public static String markdown(RunResult result, List<Verdict> verdicts) {
        if (verdicts.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(Markdown.heading(3, String.format(Locale.ROOT, "study %s's claims "
                + "(every interval simultaneous at %s %%)", verdicts.get(0).study(),
                Format.trim(result.settings().familyConfidence() * 100))));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("verdict", "claim", "this run"));
        for (Verdict v : verdicts) {
            String word = v.decided() ? v.status() == Verdict.Status.CONFIRMED ? "confirmed" : "contradicted"
                    : v.status() == Verdict.Status.NOT_MEASURED ? "not measured" : "not decided";
            rows.add(List.of(word, v.claim(), v.answer()));
        }
        Markdown.table(out, rows);
        List<Verdict> open = verdicts.stream().filter(v -> !v.decided()).toList();
        if (!open.isEmpty()) {
            out.append(Markdown.inline("To answer the " + open.size() + " not decided, " + toAnswer(result, open)
                    .replace("`", ""))).append("\n\n");
        }
        return out.toString();
    }

    /** What to run to decide the claims a run left open: its forecast, or the scenario at its defaults. */
    public static String toAnswer(RunResult result, List<Verdict> open) {
        boolean notRun = open.stream().allMatch(v -> v.status() == Verdict.Status.NOT_MEASURED);
        Optional<NextRun> next = notRun ? Optional.empty() : NextRun.of(result);
        return next.map(NextRun::sentence).orElse("run `./cqlbench run " + result.scenario() + "` at its defaults"
                + (notRun ? ", which run every variant the claims name" : ""));
    }

    /** The variant named {@code name} in the result, if it ran. */
    public static Optional<VariantResult> variant(List<VariantResult> variants, String name) {
        return variants.stream().filter(v -> v.variant().equals(name) && !v.operations().isEmpty()).findFirst();
    }
}
