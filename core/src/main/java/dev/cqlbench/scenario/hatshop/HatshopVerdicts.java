package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Analysis;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Study 03's claims against a hatshop run, each a paired per-replay ratio of one event type's typical (median)
 * response time, or of a whole replay's wall time: reads faster on MariaDB, updates faster on Cassandra, creates and
 * deletes about equal, Cassandra's replay about 4.8 times MariaDB's, and the by-order data model faster for most
 * event types. Cassandra is its by-order model (the study's final one) when that ran, else its first.
 */
final class HatshopVerdicts {

    private static final String STUDY = "03";
    static final String MARIADB = "mariadb";
    private static final String FIRST = "cassandra-" + OrderStore.Spec.LINE_ITEMS;
    private static final String BY_ORDER = "cassandra-" + OrderStore.Spec.LINE_ITEMS_BY_ORDER;
    /** The study's overall times for 200,000 events: Cassandra 4 min 30 s, MariaDB just under 55.7 s. */
    private static final double REPLAY_FACTOR = 270 / 55.7;
    /** "About equal", "slightly": read as within 10 % either way. */
    private static final double ABOUT = 0.10;
    /** The claim "partitioning by order makes most event types faster": one part per event type. */
    private static final String BY_ORDER_FASTER = "by-order-faster";
    private static final List<HatEvent.Type> UPDATES = List.of(HatEvent.Type.UPDATE_STATUS,
            HatEvent.Type.UPDATE_ATTRIBUTES, HatEvent.Type.UPDATE_COLUMN);

    private HatshopVerdicts() {}

    /** The Cassandra model the claims take: by order (the study's final model) when it runs, else the first. */
    private static String cassandra(List<String> names) {
        return names.contains(BY_ORDER) ? BY_ORDER : names.contains(FIRST) ? FIRST : null;
    }

    private static List<String> labels(HatshopPlan plan, List<HatEvent.Type> types, int step) {
        return types.stream().map(t -> HatshopPlan.label(t.name(), step, plan.steps()))
                .filter(plan.operationLabels()::contains).toList();
    }

    /** What the claims ask of a run with these settings, with the study's ranges of Cassandra over MariaDB. */
    static List<Claim> claims(RunSettings settings, HatshopPlan plan) {
        List<String> names = settings.variantNames();
        int step = plan.longestStep();
        String cassandra = cassandra(names);
        List<Claim> out = new ArrayList<>();
        if (cassandra != null && names.contains(MARIADB)) {
            List<List<String>> kinds = List.of(labels(plan, List.of(HatEvent.Type.READ), step),
                    labels(plan, UPDATES, step), labels(plan, List.of(HatEvent.Type.CREATE, HatEvent.Type.DELETE), step));
            double[][] ranges = {{1, Double.MAX_VALUE}, {0, 1}, {1 - ABOUT, 1 + ABOUT}};
            for (int i = 0; i < kinds.size(); i++) {
                if (!kinds.get(i).isEmpty()) {
                    out.add(Claim.of(Question.combined(cassandra, MARIADB, kinds.get(i), Measure.TIME), ranges[i][0],
                            ranges[i][1]));
                }
            }
            out.add(Claim.of(Question.of(cassandra, MARIADB, HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()),
                    Measure.TIME), REPLAY_FACTOR, REPLAY_FACTOR));
        }
        if (names.contains(BY_ORDER) && names.contains(FIRST)) {
            List<String> types = labels(plan, List.of(HatEvent.Type.values()), step);
            for (String label : types) {
                out.add(Claim.of(Question.of(BY_ORDER, FIRST, label, Measure.TIME), 0, 1).in(BY_ORDER_FASTER,
                        types.size() / 2 + 1));
            }
        }
        return out;
    }

    static List<Verdict> of(Reading reading, HatshopPlan plan) {
        RunResult result = reading.result();
        Analysis analysis = reading.analysis();
        List<String> names = result.settings().variantNames();
        int step = plan.longestStep();
        String cassandra = cassandra(names);
        boolean both = cassandra != null && names.contains(MARIADB);
        List<Verdict> out = new ArrayList<>();
        out.add(between(analysis, both, cassandra, MARIADB, labels(plan, List.of(HatEvent.Type.READ), step),
                "reads are faster on MariaDB than on Cassandra", 1, Double.MAX_VALUE));
        out.add(between(analysis, both, cassandra, MARIADB, labels(plan, UPDATES, step),
                "updates are faster on Cassandra than on MariaDB", 0, 1));
        out.add(between(analysis, both, cassandra, MARIADB,
                labels(plan, List.of(HatEvent.Type.CREATE, HatEvent.Type.DELETE), step),
                "creates and deletes take about the same time on both (within 10 %)", 1 - ABOUT, 1 + ABOUT));
        out.add(replay(analysis, both, cassandra, plan, step));
        out.add(byOrder(analysis, names, plan, step));
        return out;
    }

    /** A's typical time over these event types against B's, claimed within {@code [low, high]}. */
    private static Verdict between(Analysis analysis, boolean both, String a, String b, List<String> labels,
                                   String claim, double low, double high) {
        if (!both) {
            return new Verdict(STUDY, claim, "Cassandra and MariaDB not both run", Status.NOT_ASKED);
        }
        if (labels.isEmpty()) {
            return new Verdict(STUDY, claim, "no such events in this stream", Status.NOT_MEASURED);
        }
        Question q = Question.combined(a, b, labels, Measure.TIME);
        PairedRatio r = analysis.answer(q);
        String measure = labels.size() == 1 ? "median response time" : "median response time over "
                + String.join(", ", labels);
        return new Verdict(STUDY, claim, Verdict.answer(r, measure, analysis.margin()), Verdict.ofRatio(r, low, high))
                .claiming(q, low, high);
    }

    private static Verdict replay(Analysis analysis, boolean both, String cassandra, HatshopPlan plan, int step) {
        String claim = String.format(Locale.ROOT, "a replay takes Cassandra %.1f times MariaDB's time (4 min 30 s "
                + "against 55.7 s)", REPLAY_FACTOR);
        if (!both) {
            return new Verdict(STUDY, claim, "Cassandra and MariaDB not both run", Status.NOT_ASKED);
        }
        Question q = Question.of(cassandra, MARIADB, HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()),
                Measure.TIME);
        PairedRatio r = analysis.answer(q);
        return new Verdict(STUDY, claim, Verdict.answer(r, "replay time", analysis.margin()),
                Verdict.ofRatio(r, REPLAY_FACTOR, REPLAY_FACTOR)).claiming(q, REPLAY_FACTOR, REPLAY_FACTOR);
    }

    /**
     * Line items partitioned by order against keyed by line item, per event type: confirmed when more than half the
     * types are faster by order, contradicted when so many are shown slower or the same (within the precision)
     * that half can no longer be.
     */
    private static Verdict byOrder(Analysis analysis, List<String> names, HatshopPlan plan, int step) {
        String claim = "partitioning line items by order makes most event types faster";
        if (!names.contains(BY_ORDER) || !names.contains(FIRST)) {
            return new Verdict(STUDY, claim, "both Cassandra data models not run", Status.NOT_ASKED);
        }
        List<String> faster = new ArrayList<>();
        List<String> notFaster = new ArrayList<>();
        List<String> labels = labels(plan, List.of(HatEvent.Type.values()), step);
        for (String label : labels) {
            PairedRatio r = analysis.compare(BY_ORDER, FIRST, label, Measure.TIME);
            if (r == null) {
                continue;
            }
            if (r.upper() < 1) {
                faster.add(label + " " + r.effect());
            } else if (r.lower() > 1 || r.equivalent(analysis.margin())) {
                notFaster.add(label + " " + r.effect());
            }
        }
        int types = labels.size();
        if (types == 0) {
            return new Verdict(STUDY, claim, "no event type run on both", Status.NOT_MEASURED);
        }
        Status status = switch (analysis.standing().group(BY_ORDER_FASTER)) {
            case CONFIRMED -> Status.CONFIRMED;
            case CONTRADICTED -> Status.CONTRADICTED;
            default -> Status.WITHIN_PRECISION;
        };
        String answer = String.format(Locale.ROOT, "faster by order in %d of %d types%s%s", faster.size(), types,
                faster.isEmpty() ? "" : " (" + String.join(", ", faster) + ")",
                notFaster.isEmpty() ? "" : "; not faster: " + String.join(", ", notFaster));
        return new Verdict(STUDY, claim, answer, status);
    }
}
