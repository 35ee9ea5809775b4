package dev.cqlbench.analysis;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.BetweenJvm;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run's {@link Analysis} derives from its blocks, as data for readers other than cqlbench (result.json's
 * {@code analysis}): cqlbench itself never reads it back, it derives it again.
 *
 * @param level       each figure's own level
 * @param familyLevel the level the primary comparisons hold jointly
 * @param familySize  how many primary comparisons the family holds
 * @param share       the share of the error these intervals spend (the rest went to the run's looks)
 * @param reference   the variant the others are compared with
 * @param betweenJvm  per measure, the pooled between-JVM sd, its interval at {@code level}, and per variant its own
 */
public record Summary(double level, double familyLevel, int familySize, double share, String reference,
                      Map<Measure, Jvm> betweenJvm, List<Estimated> figures, List<Answer> comparisons) {

    /** The between-JVM sd (0.004 = 0.4 %) and its interval; null figures where no forks told it. */
    public record Jvm(Double sd, Double low, Double high, int series, double df, Map<String, Double> byVariant) {}

    /** A variant's operation's figure on one measure, with its interval and what the interval rests on. */
    public record Estimated(String variant, String operation, Measure measure, @JsonUnwrapped Ends ends, int rounds,
                            int forks, double df) {}

    /** A figure and its interval's ends. */
    public record Ends(double value, double lower, double upper) {}

    /** One question's answer: A over B on a measure. */
    public record Answer(String a, String b, List<String> operationsA, List<String> operationsB, Measure measure,
                         @JsonUnwrapped RatioInterval interval, @JsonUnwrapped Decision decision) {}

    /**
     * A ratio and its interval.
     *
     * @param level the level its interval keeps
     */
    public record RatioInterval(double ratio, double lower, double upper, double level) {}

    /**
     * What an answer decided.
     *
     * @param mark       "different", "same" (within the precision) or "not decided"
     * @param detectable the smallest true difference the run finds 80 % of the time (relative)
     * @param primary    whether it is one of the run's primary questions (else descriptive: its mark keeps the
     *                   false-discovery rate)
     */
    public record Decision(String mark, double detectable, boolean primary) {}

    public static Summary of(Reading reading) {
        RunResult result = reading.result();
        Analysis a = reading.analysis();
        Map<Measure, Jvm> jvm = new LinkedHashMap<>();
        List<Estimated> figures = new ArrayList<>();
        for (Measure m : Measure.values()) {
            BetweenJvm pooled = a.betweenJvm(m);
            Map<String, Double> byVariant = new LinkedHashMap<>();
            for (VariantResult v : result.variants()) {
                BetweenJvm own = a.betweenJvm(v.variant(), m);
                if (own.known()) {
                    byVariant.put(v.variant(), own.sd());
                }
            }
            double[] interval = pooled.known() ? pooled.sdInterval(a.level()) : null;
            jvm.put(m, new Jvm(pooled.known() ? pooled.sd() : null, interval == null ? null : interval[0],
                    interval == null ? null : interval[1], pooled.series(), pooled.spreadDf(), byVariant));
            for (VariantResult v : result.variants()) {
                for (OperationResult op : v.operations()) {
                    Estimate e = a.figure(v.variant(), op.operation(), m);
                    if (e != null) {
                        figures.add(new Estimated(v.variant(), op.operation(), m,
                                new Ends(e.value(), e.lower(), e.upper()), e.rounds(), e.forks(), e.df()));
                    }
                }
            }
        }
        List<Answer> comparisons = new ArrayList<>();
        for (Question q : a.family()) {
            PairedRatio r = a.answer(q);
            if (r != null) {
                comparisons.add(new Answer(q.a().variant(), q.b().variant(), q.a().operations(),
                        q.b().operations(), q.measure(), new RatioInterval(r.ratio(), r.lower(), r.upper(), r.level()),
                        new Decision(r.different() ? "different" : r.equivalent(a.margin()) ? "same" : "not decided",
                                r.detectable(), a.isPrimary(q))));
            }
        }
        return new Summary(a.level(), a.familyLevel(), a.primary().size(), a.share(),
                result.settings().referenceVariant(), jvm, figures, comparisons);
    }
}
