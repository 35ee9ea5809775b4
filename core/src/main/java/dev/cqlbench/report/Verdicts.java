package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.RunOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The opening of every report: the study's claims and what the run says of each. A claim the run decided shows its
 * verdict and the answer behind it; the claims it did not decide are named together, with the run that would
 * decide them ({@link NextRun}).
 */
public final class Verdicts {

    private Verdicts() {}

    /** The verdicts as the report's opening lines; nothing when the scenario has none. */
    public static Doc section(Reading reading, List<Verdict> verdicts) {
        RunResult result = reading.result();
        Doc out = new Doc();
        if (verdicts.isEmpty()) {
            return out;
        }
        List<Verdict> decided = verdicts.stream().filter(Verdict::decided).toList();
        List<Verdict> open = verdicts.stream().filter(v -> !v.decided()).toList();
        out.append(String.format(Locale.ROOT, "%nstudy %s's claims, answered by this run (every interval simultaneous "
                + "at %s %%, with the report's comparisons)%n", verdicts.get(0).study(),
                Format.trim(result.settings().asked().familyConfidence() * 100)));
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
            out.append(Format.wrap("  to answer " + (open.size() == 1 ? "it" : "them") + ", " + toAnswer(reading, open),
                    "    ")).append('\n');
        }
        return out;
    }

    /**
     * The same in Markdown ({@link Markdown}): a table of every claim, decided or not, with the run's answer, and the
     * run that would decide the open ones. Empty when the scenario has none.
     */
    public static String markdown(Reading reading, List<Verdict> verdicts) {
        RunResult result = reading.result();
        if (verdicts.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(Markdown.heading(3, String.format(Locale.ROOT, "study %s's claims "
                + "(every interval simultaneous at %s %%)", verdicts.get(0).study(),
                Format.trim(result.settings().asked().familyConfidence() * 100))));
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
            out.append(Markdown.inline("To answer the " + open.size() + " not decided, " + toAnswer(reading, open)
                    .replace("`", ""))).append("\n\n");
        }
        return out.toString();
    }

    /**
     * What to run to decide the claims a run left open: its forecast, or else {@link #everyClaim} of its scenario, a
     * command that runs every variant the study's claims name.
     */
    public static String toAnswer(Reading reading, List<Verdict> open) {
        RunResult result = reading.result();
        boolean notRun = open.stream().allMatch(v -> v.status() == Verdict.Status.NOT_MEASURED);
        Optional<NextRun> next = notRun ? Optional.empty() : NextRun.of(reading);
        return next.map(NextRun::sentence).orElse("run `" + everyClaim(result.scenario())
                + "`, which runs every variant the study's claims name, at the default time limit");
    }

    /**
     * The run that asks every claim of {@code scenario}'s study: its demo part's selection (the variants its claims
     * name; a scenario's defaults may run fewer: crud's runs driver4 alone) with the default time limit and rounds
     * instead of the demo's share of ten minutes. The scenario at its defaults when it has no demo part.
     */
    public static dev.cqlbench.run.RunLine everyClaim(String scenario) {
        return dev.cqlbench.scenario.Scenarios.all().stream().filter(s -> s.name().equals(scenario)).findFirst()
                .flatMap(s -> s.demo()).map(line -> line.without(RunOption.MAX_TIME, RunOption.CYCLES))
                .orElse(new dev.cqlbench.run.RunLine(scenario, java.util.Map.of()));
    }

    /** The variant named {@code name} in the result, if it ran. */
    public static Optional<VariantResult> variant(List<VariantResult> variants, String name) {
        return variants.stream().filter(v -> v.variant().equals(name) && !v.operations().isEmpty()).findFirst();
    }
}
