package dev.cqlbench.analysis;

import dev.cqlbench.run.Defaults;
import java.util.ArrayList;
import java.util.List;

/**
 * When a run that stops once its questions are settled may look at its data, and how much of its error each look
 * spends. The looks are placed by the rounds the run can hold (its time limit over the pace its settling rounds
 * showed, or its most cycles): at an eighth, a quarter and half of them, then at its end; each spends what
 * Lan and DeMets' Pocock-type function gives the elapsed share of the budget, α·ln(1 + (e − 1)·t), less what the
 * looks before it spent. A run that ends between looks (its time spent, its cycles done, Ctrl-C) analyses what it
 * has once more with what is left. Every interval a run prints spends its own share, and the shares add up to at
 * most the whole: a union over looks, with no assumption on how the looks' statistics are correlated, valid for
 * any end that does not depend on the comparisons (the round pace, the clock, the cycles).
 */
public final class Looks {

    /** The shares of the rounds a run can hold at which it looks before its end. */
    static final double[] AT = {1.0 / 8, 1.0 / 4, 1.0 / 2};

    private Looks() {}

    /**
     * The rounds at which a run that can hold {@code rounds} measured rounds looks before its end, in order: none
     * before {@link Defaults#FIRST_LOOK}, none at its last round (its end analyses anyway).
     */
    public static List<Integer> schedule(int rounds) {
        List<Integer> out = new ArrayList<>();
        for (double share : AT) {
            int at = Math.max(Defaults.FIRST_LOOK, (int) Math.round(share * rounds));
            if (at < rounds && (out.isEmpty() || at > out.get(out.size() - 1))) {
                out.add(at);
            }
        }
        return out;
    }

    /** The share of the error spent by time {@code t} (the elapsed share of the budget, 0…1): ln(1 + (e − 1)·t). */
    public static double spent(double t) {
        double clamped = Math.max(0, Math.min(1, t));
        return Math.log1p((Math.E - 1) * clamped);
    }
}
