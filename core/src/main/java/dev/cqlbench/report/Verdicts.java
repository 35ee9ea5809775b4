package dev.cqlbench.report;

import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The opening of every report: the study's claims and what the run says of each. */
public final class Verdicts {

    private Verdicts() {}

    /** The verdicts as the report's first table; nothing when the scenario has none. */
    public static Doc section(List<Verdict> verdicts) {
        Doc out = new Doc();
        if (verdicts.isEmpty()) {
            return out;
        }
        out.append(String.format("%nanswers, against the study's claims (docs/studies.md; 99.9%% intervals)%n"));
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

    /**
     * A variant's per-block figure over several operations, one per round: the geometric mean of the operations'
     * blocks in that round (only rounds where all of them ran), so "faster over all four operations" is one paired
     * comparison.
     */
    public static Map<Long, Double> combined(VariantResult v, List<String> operations, BlockFigures.Measure measure) {
        Map<Long, double[]> sums = new TreeMap<>();
        for (String operation : operations) {
            Optional<OperationResult> op = Format.find(v, operation);
            if (op.isEmpty()) {
                return Map.of();
            }
            OperationResult.byRound(op.get(), measure.perBlock).forEach((round, value) -> {
                double[] s = sums.computeIfAbsent(round, k -> new double[2]);
                s[0] += Math.log(value);
                s[1]++;
            });
        }
        Map<Long, Double> out = new TreeMap<>();
        sums.forEach((round, s) -> {
            if (s[1] == operations.size()) {
                out.put(round, Math.exp(s[0] / s[1]));
            }
        });
        return out;
    }

    /** A against B over several operations at once (see {@link #combined}); null with too few rounds. */
    public static PairedRatio combinedRatio(VariantResult a, VariantResult b, List<String> operations,
                                            BlockFigures.Measure measure, double level) {
        return PairedRatio.of(a.variant(), combined(a, operations, measure), b.variant(),
                combined(b, operations, measure), level);
    }

    /** The variant named {@code name} in the result, if it ran. */
    public static Optional<VariantResult> variant(List<VariantResult> variants, String name) {
        return variants.stream().filter(v -> v.variant().equals(name) && !v.operations().isEmpty()).findFirst();
    }
}
