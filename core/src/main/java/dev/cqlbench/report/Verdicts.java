package dev.cqlbench.report;

import dev.cqlbench.result.VariantResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The opening of every report: the study's claims and what the run says of each. */
public final class Verdicts {

    private Verdicts() {}

    /** The verdicts as the report's first table; nothing when the scenario has none. */
    public static Doc section(List<Verdict> verdicts) {
        Doc out = new Doc();
        if (verdicts.isEmpty()) {
            return out;
        }
        out.append(String.format("%nanswers, against the study's claims (docs/studies.md; simultaneous intervals, "
                + "holding jointly with the report's comparisons)%n"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("study", "claim", "this run", "verdict"));
        Map<String, String> marks = new HashMap<>();
        marks.put(Verdict.Status.CONFIRMED.words, Doc.GOOD);
        marks.put(Verdict.Status.CONTRADICTED.words, Doc.BAD);
        for (Verdict v : verdicts) {
            rows.add(List.of(v.study(), v.claim(), v.answer(), v.status().words));
        }
        out.table(rows, marks);
        return out;
    }

    /** The variant named {@code name} in the result, if it ran. */
    public static Optional<VariantResult> variant(List<VariantResult> variants, String name) {
        return variants.stream().filter(v -> v.variant().equals(name) && !v.operations().isEmpty()).findFirst();
    }
}
