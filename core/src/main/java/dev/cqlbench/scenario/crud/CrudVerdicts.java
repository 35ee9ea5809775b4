package dev.cqlbench.scenario.crud;

import static dev.cqlbench.report.Format.find;

import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.BlockFigures.Measure;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 01's headline claims against a crud run: Kundera fastest in every operation type; its lead over Achilles,
 * the DataStax ORM and native code (28, 19 and 24 %); the ORM about as fast as native code. The study's DataStax
 * libraries are driver 3 and its object mapper (driver3, driver3-mapper here).
 */
final class CrudVerdicts {

    private static final String STUDY = "01";

    private CrudVerdicts() {}

    static List<Verdict> of(RunResult result) {
        List<String> operations = result.plan().operationLabels().stream()
                .filter(op -> result.variants().stream().anyMatch(v -> find(v, op).isPresent())).toList();
        double level = result.confidenceLevel();
        List<VariantResult> variants = result.variants();
        List<Verdict> out = new ArrayList<>();
        out.add(fastest(variants, operations, level));
        Optional<VariantResult> kundera = Verdicts.variant(variants, "kundera");
        out.add(lead(kundera, variants, "achilles", operations, level, 1.28));
        out.add(lead(kundera, variants, "driver3-mapper", operations, level, 1.19));
        out.add(lead(kundera, variants, "driver3", operations, level, 1.24));
        Optional<VariantResult> orm = Verdicts.variant(variants, "driver3-mapper");
        Optional<VariantResult> nativeCode = Verdicts.variant(variants, "driver3");
        String claim = "the DataStax ORM is about as fast as native code, or faster";
        if (orm.isEmpty() || nativeCode.isEmpty()) {
            out.add(new Verdict(STUDY, claim, "driver3 and driver3-mapper not both run", Status.NOT_MEASURED));
        } else {
            PairedRatio r = Verdicts.combinedRatio(orm.get(), nativeCode.get(), operations, Measure.TIME, level);
            // "about as fast" read as within 5 % either way, the project's precision; "or faster" as anything below
            out.add(new Verdict(STUDY, claim, Verdict.answer(r, "time over all operations"),
                    Verdict.ofRatio(r, 0, 1.05)));
        }
        return out;
    }

    /** Kundera fastest in all four operation types: who is fastest in each, and by how much over the next. */
    private static Verdict fastest(List<VariantResult> variants, List<String> operations, double level) {
        String claim = "Kundera is the fastest library in all four operation types";
        if (Verdicts.variant(variants, "kundera").isEmpty() || variants.size() < 2) {
            return new Verdict(STUDY, claim, "kundera and another library not both run", Status.NOT_MEASURED);
        }
        List<String> answers = new ArrayList<>();
        boolean allShown = true;
        boolean beaten = false;
        for (String operation : operations) {
            List<VariantResult> ranked = variants.stream()
                    .filter(v -> find(v, operation).map(op -> op.typicalUs() != null).orElse(false))
                    .sorted(Comparator.comparingDouble(v -> typical(v, operation)))
                    .toList();
            if (ranked.size() < 2) {
                allShown = false;
                continue;
            }
            PairedRatio lead = BlockFigures.compare(ranked.get(1), ranked.get(0), operation, Measure.TIME, level);
            boolean significant = lead != null && lead.significant();
            answers.add(String.format(Locale.ROOT, "%s %s%s", operation, ranked.get(0).variant(),
                    lead == null ? "" : " (" + lead.effect() + " to " + ranked.get(1).variant() + ")"));
            if (ranked.get(0).variant().equals("kundera")) {
                allShown &= significant;
            } else {
                allShown = false;
                PairedRatio versus = BlockFigures.compare(named(variants, "kundera"), ranked.get(0), operation,
                        Measure.TIME, level);
                beaten |= versus != null && versus.significant();
            }
        }
        Status status = allShown ? Status.CONFIRMED : beaten ? Status.CONTRADICTED : Status.WITHIN_PRECISION;
        return new Verdict(STUDY, claim, "fastest: " + String.join("; ", answers), status);
    }

    /** Kundera ahead of {@code other} by the study's factor, over all operations. */
    private static Verdict lead(Optional<VariantResult> kundera, List<VariantResult> variants, String name,
                                List<String> operations, double level, double factor) {
        Optional<VariantResult> other = Verdicts.variant(variants, name);
        String claim = String.format(Locale.ROOT, "%s takes %s more time than Kundera", name,
                Verdict.percent(factor).substring(1));
        if (kundera.isEmpty() || other.isEmpty()) {
            return new Verdict(STUDY, claim, "kundera and " + name + " not both run", Status.NOT_MEASURED);
        }
        PairedRatio r = Verdicts.combinedRatio(other.get(), kundera.get(), operations, Measure.TIME, level);
        return new Verdict(STUDY, claim, Verdict.answer(r, "time over all operations"),
                Verdict.ofRatio(r, factor, factor));
    }

    private static double typical(VariantResult v, String operation) {
        return find(v, operation).map(OperationResult::typicalUs).map(e -> e.value()).orElse(Double.MAX_VALUE);
    }

    private static VariantResult named(List<VariantResult> variants, String name) {
        return Verdicts.variant(variants, name).orElseThrow();
    }
}
