package dev.cqlbench.scenario.decode;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.stats.ConfidenceInterval;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Study 02's claims against a decode run: Spring Data 21–27 % slower than the driver it is built on; 12 fields
 * instead of 3 costing Spring Data 10.9 % more time and the driver 6 %; and its question, what object mapping costs,
 * answered per row in the worker's CPU, apart from the round trip both share. Every claim is a comparison fixed
 * before the data ({@link #questions}), the driver the reference.
 */
final class DecodeVerdicts {

    private static final String STUDY = "02";
    static final String MAPPER = "spring-data";
    static final String DRIVER = "driver4";

    private DecodeVerdicts() {}

    /** Spring Data's cost over the driver (21–27 %), and 12 fields over 3 for each (10.88 %, 6 %). */
    private static final double[] MAPPING = {1.21, 1.27};
    private static final double WIDTH_MAPPER = 1.1088;
    private static final double WIDTH_DRIVER = 1.06;

    /** What the claims ask of a run with these settings (the rows of its first size), with the study's ranges. */
    static List<Claim> claims(RunSettings settings, DecodePlan plan) {
        List<String> names = settings.variantNames();
        int n = plan.rows().get(0);
        List<Claim> out = new ArrayList<>();
        for (int fields : DecodePlan.WIDTHS) {
            if (names.contains(MAPPER) && names.contains(DRIVER)) {
                out.add(Claim.of(Question.of(MAPPER, DRIVER, DecodePlan.label(fields, n), Measure.TIME), MAPPING[0],
                        MAPPING[1]));
            }
        }
        for (String who : List.of(MAPPER, DRIVER)) {
            if (names.contains(who)) {
                double factor = who.equals(MAPPER) ? WIDTH_MAPPER : WIDTH_DRIVER;
                out.add(Claim.of(Question.within(who, DecodePlan.label(12, n), DecodePlan.label(3, n), Measure.TIME),
                        factor, factor));
            }
        }
        return out;
    }

    static List<Verdict> of(Reading reading, DecodePlan plan) {
        RunResult result = reading.result();
        Analysis analysis = reading.analysis();
        List<String> names = result.settings().variantNames();
        boolean both = names.contains(MAPPER) && names.contains(DRIVER);
        List<Verdict> out = new ArrayList<>();
        int n = plan.rows().get(0);
        for (int fields : DecodePlan.WIDTHS) {
            String claim = "reading " + fields + " fields, Spring Data takes 21–27 % more time than the driver";
            if (!both) {
                out.add(new Verdict(STUDY, claim, MAPPER + " and " + DRIVER + " not both run", Status.NOT_ASKED));
                continue;
            }
            Question q = Question.of(MAPPER, DRIVER, DecodePlan.label(fields, n), Measure.TIME);
            PairedRatio r = analysis.answer(q);
            out.add(new Verdict(STUDY, claim, Verdict.answer(r, "time", analysis.margin()),
                    Verdict.ofRatio(r, MAPPING[0], MAPPING[1])).claiming(q, MAPPING[0],
                    MAPPING[1]));
        }
        out.add(widthCost(analysis, names, MAPPER, n, WIDTH_MAPPER, "Spring Data"));
        out.add(widthCost(analysis, names, DRIVER, n, WIDTH_DRIVER, "the driver"));
        out.add(mappingCost(analysis, result, both, n));
        return out;
    }

    /** 12 fields against 3, in the same JVMs and rounds. */
    private static Verdict widthCost(Analysis analysis, List<String> names, String variant, int n, double factor,
                                     String who) {
        String claim = "12 fields instead of 3 cost " + who + " " + Verdict.percent(factor).substring(1) + " more time";
        if (!names.contains(variant)) {
            return new Verdict(STUDY, claim, "not run", Status.NOT_ASKED);
        }
        Question q = Question.within(variant, DecodePlan.label(12, n), DecodePlan.label(3, n), Measure.TIME);
        PairedRatio r = analysis.answer(q);
        return new Verdict(STUDY, claim, variant + ": " + Verdict.answer(r, "time", analysis.margin()),
                Verdict.ofRatio(r, factor, factor)).claiming(q, factor, factor);
    }

    /**
     * The study's question: what mapping costs per row. The worker's CPU per read, Spring Data less the driver, round
     * by round: the round trip and the server are the same for both and cancel.
     */
    private static Verdict mappingCost(Analysis analysis, RunResult result, boolean both, int n) {
        String claim = "object mapping costs about 25 % (expected 5–10 %)";
        if (!both) {
            return new Verdict(STUDY, claim, MAPPER + " and " + DRIVER + " not both run", Status.NOT_ASKED);
        }
        List<String> answers = new ArrayList<>();
        List<Status> statuses = new ArrayList<>();
        for (int fields : DecodePlan.WIDTHS) {
            String operation = DecodePlan.label(fields, n);
            PairedRatio time = analysis.compare(MAPPER, DRIVER, operation, Measure.TIME);
            ConfidenceInterval perRow = cpuDifference(result, MAPPER, DRIVER, operation, analysis.familyLevel());
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

    /**
     * A's client CPU per operation less B's, µs, paired by round (each round's mean over forks), with its interval;
     * a description beside the verdict's marks, not one of them.
     */
    static ConfidenceInterval cpuDifference(RunResult result, String a, String b, String operation, double level) {
        Map<Long, Double> cpuA = perRound(result.fullBlocks(a, operation));
        Map<Long, Double> cpuB = perRound(result.fullBlocks(b, operation));
        List<Double> differences = new ArrayList<>();
        cpuA.forEach((round, value) -> {
            Double other = cpuB.get(round);
            if (other != null) {
                differences.add(value - other);
            }
        });
        return ConfidenceInterval.ofDifferences(differences, level);
    }

    private static Map<Long, Double> perRound(List<Block> blocks) {
        Map<Long, double[]> sums = new TreeMap<>();
        for (Block b : blocks) {
            Double v = b.measured().clientCpuUsPerOp();
            if (v != null) {
                double[] s = sums.computeIfAbsent(b.round(), k -> new double[2]);
                s[0] += v;
                s[1]++;
            }
        }
        Map<Long, Double> out = new TreeMap<>();
        sums.forEach((round, s) -> out.put(round, s[0] / s[1]));
        return out;
    }

    private static String fmt(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }
}
