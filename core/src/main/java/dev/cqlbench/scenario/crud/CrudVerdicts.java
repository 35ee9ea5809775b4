package dev.cqlbench.scenario.crud;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Study 01's headline claims against a crud run: Kundera fastest in every operation type; its lead over Achilles,
 * the DataStax ORM and native code (28, 19 and 24 %); the ORM about as fast as native code. The study's DataStax
 * libraries are driver 3 and its object mapper (driver3, driver3-mapper here). Every claim is a comparison fixed
 * before the data ({@link #questions}): "fastest" is Kundera against each other library, never against the one that
 * happened to look fastest.
 */
final class CrudVerdicts {

    private static final String STUDY = "01";
    private static final String KUNDERA = "kundera";
    private static final String ORM = "driver3-mapper";
    private static final String NATIVE = "driver3";
    /** The study's leads: Kundera against each, in time over all operations. */
    private static final List<String> LED = List.of("achilles", ORM, NATIVE);
    private static final double[] LEAD = {1.28, 1.19, 1.24};
    /** The claim "Kundera is the fastest in every operation type": one part per operation and other library. */
    private static final String FASTEST = "kundera-fastest";

    private CrudVerdicts() {}

    /**
     * What the claims ask of a run with these settings, only between variants it runs, each with the range the
     * study claims: Kundera faster than each other library in each operation, each lead's factor over all
     * operations, the ORM not slower than native code by more than the precision.
     */
    static List<Claim> claims(RunSettings settings, List<String> operations) {
        List<String> names = settings.variantNames();
        List<Claim> out = new ArrayList<>();
        if (names.contains(KUNDERA)) {
            int parts = operations.size() * (names.size() - 1);
            for (String operation : operations) {
                for (String other : names) {
                    if (!other.equals(KUNDERA)) {
                        out.add(Claim.of(Question.of(KUNDERA, other, operation, Measure.TIME), 0, 1).in(FASTEST,
                                parts));
                    }
                }
            }
            for (int i = 0; i < LED.size(); i++) {
                if (names.contains(LED.get(i))) {
                    out.add(Claim.of(Question.combined(LED.get(i), KUNDERA, operations, Measure.TIME), LEAD[i],
                            LEAD[i]));
                }
            }
        }
        if (names.contains(ORM) && names.contains(NATIVE)) {
            out.add(Claim.of(Question.combined(ORM, NATIVE, operations, Measure.TIME), 0,
                    1 + settings.asked().stopping().precision()));
        }
        return out;
    }

    static List<Verdict> of(Reading reading, List<String> operations) {
        RunResult result = reading.result();
        Analysis analysis = reading.analysis();
        List<String> names = result.settings().variantNames();
        List<Verdict> out = new ArrayList<>();
        out.add(fastest(analysis, names, operations));
        for (int i = 0; i < LED.size(); i++) {
            out.add(lead(analysis, names, LED.get(i), operations, LEAD[i]));
        }
        String claim = String.format(Locale.ROOT, "the DataStax ORM is about as fast as native code, or faster (not "
                + "slower by more than the precision, ±%s %%)", dev.cqlbench.report.Format.trim(analysis.margin() * 100));
        if (!names.contains(ORM) || !names.contains(NATIVE)) {
            out.add(new Verdict(STUDY, claim, NATIVE + " and " + ORM + " not both run", Status.NOT_ASKED));
        } else {
            Question q = Question.combined(ORM, NATIVE, operations, Measure.TIME);
            PairedRatio r = analysis.answer(q);
            // "about as fast, or faster": not slower by more than the margin, a one-sided equivalence test
            out.add(new Verdict(STUDY, claim, Verdict.answer(r, "time over all operations", analysis.margin()),
                    Verdict.ofRatio(r, 0, 1 + analysis.margin())).claiming(q, 0, 1 + analysis.margin()));
        }
        return out;
    }

    /**
     * Kundera fastest in all four operation types: Kundera against every other library in each. Confirmed when it
     * is faster than each in each; contradicted when another is faster than Kundera in any, or the same within the
     * precision ({@link dev.cqlbench.analysis.Standing#group}).
     */
    private static Verdict fastest(Analysis analysis, List<String> names, List<String> operations) {
        String claim = "Kundera is the fastest library in all four operation types";
        if (!names.contains(KUNDERA) || names.size() < 2) {
            return new Verdict(STUDY, claim, "kundera and another library not both run", Status.NOT_ASKED);
        }
        List<String> answers = new ArrayList<>();
        for (String operation : operations) {
            int faster = 0;
            int others = 0;
            PairedRatio worst = null;
            for (String other : names) {
                if (other.equals(KUNDERA)) {
                    continue;
                }
                others++;
                PairedRatio r = analysis.compare(KUNDERA, other, operation, Measure.TIME);
                if (r == null) {
                    continue;
                }
                faster += r.upper() < 1 ? 1 : 0;
                if (worst == null || r.ratio() > worst.ratio()) {
                    worst = r;
                }
            }
            answers.add(String.format(Locale.ROOT, "%s: faster than %d of %d%s", operation, faster, others,
                    worst == null ? "" : ", against " + worst.b() + " " + worst.effect()));
        }
        Status status = switch (analysis.standing().group(FASTEST)) {
            case CONFIRMED -> Status.CONFIRMED;
            case CONTRADICTED -> Status.CONTRADICTED;
            default -> Status.WITHIN_PRECISION;
        };
        return new Verdict(STUDY, claim, "kundera " + String.join("; ", answers), status);
    }

    /** Kundera ahead of {@code other} by the study's factor, over all operations. */
    private static Verdict lead(Analysis analysis, List<String> names, String other, List<String> operations,
                                double factor) {
        String claim = String.format(Locale.ROOT, "%s takes %s more time than Kundera", other,
                Verdict.percent(factor).substring(1));
        if (!names.contains(KUNDERA) || !names.contains(other)) {
            return new Verdict(STUDY, claim, "kundera and " + other + " not both run", Status.NOT_ASKED);
        }
        Question q = Question.combined(other, KUNDERA, operations, Measure.TIME);
        PairedRatio r = analysis.answer(q);
        return new Verdict(STUDY, claim, Verdict.answer(r, "time over all operations", analysis.margin()),
                Verdict.ofRatio(r, factor, factor)).claiming(q, factor, factor);
    }
}
