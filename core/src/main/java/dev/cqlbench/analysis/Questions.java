package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Claim;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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

    /**
     * Libraries compared: every variant against the reference and each mapper over the driver it is built on
     * ({@link #againstReference}, {@link #overBaseline}), each question once.
     */
    public static List<Question> ofLibraries(RunSettings settings, List<String> operations, List<Measure> measures) {
        return distinct(againstReference(settings, operations, measures),
                overBaseline(settings, operations, measures));
    }

    /** What {@code --question} takes. */
    public static final String GRAMMAR = "'A over B [in OPERATION,…] [on time|client-cpu|server-cpu]'";

    /**
     * A user's own question, as typed: {@code "spring-data over driver4"} asks A over B in each of the run's
     * operations on each of its measures; {@code "… in write,read"} only in those operations, {@code "… on time"}
     * only on that measure. Refused (with the words to use) when it names a variant, operation or measure the run
     * does not have.
     */
    public static List<Claim> parse(String text, List<String> variants, List<String> operations,
                                    List<Measure> measures) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "\\s*(\\S+)\\s+over\\s+(\\S+)(?:\\s+in\\s+(\\S+))?(?:\\s+on\\s+(\\S+))?\\s*").matcher(text);
        if (!m.matches()) {
            throw new BadSetting("--question '" + text + "': expected " + GRAMMAR);
        }
        for (int side = 1; side <= 2; side++) {
            if (!variants.contains(m.group(side))) {
                throw new BadSetting("--question '" + text + "': " + m.group(side) + " is not one of this run's "
                        + "variants: " + String.join(", ", variants));
            }
        }
        if (m.group(1).equals(m.group(2))) {
            throw new BadSetting("--question '" + text + "': a variant over itself asks nothing");
        }
        List<String> ops = operations;
        if (m.group(3) != null) {
            ops = List.of(m.group(3).split(","));
            for (String op : ops) {
                if (!operations.contains(op)) {
                    throw new BadSetting("--question '" + text + "': no operation " + op + " in this run: "
                            + String.join(", ", operations));
                }
            }
        }
        List<Measure> on = measures;
        if (m.group(4) != null) {
            Measure chosen = null;
            for (Measure measure : measures) {
                if (measure.word.replace(' ', '-').equalsIgnoreCase(m.group(4))) {
                    chosen = measure;
                }
            }
            if (chosen == null) {
                throw new BadSetting("--question '" + text + "': this run compares "
                        + String.join(", ", measures.stream()
                                .map(x -> x.word.replace(' ', '-').toLowerCase(Locale.ROOT)).toList())
                        + ", not " + m.group(4));
            }
            on = List.of(chosen);
        }
        List<Claim> out = new ArrayList<>();
        for (Measure measure : on) {
            for (String op : ops) {
                out.add(Claim.of(Question.of(m.group(1), m.group(2), op, measure)));
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
