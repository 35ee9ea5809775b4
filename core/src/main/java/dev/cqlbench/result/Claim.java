package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.stats.PairedRatio;

/**
 * A question a run exists for (its confirmatory family): a study's claim, with the range the study claims for A/B,
 * or a user's own question ({@code --question}), which claims no range and is answered by a difference or by the
 * same within the precision. Its interval holds jointly with the family's others at the family level, and an
 * adaptive run stops once each is settled, or can no longer be ({@code Standing#futile}).
 *
 * @param question the comparison
 * @param low      the least A/B the claim holds (0: no least); NaN for a question without a claimed range
 * @param high     the most A/B the claim holds ({@link Double#MAX_VALUE}: no most); NaN likewise
 * @param group    the study's claim this question is one part of, with others ("Kundera is the fastest in every
 *                 operation"); null for a claim of its own
 * @param need     how many of its group's parts must hold for the claim to: it is settled once that many hold, or
 *                 once so many have failed that that many no longer can
 */
public record Claim(Question question, double low, double high, String group, int need) {

    /** A question without a claimed range: settled by a difference or by the same within the precision. */
    public static Claim of(Question question) {
        return new Claim(question, Double.NaN, Double.NaN, null, 1);
    }

    /** A claimed range for A/B. */
    public static Claim of(Question question, double low, double high) {
        return new Claim(question, low, high, null, 1);
    }

    /** The same, one part of claim {@code name}, which holds when {@code need} of its parts do. */
    public Claim in(String name, int needed) {
        return new Claim(question, low, high, name, needed);
    }

    /** Whether the claim names a range (a study's claim). */
    @JsonIgnore
    public boolean ranged() {
        return !Double.isNaN(low);
    }

    /** What an interval says of a claimed range. */
    public enum Judgement {
        /** within the range (the claim's tolerance, for a claimed size) */
        CONFIRMED,
        /** misses it */
        CONTRADICTED,
        /** holds the claimed size but is wider than its tolerance */
        CONSISTENT,
        /** holds both the range and what lies outside it */
        OPEN
    }

    /**
     * An interval {@code [lower, upper]} of A/B against a claimed range {@code [low, high]}:
     * <ul>
     *   <li>a range that holds 1 (no difference, 1 ± a margin; not worse than a margin, 0 to 1 + the margin; a
     *       direction, 1 to ∞ or 0 to 1): confirmed when the interval lies within it (an equivalence test, TOST, at
     *       the interval's level), contradicted when it misses it;</li>
     *   <li>a claimed size ("+28 %", "+21 to +27 %"): what the run can confirm is the claim within
     *       {@link Defaults#CLAIM_TOLERANCE} (relative, on the ratio: low/(1+t) to high·(1+t)): confirmed when the
     *       interval lies within that, contradicted when it misses it, else consistent, not confirmed. An interval
     *       that merely holds the claim confirms nothing: the wider, the more it would.</li>
     * </ul>
     */
    public static Judgement judge(double lower, double upper, double low, double high) {
        double tolerance = Defaults.CLAIM_TOLERANCE;
        if (low <= 1 && high >= 1) {
            return lower >= low && upper <= high ? Judgement.CONFIRMED
                    : upper < low || lower > high ? Judgement.CONTRADICTED : Judgement.OPEN;
        }
        double from = low / (1 + tolerance);
        double to = high * (1 + tolerance);
        if (lower >= from && upper <= to) {
            return Judgement.CONFIRMED;
        }
        return upper < from || lower > to ? Judgement.CONTRADICTED : Judgement.CONSISTENT;
    }

    /**
     * The widest half-width (log scale) at which an interval around {@code ratio} would settle the claim ({@code
     * precision}: the margin of "the same"): how far it lies inside what it must lie within, or outside what it must
     * miss.
     */
    public double needed(double ratio, double precision) {
        double x = Math.log(ratio);
        double equivalence = precision > 0 ? Math.log1p(precision) - Math.abs(x) : 0;
        if (!ranged()) {
            return Math.max(Math.abs(x), equivalence);
        }
        double t = Defaults.CLAIM_TOLERANCE;
        double from = low <= 1 && high >= 1 ? low : low / (1 + t);
        double to = low <= 1 && high >= 1 ? high : high * (1 + t);
        double lo = from <= 0 ? Double.POSITIVE_INFINITY : x - Math.log(from);
        double hi = to >= Double.MAX_VALUE ? Double.POSITIVE_INFINITY : Math.log(to) - x;
        double settle = Math.abs(Math.min(lo, hi)); // inside: how far within; outside: how far off
        return direction() ? Math.max(settle, equivalence) : settle;
    }

    /** Whether the claim is of a direction only (0 to 1, or 1 to ∞). */
    @JsonIgnore
    public boolean direction() {
        return low <= 0 && high == 1 || low == 1 && high >= Double.MAX_VALUE;
    }

    /**
     * What {@code r} says of this part ({@code precision}: the margin of "the same"): {@link Judgement#CONFIRMED} or
     * {@link Judgement#CONTRADICTED} as {@link #judge} says, and for a claimed direction the same within the
     * precision is contradicted too (no more rounds would show the claimed direction to matter); a plain question
     * is confirmed when it is answered (a difference, or the same within the tolerance). Open otherwise.
     */
    public Judgement judgedBy(PairedRatio r, double precision) {
        if (r == null) {
            return Judgement.OPEN;
        }
        if (!ranged()) {
            return r.decided(precision) ? Judgement.CONFIRMED : Judgement.OPEN;
        }
        Judgement j = judge(r.lower(), r.upper(), low, high);
        if (direction() && j == Judgement.OPEN && r.equivalent(precision)) {
            return Judgement.CONTRADICTED;
        }
        return j == Judgement.CONSISTENT ? Judgement.OPEN : j;
    }

    /** Whether {@code r} settles this part on its own (a claim of several parts may be settled by the others). */
    public boolean settledBy(PairedRatio r, double precision) {
        Judgement j = judgedBy(r, precision);
        return j == Judgement.CONFIRMED || j == Judgement.CONTRADICTED;
    }
}
