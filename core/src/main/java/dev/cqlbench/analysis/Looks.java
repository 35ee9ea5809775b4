package dev.cqlbench.analysis;

import dev.cqlbench.run.Defaults;
import dev.cqlbench.stats.GroupSequential;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * When a run that stops once its questions are settled may look at its data, and at what error each look's
 * intervals are made. The run plans its rounds once, from the pace of its rounds so far and the time it has left
 * (at most its cycles), before its first look; it looks at a quarter, half and three quarters of them and ends at
 * the last: at most four analyses, placed by the clock and the pace, never by the comparisons. Each look spends what
 * Lan and DeMets' Pocock-type function gives its share of the planned rounds, and its boundary is computed exactly
 * for the looks taken before it ({@link GroupSequential}): the chance that a question's interval misses its truth at
 * any look is the error it was given. A run that ends before its planned rounds (its time spent, Ctrl-C) analyses
 * what it has once more, spending what is left.
 *
 * @param fractions the shares of the planned rounds at which the run looked, this analysis last (1 at a run's end)
 */
public record Looks(double[] fractions) {

    /** The shares of the planned rounds at which a run looks before its end. */
    static final double[] AT = {0.25, 0.5, 0.75};

    /** A run analysed once, at its end, with its whole error. */
    public static final Looks ONCE = new Looks(new double[] {1});

    public Looks {
        fractions = fractions.clone();
        if (fractions.length == 0) {
            throw new IllegalArgumentException("no look");
        }
    }

    /**
     * The looks of a run that looked after {@code looked} rounds of its {@code planned}, and now analyses after
     * {@code rounds}: at one of its looks ({@code atLook}), or at its end otherwise (what is left spent).
     */
    public static Looks of(List<Integer> looked, int planned, boolean atLook) {
        if (planned <= 0 || looked.isEmpty() && !atLook) {
            return ONCE;
        }
        List<Double> out = new ArrayList<>();
        for (int r : looked) {
            out.add(Math.min(1, (double) r / planned));
        }
        if (!atLook) {
            out.add(1.0);
        }
        return new Looks(out.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * A result of format 4 or earlier, whose last analysis spent {@code share} of its error (a union over its looks):
     * one look at the share of the information that spends just that.
     */
    public static Looks ofShare(double share) {
        double s = Math.max(0, Math.min(1, share));
        return new Looks(new double[] {Math.expm1(s) / (Math.E - 1)});
    }

    /**
     * The rounds at which a run that plans {@code rounds} measured rounds looks before its end, in order: none
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

    /**
     * The two-sided error at which this analysis makes an interval whose question may err {@code alpha} over every
     * look: the exact group-sequential boundary.
     */
    public double nominal(double alpha) {
        return GroupSequential.nominal(alpha, fractions);
    }

    /**
     * The same by the union of the looks' errors alone (this look's increment of the spending function): valid
     * whatever the looks' statistics share, for a question whose data changed between looks (a variant given more
     * JVMs mid-run).
     */
    public double union(double alpha) {
        double last = fractions[fractions.length - 1];
        double before = fractions.length > 1 ? fractions[fractions.length - 2] : 0;
        return alpha * Math.max(0, GroupSequential.pocock(last) - GroupSequential.pocock(before));
    }

    /**
     * The share of each primary question's error this analysis spends of a run of {@code primary} primary questions
     * holding jointly at {@code familyConfidence}, for its result's {@code Rounds#share()}: its nominal error over a
     * single analysis's.
     */
    public double share(double familyConfidence, int primary) {
        double whole = (1 - familyConfidence) / Math.max(1, primary);
        return nominal(whole) / whole;
    }

    /** Whether this is the run's only analysis (all its error at once). */
    public boolean once() {
        return fractions.length == 1 && fractions[0] >= 1;
    }

    /** How many analyses, this one included. */
    public int count() {
        return fractions.length;
    }

    /** The same looks, with the run's end after them (its last analysis, spending what is left). */
    public Looks thenEnd() {
        double[] out = Arrays.copyOf(fractions, fractions.length + 1);
        out[fractions.length] = 1;
        return new Looks(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Looks other && Arrays.equals(fractions, other.fractions);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fractions);
    }

    @Override
    public String toString() {
        return "Looks" + Arrays.toString(fractions);
    }
}
