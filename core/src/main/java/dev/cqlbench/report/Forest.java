package dev.cqlbench.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's comparisons of time as one picture: each comparison the scenario asked before the data is a row with its
 * ratio (A's time ÷ B's) and its simultaneous interval, told apart by whether it is answered (different, or the same
 * within the margin), with the factor the study claims beside it where a verdict rests on it.
 *
 * @param reference the variant every other is compared with
 * @param margin    the margin of "the same" (0: none)
 * @param rows      in the order the scenario asked them
 */
public record Forest(String reference, double margin, List<Row> rows) {

    /**
     * One comparison: A over B (and its operations), the ratio and interval; {@code claimLow}/{@code claimHigh} the
     * study's factor (equal for one figure), or null.
     */
    public record Row(String label, double ratio, double lower, double upper, boolean decided, Double claimLow,
                      Double claimHigh) {}

    public static Forest of(Reading reading, List<Verdict> verdicts) {
        RunResult result = reading.result();
        Analysis analysis = reading.analysis();
        Map<Question, Verdict.Claimed> claims = new HashMap<>();
        for (Verdict v : verdicts) {
            if (v.claimed() != null) {
                claims.put(v.claimed().question(), v.claimed());
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Question q : analysis.family()) {
            Verdict.Claimed claim = claims.get(q);
            Verdict.Claimed reversed = claims.get(q.reversed());
            if (q.measure() != Measure.TIME && claim == null && reversed == null) {
                continue;
            }
            PairedRatio r = analysis.answer(q);
            if (r == null) {
                continue; // too few rounds in common: no point to draw
            }
            Double low = null;
            Double high = null;
            if (claim != null) {
                low = claim.low();
                high = claim.high();
            } else if (reversed != null) {
                low = reversed.high() > 0 ? 1 / reversed.high() : null;
                high = reversed.low() > 0 ? 1 / reversed.low() : null;
            }
            rows.add(new Row(label(q) + (analysis.isPrimary(q) ? "" : " · descriptive"), r.ratio(), r.lower(),
                    r.upper(), r.decided(analysis.margin()), low, high));
        }
        return new Forest(result.settings().referenceVariant(), analysis.margin(), rows);
    }

    /** "spring-data over driver4 · fields3-n500", or with both operations when they differ. */
    static String label(Question q) {
        String ops = q.sameOperations() ? " · " + String.join("+", q.a().operations()) : "";
        String measure = q.measure() == Measure.TIME ? "" : " (" + q.measure().word + ")";
        return q.nameA() + " over " + q.nameB() + ops + measure;
    }
}
