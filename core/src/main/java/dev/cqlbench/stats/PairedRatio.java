package dev.cqlbench.stats;

import java.util.Locale;
import java.util.Objects;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A against B on one positive measure (lower is better: time or CPU per operation), paired by round: in each round
 * the mean over A's forks less the mean over B's (logarithms), so the host's drift, which both meet in the same
 * round, cancels. The geometric mean of the per-round ratios gets a Student-t interval taken back, never below
 * zero, whose variance holds what a rerun with fresh JVMs would change: the per-round noise as a long-run variance
 * ({@link LongRunVariance}, no AR(1) assumed) and the between-JVM variance of each side, τ²/K_A + τ²/K_B
 * ({@link BetweenJvm}); degrees of freedom by Satterthwaite.
 * <p>
 * Different when the interval leaves out 1; the same within a margin P when its equivalence interval lies inside
 * [1/(1+P), 1+P]: two one-sided tests (TOST), each erring at most half of {@code sameAlpha} — its own level, the
 * bioequivalence convention's 95 % by default, where "different" holds at its family's. {@code level} is the level
 * the printed interval holds with the comparisons it was judged with (its family) and over every look the run took.
 *
 * @param ratio    geometric mean of the per-round ratios A/B
 * @param interval its interval: its ends, the level it holds at, the error it spent
 * @param noise    what its variance rests on
 * @param same     the level its "the same within P" is judged at
 */
public record PairedRatio(String a, String b, double ratio, Interval interval, Noise noise, Equivalence same) {

    /**
     * A ratio's interval.
     *
     * @param level the level it holds with the comparisons it was judged with (its family) and over every look
     * @param alpha the two-sided error it spent
     */
    public record Interval(double lower, double upper, double level, double alpha) {
    }

    /**
     * What a ratio's variance rests on.
     *
     * @param pairs   rounds in which both ran
     * @param forks   JVMs of each side (the fewer)
     * @param df      degrees of freedom of its t quantile
     * @param logSe   standard error of the log ratio
     * @param lasting the part of the log ratio's variance more rounds would not shrink: what the two sides' JVMs add,
     *                and the run's own level
     */
    public record Noise(int pairs, int forks, double df, double logSe, double lasting) {
    }

    /**
     * The level "the same within P" is judged at.
     *
     * @param alpha the two-sided error of its equivalence interval (twice each one-sided test's)
     * @param level the level it holds at
     */
    public record Equivalence(double alpha, double level) {
    }

    /** Its "the same" at the printed interval's level. */
    public PairedRatio(String a, String b, double ratio, Interval interval, Noise noise) {
        this(a, b, ratio, interval, noise, new Equivalence(interval.alpha(), interval.level()));
    }

    public double lower() {
        return interval.lower();
    }

    public double upper() {
        return interval.upper();
    }

    public double level() {
        return interval.level();
    }

    public double alpha() {
        return interval.alpha();
    }

    public int pairs() {
        return noise.pairs();
    }

    public int forks() {
        return noise.forks();
    }

    public double df() {
        return noise.df();
    }

    public double logSe() {
        return noise.logSe();
    }

    public double lasting() {
        return noise.lasting();
    }

    public double sameAlpha() {
        return same.alpha();
    }

    public double sameLevel() {
        return same.level();
    }

    public static final String TEST = "paired per-round ratio over every fork; t-interval on its logarithm, its "
            + "variance from every series of the run (moderated own noise, between-JVM variance with its prior)";

    /** How an interval too wide to read as numbers ({@link #tooWide()}) prints its width. */
    public static final String TOO_WIDE = "±>100 %";

    /** Power at which {@link #detectable()} is given. */
    public static final double POWER = 0.8;

    /**
     * A over B: {@code mean} the mean of the per-round log differences over {@code pairs} rounds, its variance the
     * sum of {@code terms} ({value, df} each, Satterthwaite's degrees of freedom; never below the last term, the
     * rounds' own noise), spending {@code alpha} two-sided.
     */
    public static PairedRatio of(String a, String b, double mean, int pairs, int forks, double[][] terms,
                                 double alpha, double level) {
        double rounds = terms[terms.length - 1][0];
        double variance = Math.max(rounds, Satterthwaite.variance(terms));
        double df = Satterthwaite.df(terms);
        double se = Math.sqrt(variance);
        double half = Satterthwaite.quantile(alpha, df) * se;
        return new PairedRatio(Objects.requireNonNull(a), Objects.requireNonNull(b), Math.exp(mean),
                new Interval(Math.exp(mean - half), Math.exp(mean + half), level, alpha),
                new Noise(pairs, forks, df, se, variance - rounds));
    }

