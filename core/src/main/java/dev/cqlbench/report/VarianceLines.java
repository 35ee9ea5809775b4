package dev.cqlbench.report;

import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a report says of the variance a run took from outside itself ({@link VarianceModel}): where it came from,
 * what whole runs move its ratios by, and which ratios it states at the calibration's host speed.
 */
final class VarianceLines {

    private VarianceLines() {}

    /**
     * Where the run's variance components came from ({@link VarianceModel}), in a line: the calibration, what it
     * assumes, each variant's between-JVM sd in the measure and what whole runs move a ratio by.
     */
    static String source(Analysis analysis, Measure measure) {
        VarianceModel model = analysis.variance();
        VarianceModel.Components c = model.of(measure);
        if (c == null) {
            return Format.wrap("  from outside the run: " + model.source() + (model.assumed() == null ? ""
                    : " (" + model.assumed() + ")"), "    ") + "\n";
        }
        List<String> jvms = new ArrayList<>();
        c.jvm().forEach((variant, component) -> jvms.add((VarianceModel.EVERY_VARIANT.equals(variant) ? "every variant" : variant) + " "
                + component));
        String runs = !c.run().known() && !c.runSame().known()
                ? "in none of these intervals (`cqlbench calibrate` measures it)"
                : "a ratio of two libraries " + c.run() + ", of one library's variants " + c.runSame()
                        + (c.runOverall().equals(c.run()) && c.runSameOverall().equals(c.runSame()) ? ""
                        : " (over all operations together: " + c.runOverall() + " and " + c.runSameOverall() + ")");
        return Format.wrap(String.format(Locale.ROOT, "  from outside the run (%s%s): between JVMs %s; between whole "
                + "runs %s", model.source(), model.assumed() == null ? "" : "; assumed: " + model.assumed(),
                String.join(", ", jvms), runs), "    ") + "\n";
    }

    /**
     * What whole runs move the shown ratios by on this host, where it is what keeps one run's intervals wide: the
     * least half-width one run can reach however long, and what pooling runs does to it. Empty where nothing was
     * measured of it or it is small beside the rounds' noise.
     */
    static String runs(Analysis analysis, List<Question> shown) {
        if (!analysis.parts().isEmpty()) {
            return String.format(Locale.ROOT, "%d whole runs pooled: what moves whole runs apart is divided by %d",
                    analysis.parts().size(), analysis.parts().size());
        }
        double most = 0;
        dev.cqlbench.stats.Component widest = null;
        for (Question q : shown) {
            dev.cqlbench.stats.Component c = analysis.variance().run(q);
            PairedRatio r = analysis.answer(q);
            if (c.known() && r != null && c.variance() > most && c.variance() > 0.25 * r.logSe() * r.logSe()) {
                most = c.variance();
                widest = c;
            }
        }
        if (widest == null) {
            return "";
        }
        double z = new org.apache.commons.math3.distribution.NormalDistribution()
                .inverseCumulativeProbability(1 - analysis.familyAlpha() / 2);
        return String.format(Locale.ROOT, "whole runs on this host move a ratio by %s (sd; %s): one run's interval "
                + "holds that however long it runs, ±%.1f %% at least; --runs R pools R runs and divides it by √R",
                widest, widest.from(), Math.expm1(z * Math.sqrt(most)) * 100);
    }

    /**
     * The comparisons stated at the calibration's host speed ({@code HostSpeed}): the speed index here and there, and
     * what it moved each ratio by; empty where none was.
     */
    static String speed(Analysis analysis, List<Question> shown) {
        List<String> moved = new ArrayList<>();
        String index = null;
        for (Question q : shown) {
            VarianceModel.Speed s = analysis.variance().speed(q.measure(), q.a().variant(), q.b().variant())
                    .orElse(null);
            double[] x = s == null ? null : analysis.speedIndex(s.index());
            if (x == null) {
                continue;
            }
            index = String.format(Locale.ROOT, "%s's client CPU %.1f µs an operation here, %.1f µs in the calibration",
                    s.index(), Math.exp(x[0]) / 1e3, Math.exp(s.reference()) / 1e3);
            moved.add(String.format(Locale.ROOT, "%s over %s %s %+.1f %%", q.nameA(), q.nameB(),
                    String.join("+", q.a().operations()), (analysis.speedShift(q) - 1) * 100));
        }
        if (moved.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "stated at this host's calibrated speed (a ratio of these libraries moves "
                + "with it; %s): %s", index, String.join(", ", moved));
    }
}
