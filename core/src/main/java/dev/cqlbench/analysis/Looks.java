package dev.cqlbench.analysis;

import dev.cqlbench.run.Defaults;
import java.util.ArrayList;
import java.util.List;

/**
 * When a run that stops as soon as its questions are answered may look at its data, and how much of its error each
 * look may spend: the looks are fixed before the data ({@link Defaults#FIRST_LOOK} rounds, then every time the rounds
 * have grown by {@link Defaults#LOOK_GROWTH}, up to the most rounds the run may take), and each spends an equal
 * share 1/L of the error, L the looks planned (Bonferroni over looks). A run that ends between looks (its time
 * spent, its cycles done, Ctrl-C) analyses what it has once more, spending what the looks it took left. However the
 * data fell and whenever the run stopped, the chance that any interval it printed misses is at most the level's: a
 * union over looks, with no assumption on how the looks' statistics are correlated.
 */
public final class Looks {

    private Looks() {}

    /** The rounds at which a run of at most {@code cap} rounds looks, in order; the last is {@code cap}. */
    public static List<Integer> schedule(int cap) {
        List<Integer> out = new ArrayList<>();
        int n = Defaults.FIRST_LOOK;
        while (n < cap) {
            out.add(n);
            n = (int) Math.ceil(n * Defaults.LOOK_GROWTH);
        }
        out.add(cap);
        return out;
    }

    /** Looks a run of at most {@code cap} rounds plans. */
    public static int planned(int cap) {
        return schedule(cap).size();
    }

    /** Whether a run of at most {@code cap} rounds looks after {@code rounds}. */
    public static boolean at(int rounds, int cap) {
        return schedule(cap).contains(rounds);
    }

    /** The share of the error a look spends when {@code taken} looks were taken before it, of {@code planned}. */
    public static double share(int taken, int planned, boolean last) {
        return last ? Math.max(0, 1 - (double) taken / planned) : 1.0 / planned;
    }
}