    /** The same comparison at another error (a false-discovery level's), its "the same" at that error too. */
    public PairedRatio at(double otherAlpha, double otherLevel) {
        double mean = Math.log(ratio);
        double half = Satterthwaite.quantile(otherAlpha, df()) * logSe();
        return new PairedRatio(a, b, ratio, new Interval(Math.exp(mean - half), Math.exp(mean + half), otherLevel,
                otherAlpha), noise);
    }

    /** The same comparison with its "the same within P" judged at its own error (two-sided; each side half). */
    public PairedRatio same(double otherSameAlpha, double otherSameLevel) {
        return new PairedRatio(a, b, ratio, interval, noise, new Equivalence(otherSameAlpha, otherSameLevel));
    }

    /** The comparison the other way round: B over A. */
    public PairedRatio reversed() {
        return new PairedRatio(b, a, 1 / ratio, new Interval(1 / upper(), 1 / lower(), level(), alpha()), noise,
                same);
    }

    /** Half the width of the equivalence interval, log scale. */
    double sameHalf() {
        return Satterthwaite.quantile(same.alpha(), df()) * logSe();
    }

    /** The lower end of the equivalence interval (each end a one-sided test at its own level). */
    public double sameLower() {
        return Math.exp(Math.log(ratio) - sameHalf());
    }

    /** The upper end of the equivalence interval. */
    public double sameUpper() {
        return Math.exp(Math.log(ratio) + sameHalf());
    }

    /**
     * The same comparison as it would stand after {@code rounds} rounds around the same ratio: its rounds' noise
     * shrunk as one over the rounds, what its JVMs add not at all, spending {@code otherAlpha}.
     */
    public PairedRatio after(int rounds, double otherAlpha, double otherLevel, double otherSameAlpha) {
        double shrunk = Math.max(0, logSe() * logSe() - lasting()) * pairs() / Math.max(1, rounds);
        double se = Math.sqrt(lasting() + shrunk);
        double half = Satterthwaite.quantile(otherAlpha, df()) * se;
        double mean = Math.log(ratio);
        return new PairedRatio(a, b, ratio, new Interval(Math.exp(mean - half), Math.exp(mean + half), otherLevel,
                otherAlpha), new Noise(rounds, forks(), df(), se, lasting()), new Equivalence(otherSameAlpha,
                same.level()));
    }

    /**
     * The rounds after which, with {@code withForks} JVMs a side instead of this run's, its half-width (log scale)
     * would be {@code wanted}, {@code run} rounds having given this one: the rounds' noise shrinks as one over the
     * rounds and the JVMs, what the JVMs add as one over the JVMs only, what whole runs move it by ({@code fixed},
     * a part of {@link #lasting}) not at all; infinite when no number of rounds would do.
     */
    public double roundsFor(double wanted, int withForks, int run, double fixed) {
        double scale = (double) forks() / withForks;
        double q = Satterthwaite.quantile(alpha(), df());
        double target = (wanted / q) * (wanted / q);
        double stays = fixed + Math.max(0, lasting() - fixed) * scale;
        if (target <= stays) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(0, logSe() * logSe() - lasting()) * run * scale / (target - stays);
    }

    /**
     * The whole runs like this one whose pooled half-width (log scale) would be {@code wanted}: every part of its
     * variance, what moves whole runs included, over their number.
     */
    public double runsFor(double wanted) {
        double q = Satterthwaite.quantile(alpha(), df());
        return Math.pow(logSe() * q / wanted, 2);
    }

    /** The two-sided p-value of "A and B take the same": the error at which the interval would just reach 1. */
    public double pValue() {
        double se = logSe();
        double df = df();
        if (se <= 0) {
            return ratio == 1 ? 1 : 0;
        }
        double t = Math.abs(Math.log(ratio)) / se;
        return Double.isInfinite(df) || df > 1e6
                ? 2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(-t)
                : 2 * new TDistribution(df).cumulativeProbability(-t);
    }

    /** Whether the interval leaves out 1: A and B differ. */
    public boolean different() {
        return lower() > 1 || upper() < 1;
    }

    /**
     * Whether the equivalence interval lies within [1/(1+margin), 1+margin]: A and B are the same within the margin
     * (two one-sided tests at its own level).
     */
    public boolean equivalent(double margin) {
        return margin > 0 && Math.abs(Math.log(ratio)) + sameHalf() <= Math.log1p(margin);
    }

