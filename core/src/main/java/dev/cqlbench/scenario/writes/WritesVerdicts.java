package dev.cqlbench.scenario.writes;

import static dev.cqlbench.report.Format.find;

import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.BlockFigures.Measure;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 04's claims against a writes run, each a paired per-round ratio of wall time per write (the inverse of
 * writes/s): async inserts beat plain batches at no locality, token-aware batches beat plain ones, token-aware
 * batches overtake async ones as locality rises, async is flat in locality. The study's factors are its own table's
 * writes/s ratios ({@link WritesReport#STUDY}); its plain batches are taken as {@code unlogged-batch}.
 */
final class WritesVerdicts {

    private static final String STUDY = "04";
    private static final String ASYNC = "async";
    private static final String BATCH = "unlogged-batch";
    private static final String TOKEN_AWARE = "token-aware-batch";
    /** "Flat": the study's async figures lie within 4 % of their mean; read as within 10 % either way. */
    private static final double FLAT = 0.10;

    private WritesVerdicts() {}

    static List<Verdict> of(List<VariantResult> variants, List<Integer> localities, double level) {
        List<Integer> measured = localities.stream()
                .filter(p -> variants.stream().anyMatch(v -> find(v, WritesPlan.label(p)).isPresent())).toList();
        List<Verdict> out = new ArrayList<>();
        boolean noLocality = measured.contains(0);
        out.add(factor(variants, BATCH, ASYNC, 0, noLocality, level,
                "at 0 %% locality async inserts write %s faster than plain batches"));
        out.add(factor(variants, BATCH, TOKEN_AWARE, 0, noLocality, level,
                "at 0 %% locality token-aware batches write %s faster than plain batches"));
        int highest = measured.isEmpty() ? -1 : measured.get(measured.size() - 1);
        out.add(factor(variants, ASYNC, TOKEN_AWARE, highest, highest >= 60 && studyIndex(highest) >= 0, level,
                "token-aware batches overtake async inserts as locality rises: %s faster at " + highest + " %%"));
        out.add(flat(variants, measured, level));
        return out;
    }

    /**
     * The study's claim that {@code fast} writes its factor faster than {@code slow} at {@code locality}: the time
     * per write of slow over fast, against the study's writes/s of fast over slow.
     */
    private static Verdict factor(List<VariantResult> variants, String slow, String fast, int locality,
                                  boolean measured, double level, String claimFormat) {
        int at = studyIndex(locality);
        double factor = at < 0 ? Double.NaN
                : (double) WritesReport.STUDY.get(fast)[at] / WritesReport.STUDY.get(slow)[at];
        String claim = String.format(Locale.ROOT, claimFormat, at < 0 ? "(no study figure)"
                : Verdict.percent(factor).substring(1));
        Optional<VariantResult> a = Verdicts.variant(variants, slow);
        Optional<VariantResult> b = Verdicts.variant(variants, fast);
        if (!measured || a.isEmpty() || b.isEmpty()) {
            return new Verdict(STUDY, claim, slow + " and " + fast + " not both run at " + (locality < 0 ? "a study "
                    + "locality" : locality + " %") + " locality", Status.NOT_MEASURED);
        }
        PairedRatio r = BlockFigures.compare(a.get(), b.get(), WritesPlan.label(locality), Measure.TIME, level);
        return new Verdict(STUDY, claim, Verdict.answer(r, "time per write"), Verdict.ofRatio(r, factor, factor));
    }

    /** Async's time per write at the highest locality against 0 %, same worker, same rounds. */
    private static Verdict flat(List<VariantResult> variants, List<Integer> measured, double level) {
        String claim = "async inserts are flat in locality (within 10 %)";
        Optional<VariantResult> async = Verdicts.variant(variants, ASYNC);
        if (async.isEmpty() || !measured.contains(0) || measured.size() < 2) {
            return new Verdict(STUDY, claim, "async not run at 0 % and a higher locality", Status.NOT_MEASURED);
        }
        int highest = measured.get(measured.size() - 1);
        Optional<OperationResult> high = find(async.get(), WritesPlan.label(highest));
        Optional<OperationResult> none = find(async.get(), WritesPlan.label(0));
        if (high.isEmpty() || none.isEmpty()) {
            return new Verdict(STUDY, claim, "async not run at 0 % and " + highest + " %", Status.NOT_MEASURED);
        }
        PairedRatio r = PairedRatio.of(highest + " %", OperationResult.byRound(high.get(), Measure.TIME.perBlock),
                "0 %", OperationResult.byRound(none.get(), Measure.TIME.perBlock), level);
        return new Verdict(STUDY, claim, "async: " + Verdict.answer(r, "time per write"),
                Verdict.ofRatio(r, 1 - FLAT, 1 + FLAT));
    }

    private static int studyIndex(int locality) {
        return WritesReport.STUDY_LOCALITIES.indexOf(locality);
    }
}
