package dev.cqlbench.analysis;

import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.PairedRatio;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a run's questions stand at one look, from its {@link Analysis}: the primary ones settled or not (a claim
 * confirmed or contradicted, a comparison answered), those no round the run can still hold would settle
 * ({@link #futile}), and what a claim of several parts says ({@link #group}). Only the primary questions hold a run
 * open: the descriptive ones are answered with whatever the run's primary questions needed. The run's stopping rule
 * ({@link Stopper}), its forecast and its verdicts read it.
 */
public final class Standing {

    private final Analysis analysis;

    Standing(Analysis analysis) {
        this.analysis = analysis;
    }

    /** Whether every primary question is settled: its claim confirmed or contradicted, or answered. */
    public boolean settled() {
        return unsettled().isEmpty();
    }

    /**
     * The primary questions not settled yet (too few rounds, or an interval that settles nothing); the parts of a
     * claim its other parts have settled are not.
     */
    public List<Question> unsettled() {
        List<Question> out = new ArrayList<>();
        for (Claim c : analysis.questions().primary()) {
            if (c.group() != null && group(c.group()) != Claim.Judgement.OPEN) {
                continue;
            }
            if (!c.settledBy(analysis.answer(c.question()), analysis.margin())) {
                out.add(c.question());
            }
        }
        return out;
    }

    /**
     * What the run says of a claim of several parts ({@link Claim#group}): confirmed once as many parts hold as it
     * needs, contradicted once so many have failed that it no longer can; else open.
     */
    public Claim.Judgement group(String name) {
        int confirmed = 0;
        int failed = 0;
        int parts = 0;
        int need = 0;
        for (Claim c : analysis.questions().primary()) {
            if (name.equals(c.group())) {
                parts++;
                need = c.need();
                Claim.Judgement j = c.judgedBy(analysis.answer(c.question()), analysis.margin());
                confirmed += j == Claim.Judgement.CONFIRMED ? 1 : 0;
                failed += j == Claim.Judgement.CONTRADICTED ? 1 : 0;
            }
        }
        if (parts == 0) {
            return Claim.Judgement.OPEN;
        }
        return confirmed >= need ? Claim.Judgement.CONFIRMED
                : failed > parts - need ? Claim.Judgement.CONTRADICTED : Claim.Judgement.OPEN;
    }

    /**
     * The primary questions not settled ({@link #unsettled}) that could not settle by the run's end: at
     * {@code horizon} rounds, their rounds' noise shrunk as one over the rounds (what their JVMs and the run's own
     * level add stays), at the error the run's last analysis would have after the looks still planned ({@code end}),
     * around the ratio seen now, their interval would still settle nothing. Not binding: stopping for it changes no
     * interval's level.
     */
    public List<Question> futile(int horizon, Looks end) {
        List<Question> out = new ArrayList<>();
        List<Claim> primary = analysis.questions().primary();
        double alpha = end.nominal((1 - analysis.familyLevel()) / Math.max(1, primary.size()));
        double same = end.nominal(2 * (1 - analysis.sameLevel()));
        for (Question q : unsettled()) {
            PairedRatio r = analysis.answer(q);
            if (r == null) {
                continue;
            }
            Claim claim = primary.stream().filter(c -> c.question().equals(q)).findFirst().orElseThrow();
            PairedRatio then = r.pairs() >= horizon ? r : r.after(horizon, alpha, analysis.familyLevel(), same);
            if (!claim.settledBy(then, analysis.margin())) {
                out.add(q);
            }
        }
        return out;
    }
}
