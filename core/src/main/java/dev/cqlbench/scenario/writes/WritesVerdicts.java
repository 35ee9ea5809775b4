package dev.cqlbench.scenario.writes;

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
 * Study 04's claims against a writes run, each a paired per-round ratio of wall time per write (the inverse of
 * writes/s): async inserts beat plain batches at no locality, token-aware batches beat plain ones, token-aware
 * batches overtake async ones as locality rises, async is flat in locality. The study's factors are its own table's
 * writes/s ratios ({@link WritesReport#STUDY}); its plain batches are taken as {@code unlogged-batch}.
 */
final class WritesVerdicts {

    private static final String STUDY = "04";
    private static final String ASYNC = "async";
    static final String BATCH = "unlogged-batch";
    private static final String TOKEN_AWARE = "token-aware-batch";
    /** "Flat": the study's async figures lie within 4 % of their mean; read as within 10 % either way. */
    private static final double FLAT = 0.10;

    private WritesVerdicts() {}

    /** What the claims ask of a run with these settings, with the study's factors. */
    static List<Claim> claims(RunSettings settings, List<Integer> localities) {
        List<String> names = settings.variantNames();
        List<Claim> out = new ArrayList<>();
        if (localities.contains(0)) {
            for (String fast : List.of(ASYNC, TOKEN_AWARE)) {
                if (names.contains(BATCH) && names.contains(fast)) {
                    double factor = factor(BATCH, fast, 0);
                    out.add(Claim.of(Question.of(BATCH, fast, WritesPlan.label(0), Measure.TIME), factor, factor));
                }
            }
        }
        int highest = highest(localities);
        if (highest >= 0 && studyIndex(highest) >= 0 && names.contains(ASYNC) && names.contains(TOKEN_AWARE)) {
            double factor = factor(ASYNC, TOKEN_AWARE, highest);
            out.add(Claim.of(Question.of(ASYNC, TOKEN_AWARE, WritesPlan.label(highest), Measure.TIME), factor,
                    factor));
        }
        if (localities.contains(0) && highest > 0 && names.contains(ASYNC)) {
            out.add(Claim.of(Question.within(ASYNC, WritesPlan.label(highest), WritesPlan.label(0), Measure.TIME),
                    1 - FLAT, 1 + FLAT));
        }
        return out;
    }

    /** The study's factor of {@code slow}'s time per write over {@code fast}'s at {@code locality}; NaN without one. */
    private static double factor(String slow, String fast, int locality) {
        int at = studyIndex(locality);
        return at < 0 ? Double.NaN : (double) WritesReport.STUDY.get(fast)[at] / WritesReport.STUDY.get(slow)[at];
    }

    static List<Verdict> of(Reading reading, List<Integer> localities) {
        RunResult result = reading.result();
        Analysis analysis = reading.analysis();
        List<String> names = result.settings().variantNames();
        List<Verdict> out = new ArrayList<>();
        boolean noLocality = localities.contains(0);
        out.add(factor(analysis, names, BATCH, ASYNC, 0, noLocality,
                "at 0 %% locality async inserts write %s faster than plain batches"));
        out.add(factor(analysis, names, BATCH, TOKEN_AWARE, 0, noLocality,
                "at 0 %% locality token-aware batches write %s faster than plain batches"));
        int highest = highest(localities);
        out.add(factor(analysis, names, ASYNC, TOKEN_AWARE, highest, highest >= 60 && studyIndex(highest) >= 0,
                "token-aware batches overtake async inserts as locality rises: %s faster at " + highest + " %%"));
        out.add(flat(analysis, names, localities));
        return out;
    }

    /**
     * The study's claim that {@code fast} writes its factor faster than {@code slow} at {@code locality}: the time
     * per write of slow over fast, against the study's writes/s of fast over slow.
     */
    private static Verdict factor(Analysis analysis, List<String> names, String slow, String fast, int locality,
                                  boolean measured, String claimFormat) {
        int at = studyIndex(locality);
        double factor = factor(slow, fast, locality);
        String claim = String.format(Locale.ROOT, claimFormat, at < 0 ? "(no study figure)"
                : Verdict.percent(factor).substring(1));
        if (!measured || !names.contains(slow) || !names.contains(fast)) {
            return new Verdict(STUDY, claim, slow + " and " + fast + " not both run at " + (locality < 0 ? "a study "
                    + "locality" : locality + " %") + " locality", Status.NOT_ASKED);
        }
        Question q = Question.of(slow, fast, WritesPlan.label(locality), Measure.TIME);
        PairedRatio r = analysis.answer(q);
        return new Verdict(STUDY, claim, Verdict.answer(r, "time per write", analysis.margin()),
                Verdict.ofRatio(r, factor, factor)).claiming(q, factor, factor);
    }

    /** Async's time per write at the highest locality against 0 %, same JVMs, same rounds. */
    private static Verdict flat(Analysis analysis, List<String> names, List<Integer> measured) {
        String claim = "async inserts are flat in locality (within 10 %)";
        if (!names.contains(ASYNC) || !measured.contains(0) || measured.size() < 2) {
            return new Verdict(STUDY, claim, "async not run at 0 % and a higher locality", Status.NOT_ASKED);
        }
        int highest = highest(measured);
        Question q = Question.within(ASYNC, WritesPlan.label(highest), WritesPlan.label(0), Measure.TIME);
        PairedRatio r = analysis.answer(q);
        return new Verdict(STUDY, claim, "async: " + Verdict.answer(r, "time per write", analysis.margin()),
                Verdict.ofRatio(r, 1 - FLAT, 1 + FLAT)).claiming(q, 1 - FLAT, 1 + FLAT);
    }

    /** The highest locality run (they are given in any order), -1 for none. */
    private static int highest(List<Integer> localities) {
        return localities.stream().mapToInt(Integer::intValue).max().orElse(-1);
    }

    private static int studyIndex(int locality) {
        return WritesReport.STUDY_LOCALITIES.indexOf(locality);
    }
}