    /** Different, or equivalent within the margin: the question is answered. */
    public boolean decided(double margin) {
        return different() || equivalent(margin);
    }

    /**
     * Whether the interval reaches below half or above twice the ratio: too wide to read as numbers (its ends print
     * as "±>100 %"). It happens where a side's JVMs sit further apart than its few JVMs can bound (the t quantile of
     * one or two degrees of freedom): more JVMs ({@code --forks}) narrow it, more rounds do not.
     */
    public boolean tooWide() {
        return !different() && (upper() > 2 * ratio || lower() < ratio / 2);
    }

    /** Half the interval's width relative to the ratio ("±3.1 %"). */
    public double halfWidth() {
        return (upper() - lower()) / 2 / ratio;
    }

    /**
     * The smallest true difference (relative) this run finds {@link #POWER} of the time: (t at the interval's
     * error + t at 80 %)·se, taken back; about 1.26 times the half-width at 99.9 %.
     */
    public double detectable() {
        double df = df();
        double t80 = Double.isInfinite(df) ? 0.8416 : new TDistribution(df).inverseCumulativeProbability(POWER);
        return Math.expm1((Satterthwaite.quantile(alpha(), df) + t80) * logSe());
    }

    /**
     * {@link #detectable} as a page prints it: "12.3 %", or "&gt;100 %" beyond doubling (where a side's JVMs sit
     * further apart than its few JVMs can bound, it ran to "7459045389312.5 %").
     */
    public String detectableText() {
        double d = detectable();
        return d > 1 || Double.isNaN(d) ? ">100 %" : String.format(Locale.ROOT, "%.1f %%", d * 100);
    }

    /** "+12.3 % (+10.1 to +14.6)" for A over B. */
    public String effect() {
        if (tooWide()) {
            return String.format(Locale.ROOT, "%+.1f %% (%s)", (ratio - 1) * 100, TOO_WIDE);
        }
        return effect(ratio, lower(), upper());
    }

    /** A ratio and its interval as a percentage change: "+12.3 % (+10.1 to +14.6)". */
    public static String effect(double ratio, double lower, double upper) {
        return String.format(Locale.ROOT, "%+.1f %% (%+.1f to %+.1f)", (ratio - 1) * 100, (lower - 1) * 100,
                (upper - 1) * 100);
    }

    /** The mark a report puts beside it: "*" different, "≈" equivalent within the margin, "" neither. */
    public String mark(double margin) {
        return different() ? "*" : equivalent(margin) ? "≈" : "";
    }

    /**
     * In words: "a takes 12.3 % more time than b (+10.1 to +14.6 %)"; the same within ±P with the interval; or no
     * difference shown, with the interval and the difference the run would find 80 % of the time.
     */
    public String sentence(String measure, double margin) {
        if (different()) {
            return String.format(Locale.ROOT, "%s takes %.1f %% %s %s than %s (%+.1f to %+.1f %%)", a,
                    Math.abs(ratio - 1) * 100, ratio < 1 ? "less" : "more", measure, b, (lower() - 1) * 100,
                    (upper() - 1) * 100);
        }
        if (tooWide()) {
            return String.format(Locale.ROOT, "no difference shown in %s between %s and %s: %+.1f %%, its interval "
                    + "wider than ±100 %% (its JVMs too few for how far apart they sit)", measure, a, b,
                    (ratio - 1) * 100);
        }
        String between = String.format(Locale.ROOT, "between %+.1f %% and %+.1f %%", (lower() - 1) * 100,
                (upper() - 1) * 100);
        if (equivalent(margin)) {
            return String.format(Locale.ROOT, "%s and %s take the same %s within ±%.0f %%: between %+.1f %% and "
                    + "%+.1f %% (two one-sided tests, each at %s %%)", a, b, measure, margin * 100,
                    (sameLower() - 1) * 100, (sameUpper() - 1) * 100, java.math.BigDecimal.valueOf(
                            100 * (1 - same.alpha() / 2)).setScale(2, java.math.RoundingMode.HALF_UP)
                            .stripTrailingZeros().toPlainString());
        }
        return String.format(Locale.ROOT, "no difference shown in %s between %s and %s: %s; a difference of %s "
                + "would be found %.0f %% of the time", measure, a, b, between, detectableText(), POWER * 100);
    }
}
