package dev.cqlbench.scenario.decode;

import static dev.cqlbench.report.Format.find;

import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.BlockFigures.Measure;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Study 02's claims against a decode run: Spring Data 21–27 % slower than the driver it is built on; 12 fields
 * instead of 3 costing Spring Data 10.9 % more time and the driver 6 %; and its question, what object mapping costs,
 * answered per row in the worker's CPU, apart from the round trip both share.
 */
final class DecodeVerdicts {

    private static final String STUDY = "02";
    private static final String MAPPER = "spring-data";
    private static final String DRIVER = "driver4";

    private DecodeVerdicts() {}

    static List<Verdict> of(RunResult result, DecodePlan plan) {
        double level = result.confidenceLevel();
        Optional<VariantResult> mapper = Verdicts.variant(result.variants(), MAPPER);
        Optional<VariantResult> driver = Verdicts.variant(result.variants(), DRIVER);
        List<Verdict> out = new ArrayList<>();
        int n = plan.rows().get(0);
        for (int fields : DecodePlan.WIDTHS) {
            String operation = DecodePlan.label(fields, n);
            String claim = "reading " + fields + " fields, Spring Data takes 21–27 % more time than the driver";
            if (mapper.isEmpty() || driver.isEmpty()) {
                out.add(new Verdict(STUDY, claim, MAPPER + " and " + DRIVER + " not both run", Status.NOT_MEASURED));
                continue;
            }
            PairedRatio r = BlockFigures.compare(mapper.get(), driver.get(), operation, Measure.TIME, level);
            out.add(new Verdict(STUDY, claim, Verdict.answer(r, "time"), Verdict.ofRatio(r, 1.21, 1.27)));
        }
        out.add(widthCost(mapper, n, 1.1088, "Spring Data", level));
        out.add(widthCost(driver, n, 1.06, "the driver", level));
        out.add(mappingCost(mapper, driver, n, level));
        return out;
    }

    /** 12 fields against 3, in the same worker and round. */
    private static Verdict widthCost(Optional<VariantResult> variant, int n, double factor, String who, double level) {
        String claim = "12 fields instead of 3 cost " + who + " " + Verdict.percent(factor).substring(1) + " more time";
        if (variant.isEmpty()) {
            return new Verdict(STUDY, claim, "not run", Status.NOT_MEASURED);
        }
        Optional<OperationResult> wide = find(variant.get(), DecodePlan.label(12, n));
        Optional<OperationResult> narrow = find(variant.get(), DecodePlan.label(3, n));
        if (wide.isEmpty() || narrow.isEmpty()) {
            return new Verdict(STUDY, claim, "not both widths run", Status.NOT_MEASURED);
        }
        PairedRatio r = PairedRatio.of("12 fields", OperationResult.byRound(wide.get(), Measure.TIME.perBlock),
                "3 fields", OperationResult.byRound(narrow.get(), Measure.TIME.perBlock), level);
        return new Verdict(STUDY, claim, variant.get().variant() + ": " + Verdict.answer(r, "time"),
                Verdict.ofRatio(r, factor, factor));
    }

    /**
     * The study's question: what mapping costs per row. The worker's CPU per read, Spring Data less the driver, round
     * by round: the round trip and the server are the same for both and cancel.
     */
    private static Verdict mappingCost(Optional<VariantResult> mapper, Optional<VariantResult> driver, int n,
                                       double level) {
        String claim = "object mapping costs about 25 % (expected 5–10 %)";
        if (mapper.isEmpty() || driver.isEmpty()) {
            return new Verdict(STUDY, claim, MAPPER + " and " + DRIVER + " not both run", Status.NOT_MEASURED);
        }
        List<String> answers = new ArrayList<>();
        List<Status> statuses = new ArrayList<>();
        for (int fields : DecodePlan.WIDTHS) {
            String operation = DecodePlan.label(fields, n);
            PairedRatio time = BlockFigures.compare(mapper.get(), driver.get(), operation, Measure.TIME, level);
            ConfidenceInterval perRow = cpuDifference(mapper.get(), driver.get(), operation, level);
            if (time == null || perRow == null) {
                continue;
            }
            answers.add(String.format(Locale.ROOT, "%d fields: %s µs of client CPU per row (%s to %s) over the "
                    + "driver's, %s in time", fields, fmt(perRow.mean()), fmt(perRow.lower()), fmt(perRow.upper()),
                    time.effect()));
            statuses.add(Verdict.ofRatio(time, 1.20, 1.30)); // "about 25 %": 20 to 30
        }
        Status status = Verdict.overall(statuses);
        return new Verdict(STUDY, claim, answers.isEmpty() ? "too few rounds in common" : String.join("; ", answers),
                status);
    }

    /** A's client CPU per operation less B's, µs, paired by round, with its interval. */
    static ConfidenceInterval cpuDifference(VariantResult a, VariantResult b, String operation, double level) {
        Optional<OperationResult> x = find(a, operation);
        Optional<OperationResult> y = find(b, operation);
        if (x.isEmpty() || y.isEmpty()) {
            return null;
        }
        Map<Long, Double> cpuA = OperationResult.byRound(x.get(), Measure.CLIENT_CPU.perBlock);
        Map<Long, Double> cpuB = OperationResult.byRound(y.get(), Measure.CLIENT_CPU.perBlock);
        List<Double> differences = new ArrayList<>();
        cpuA.forEach((round, value) -> {
            Double other = cpuB.get(round);
            if (other != null) {
                differences.add(value - other);
            }
        });
        return ConfidenceInterval.of(differences, level);
    }

    private static String fmt(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }
}
