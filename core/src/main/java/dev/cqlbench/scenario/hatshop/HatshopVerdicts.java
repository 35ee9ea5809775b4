package dev.cqlbench.scenario.hatshop;

import static dev.cqlbench.report.Format.find;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.report.BlockFigures;
import dev.cqlbench.report.BlockFigures.Measure;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 03's claims against a hatshop run, each a paired per-replay ratio of one event type's typical (median)
 * response time, or of a whole replay's wall time: reads faster on MariaDB, updates faster on Cassandra, creates and
 * deletes about equal, Cassandra's replay about 4.8 times MariaDB's, and the by-order data model faster for most
 * event types. Cassandra is its by-order model (the study's final one) when that ran, else its first.
 */
final class HatshopVerdicts {

    private static final String STUDY = "03";
    private static final String MARIADB = "mariadb";
    private static final String FIRST = "cassandra-" + OrderStore.Spec.LINE_ITEMS;
    private static final String BY_ORDER = "cassandra-" + OrderStore.Spec.LINE_ITEMS_BY_ORDER;
    /** The study's overall times for 200,000 events: Cassandra 4 min 30 s, MariaDB just under 55.7 s. */
    private static final double REPLAY_FACTOR = 270 / 55.7;
    /** "About equal", "slightly": read as within 10 % either way. */
    private static final double ABOUT = 0.10;
    private static final List<HatEvent.Type> UPDATES = List.of(HatEvent.Type.UPDATE_STATUS,
            HatEvent.Type.UPDATE_ATTRIBUTES, HatEvent.Type.UPDATE_COLUMN);

    private HatshopVerdicts() {}

    static List<Verdict> of(List<VariantResult> variants, HatshopPlan plan, double level) {
        int step = plan.longestStep();
        Optional<VariantResult> mariadb = Verdicts.variant(variants, MARIADB);
        Optional<VariantResult> cassandra = Verdicts.variant(variants, BY_ORDER)
                .or(() -> Verdicts.variant(variants, FIRST));
        List<Verdict> out = new ArrayList<>();
        out.add(between(mariadb, cassandra, List.of(HatEvent.Type.READ), plan, step, level,
                "reads are faster on MariaDB than on Cassandra", 0, 1));
        out.add(between(cassandra, mariadb, UPDATES, plan, step, level,
                "updates are faster on Cassandra than on MariaDB", 0, 1));
        out.add(between(cassandra, mariadb, List.of(HatEvent.Type.CREATE, HatEvent.Type.DELETE), plan, step, level,
                "creates and deletes take about the same time on both (within 10 %)", 1 - ABOUT, 1 + ABOUT));
        out.add(replay(cassandra, mariadb, plan, step, level));
        out.add(byOrder(variants, plan, step, level));
        return out;
    }

    /** A's typical time over these event types against B's, claimed within {@code [low, high]}. */
    private static Verdict between(Optional<VariantResult> a, Optional<VariantResult> b, List<HatEvent.Type> types,
                                   HatshopPlan plan, int step, double level, String claim, double low, double high) {
        if (a.isEmpty() || b.isEmpty()) {
            return new Verdict(STUDY, claim, "Cassandra and MariaDB not both run", Status.NOT_MEASURED);
        }
        List<String> labels = types.stream().map(t -> HatshopPlan.label(t.name(), step, plan.steps()))
                .filter(label -> find(a.get(), label).isPresent() && find(b.get(), label).isPresent()).toList();
        if (labels.isEmpty()) {
            return new Verdict(STUDY, claim, "no such events in this stream", Status.NOT_MEASURED);
        }
        PairedRatio r = Verdicts.combinedRatio(a.get(), b.get(), labels, Measure.TIME, level);
        String measure = labels.size() == 1 ? "median response time" : "median response time over "
                + String.join(", ", labels);
        return new Verdict(STUDY, claim, Verdict.answer(r, measure), Verdict.ofRatio(r, low, high));
    }

    private static Verdict replay(Optional<VariantResult> cassandra, Optional<VariantResult> mariadb,
                                  HatshopPlan plan, int step, double level) {
        String claim = String.format(Locale.ROOT, "a replay takes Cassandra %.1f times MariaDB's time (4 min 30 s "
                + "against 55.7 s)", REPLAY_FACTOR);
        if (cassandra.isEmpty() || mariadb.isEmpty()) {
            return new Verdict(STUDY, claim, "Cassandra and MariaDB not both run", Status.NOT_MEASURED);
        }
        PairedRatio r = BlockFigures.compare(cassandra.get(), mariadb.get(),
                HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()), Measure.TIME, level);
        return new Verdict(STUDY, claim, Verdict.answer(r, "replay time"),
                Verdict.ofRatio(r, REPLAY_FACTOR, REPLAY_FACTOR));
    }

    /**
     * Line items partitioned by order against keyed by line item, per event type: confirmed when more than half the
     * types are faster by order, contradicted when so many are shown slower or no different (within 5 %) that
     * half can no longer be.
     */
    private static Verdict byOrder(List<VariantResult> variants, HatshopPlan plan, int step, double level) {
        String claim = "partitioning line items by order makes most event types faster";
        Optional<VariantResult> byOrder = Verdicts.variant(variants, BY_ORDER);
        Optional<VariantResult> first = Verdicts.variant(variants, FIRST);
        if (byOrder.isEmpty() || first.isEmpty()) {
            return new Verdict(STUDY, claim, "both Cassandra data models not run", Status.NOT_MEASURED);
        }
        List<String> faster = new ArrayList<>();
        List<String> notFaster = new ArrayList<>();
        int types = 0;
        for (HatEvent.Type type : HatEvent.Type.values()) {
            String label = HatshopPlan.label(type.name(), step, plan.steps());
            if (find(byOrder.get(), label).isEmpty() || find(first.get(), label).isEmpty()) {
                continue;
            }
            types++;
            PairedRatio r = BlockFigures.compare(byOrder.get(), first.get(), label, Measure.TIME, level);
            if (r == null) {
                continue;
            }
            if (r.significant() && r.ratio() < 1) {
                faster.add(type.name() + " " + r.effect());
            } else if (r.significant() || Verdict.ofRatio(r, 0.95, 1.05) == Status.CONFIRMED) {
                notFaster.add(type.name() + " " + r.effect());
            }
        }
        if (types == 0) {
            return new Verdict(STUDY, claim, "no event type run on both", Status.NOT_MEASURED);
        }
        Status status = 2 * faster.size() > types ? Status.CONFIRMED
                : 2 * (types - notFaster.size()) <= types ? Status.CONTRADICTED : Status.WITHIN_PRECISION;
        String answer = String.format(Locale.ROOT, "faster by order in %d of %d types%s%s", faster.size(), types,
                faster.isEmpty() ? "" : " (" + String.join(", ", faster) + ")",
                notFaster.isEmpty() ? "" : "; not faster: " + String.join(", ", notFaster));
        return new Verdict(STUDY, claim, answer, status);
    }
}
