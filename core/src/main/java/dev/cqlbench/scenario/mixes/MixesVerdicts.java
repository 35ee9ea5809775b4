package dev.cqlbench.scenario.mixes;

import static dev.cqlbench.report.Format.find;

import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 05's claims against a mixes or scale-out run. Its table 6 has read95_update5 the slowest mix and
 * insert90_read10 the fastest at every size: each is compared with every other mix run at the same concurrency, by
 * per-second throughput as a series (Welch, each side worth its effective number of seconds). Its scale-out
 * conclusion, that a joining node affects throughput only slightly: throughput from the join's start to the phase's
 * end (the join, then the new node taking clients) against before.
 */
public final class MixesVerdicts {

    private static final String STUDY = "05";
    private static final String SLOWEST = "read95_update5";
    private static final String FASTEST = "insert90_read10";
    /** "Slightly": read as within 10 % of the throughput before the join. */
    private static final double SLIGHT = 0.10;

    private MixesVerdicts() {}

    /**
     * The mixes' ranking; none for a run of the user's own workloads only (neither mix the study names): they are not
     * its questions.
     */
    public static List<Verdict> mixes(RunResult result, MixesPlan plan) {
        if (plan.workloads().stream().noneMatch(w -> w.name().equals(SLOWEST) || w.name().equals(FASTEST))) {
            return List.of();
        }
        double level = result.confidenceLevel();
        String where = onThisHost(result);
        return List.of(extreme(result.variants(), plan, SLOWEST, true, level).withAnswer(where),
                extreme(result.variants(), plan, FASTEST, false, level).withAnswer(where));
    }

    /**
     * Where the run measured, when its cluster is not the study's kind: its ranking of mixes comes from YCSB against
     * 3-node clusters of 4 to 32 vCPUs with a client machine of their own; an embedded cluster on the machine its
     * client runs on answers for this host, not for the study's. Empty for a cluster of the user's.
     */
    static String onThisHost(RunResult result) {
        ClusterFacts cluster = result.ranOn().cluster();
        if (cluster == null || !cluster.kind().startsWith(ClusterFacts.EMBEDDED)) {
            return "";
        }
        return String.format(Locale.ROOT, " (this host's answer: %s embedded node%s on the machine its client runs "
                + "on; the study's: 3-node clusters of 4 to 32 vCPUs, the client on a machine of its own)",
                cluster.nodes() == null ? "its" : cluster.nodes(), cluster.nodes() != null && cluster.nodes() == 1
                        ? "" : "s");
    }

    /**
     * The join's effect on throughput, for every phase a node joined in. Open loop, the clients send at their rate
     * whatever the join does, unless the nodes saturate: throughput then says nothing of the claim, which needs the
     * clients to take what the cluster gives (closed loop).
     */
    public static List<Verdict> scaleOut(RunResult result, MixesPlan plan) {
        String claim = "a joining node lowers throughput only slightly (within 10 % of before the join, from its "
                + "start to the phase's end)";
        if (plan.openLoop()) {
            return List.of(new Verdict(STUDY, claim, String.format(Locale.ROOT, "open loop at %.0f ops/s: the "
                    + "clients hold their rate whatever the join does unless the nodes saturate, so throughput cannot "
                    + "contradict the claim; run it closed loop (without --rate)", plan.rate()), Status.NOT_MEASURED));
        }
        List<String> answers = new ArrayList<>();
        List<Status> statuses = new ArrayList<>();
        for (VariantResult v : result.variants()) {
            for (OperationResult op : MixesReport.phases(v, plan)) {
                Optional<ClusterTimeline.Join> join = ClusterTimeline.Join.of(result, v, op);
                if (join.isEmpty()) {
                    continue;
                }
                Comparison c = Comparison.ofSeries("since", MixesReport.perSecond(join.get().since()), "before",
                        MixesReport.perSecond(join.get().before()), result.confidenceLevel());
                answers.add(c == null ? op.operation() + ": too few seconds before or since the join"
                        : op.operation() + ": throughput from the join's start on " + c.effect()
                                + " against before");
                statuses.add(Verdict.ofRatio(c, 1 - SLIGHT, Double.MAX_VALUE));
            }
        }
        if (statuses.isEmpty()) {
            return List.of(new Verdict(STUDY, claim, "no node joined during a run phase", Status.NOT_MEASURED));
        }
        return List.of(new Verdict(STUDY, claim, String.join("; ", answers), Verdict.overall(statuses)));
    }

    /** The mix named claimed the slowest (or fastest) against every other mix, at every concurrency and target. */
    private static Verdict extreme(List<VariantResult> variants, MixesPlan plan, String mix, boolean slowest,
                                   double level) {
        String claim = mix + (slowest ? " is the slowest mix (fewest ops/s, table 6)"
                : " is the fastest mix (most ops/s, table 6)");
        List<String> answers = new ArrayList<>();
        List<Status> statuses = new ArrayList<>();
        for (VariantResult v : variants) {
            for (int c : plan.concurrencies()) {
                Optional<OperationResult> claimed = find(v, MixesPlan.label(mix, c));
                if (claimed.isEmpty()) {
                    continue;
                }
                for (Workload w : plan.workloads()) {
                    Optional<OperationResult> other = find(v, MixesPlan.label(w.name(), c));
                    if (w.name().equals(mix) || other.isEmpty()) {
                        continue;
                    }
                    Comparison cmp = Comparison.ofSeries(mix, MixesReport.perSecond(claimed.get()), w.name(),
                            MixesReport.perSecond(other.get()), level);
                    answers.add(cmp == null ? "against " + w.name() + " @" + c + ": too few seconds"
                            : String.format(Locale.ROOT, "%s%s ops/s against %s @%d", variants.size() > 1
                                    ? v.variant() + ": " : "", cmp.effect(), w.name(), c));
                    statuses.add(slowest ? Verdict.ofRatio(cmp, 0, 1) : Verdict.ofRatio(cmp, 1, Double.MAX_VALUE));
                }
            }
        }
        if (statuses.isEmpty()) {
            return new Verdict(STUDY, claim, mix + " and another mix not both run", Status.NOT_ASKED);
        }
        return new Verdict(STUDY, claim, String.join("; ", answers), Verdict.overall(statuses));
    }
}
