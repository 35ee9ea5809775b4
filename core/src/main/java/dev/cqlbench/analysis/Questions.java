package dev.cqlbench.analysis;

import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The questions library comparisons ask, built from a run's settings. */
public final class Questions {

    private Questions() {}

    /** Every variant against the run's reference, in each operation, on each measure. */
    public static List<Question> againstReference(RunSettings settings, List<String> operations,
                                                  List<Measure> measures) {
        String reference = settings.referenceVariant();
        List<Question> out = new ArrayList<>();
        for (Measure measure : measures) {
            for (String operation : operations) {
                for (Variant v : settings.variants()) {
                    if (!v.name().equals(reference)) {
                        out.add(Question.of(v.name(), reference, operation, measure));
                    }
                }
            }
        }
        return out;
    }

    /**
     * What each mapper costs over the driver it is built on, in each operation, on each measure, where that driver
     * runs and is not the reference (against the reference it is asked already).
     */
    public static List<Question> overBaseline(RunSettings settings, List<String> operations, List<Measure> measures) {
        List<String> names = settings.variantNames();
        List<Question> out = new ArrayList<>();
        for (Measure measure : measures) {
            for (Variant v : settings.variants()) {
                String base = v.library().baseline();
                if (base != null && names.contains(base) && !base.equals(settings.referenceVariant())
                        && !base.equals(v.name())) {
                    for (String operation : operations) {
                        out.add(Question.of(v.name(), base, operation, measure));
                    }
                }
            }
        }
        return out;
    }

    /** The questions of several lists once each (a question and its reverse are one), in order. */
    @SafeVarargs
    public static List<Question> distinct(List<Question>... lists) {
        Set<Question> out = new LinkedHashSet<>();
        for (List<Question> list : lists) {
            for (Question q : list) {
                if (!out.contains(q.reversed())) {
                    out.add(q);
                }
            }
        }
        return new ArrayList<>(out);
    }
}
