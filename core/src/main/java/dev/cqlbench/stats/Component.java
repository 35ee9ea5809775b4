package dev.cqlbench.stats;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Arrays;
import java.util.Locale;

/**
 * A variance component measured outside the run that uses it (log scale): how far fresh JVMs of one library sit
 * apart, or how far whole runs do. It is what its measurement gave, as the parts it was estimated from
 * ({@code terms}, {value, df} each: a spread and, subtracted, the part of it that noise explains), so that it enters
 * an interval as Satterthwaite terms of its own: the fewer its degrees of freedom, the more its own uncertainty widens
 * the interval. It is pooled with what the run itself shows by {@code weight}, the degrees of freedom of the spread
 * it was measured from. {@link #NONE}: nothing measured; the run's own data alone.
 *
 * @param terms  the parts whose sum is the component, {value, df} each (a negative value: a part subtracted)
 * @param weight the degrees of freedom it is pooled by (its spread's); 0 when nothing was measured
 * @param from   where it was measured, for a report ("this host's calibration, 2026-11-29: 8 runs × 4 JVMs")
 */
public record Component(double[][] terms, double weight, String from) {

    public static final Component NONE = new Component(new double[0][], 0, "not measured");

    public Component {
        terms = Arrays.stream(terms).map(double[]::clone).toArray(double[][]::new);
        for (double[] t : terms) {
            if (t.length != 2 || !(t[1] > 0) || !Double.isFinite(t[0])) {
                throw new IllegalArgumentException("a variance term " + Arrays.toString(t));
            }
        }
        if (!(weight >= 0)) {
            throw new IllegalArgumentException("a weight of " + weight + " df");
        }
    }

    /** A component known as one estimate of {@code variance} with {@code df} degrees of freedom. */
    public static Component of(double variance, double df, String from) {
        return new Component(new double[][] {{variance, df}}, df, from);
    }

    /**
     * The degrees of freedom of the mean over {@code ops} operations of a spread of {@code df} degrees of freedom
     * each, {@code spread} in value, of which {@code shared} (a variance every operation shares: a JVM's level, a
     * run's) is common to them: o·df·spread²/(spread² + (o − 1)·shared²), between df and o·df.
     */
    public static double sharedDf(double ops, double df, double spread, double shared) {
        if (!(spread > 0)) {
            return ops * df; // no spread at all (a measure every JVM gave alike): nothing shared to count
        }
        double c = Math.max(0, Math.min(spread, shared));
        return ops * df * spread * spread / (spread * spread + (ops - 1) * c * c);
    }

    /**
     * A variance estimate's upper 90 % bound, value·df / (the chi-squared's 10 % quantile): what a shared part is
     * counted at where its degrees of freedom depend on it, so that one that happened to come out small lends the
     * estimate no confidence it may lack.
     */
    public static double upper(double value, double df) {
        if (!(df > 0) || !(value > 0)) {
            return value;
        }
        return value * df / new org.apache.commons.math3.distribution.ChiSquaredDistribution(df)
                .inverseCumulativeProbability(0.10);
    }

    /** Whether anything was measured. */
    @JsonIgnore
    public boolean known() {
        return weight > 0 && terms.length > 0;
    }

    /** The component's variance: the sum of its parts, at least 0. */
    @JsonIgnore
    public double variance() {
        return Math.max(0, Satterthwaite.variance(terms));
    }

    /** Its Satterthwaite degrees of freedom. */
    @JsonIgnore
    public double df() {
        return terms.length == 0 ? 0 : Satterthwaite.df(terms);
    }

    /**
     * Its sd's interval at {@code level} (relative figures, each end at least 0): its first part's chi-squared interval
     * less the others, taken as known. Null when nothing was measured.
     */
    public double[] sdInterval(double level) {
        if (!known()) {
            return null;
        }
        double rest = 0;
        for (int i = 1; i < terms.length; i++) {
            rest += terms[i][0];
        }
        double first = terms[0][0];
        double df = terms[0][1];
        org.apache.commons.math3.distribution.ChiSquaredDistribution chi =
                new org.apache.commons.math3.distribution.ChiSquaredDistribution(df);
        double alpha = 1 - level;
        double low = first * df / chi.inverseCumulativeProbability(1 - alpha / 2) + rest;
        double high = first * df / chi.inverseCumulativeProbability(alpha / 2) + rest;
        return new double[] {Math.expm1(Math.sqrt(Math.max(0, low))), Math.expm1(Math.sqrt(Math.max(0, high)))};
    }

    /**
     * It as one Satterthwaite term scaled by {@code c} (a share of it, or it over K): its parts' sum with their
     * Satterthwaite degrees of freedom; none where that sum is not positive. A spread less the noise in it that comes
     * out at or below zero says the component is too small to see, and its parts, kept apart, would cancel in the
     * variance and still count all their uncertainty in its degrees of freedom; so it is taken as zero, as variance
     * components that come out negative are.
     */
    public double[][] scaled(double c) {
        return term(terms, c);
    }

    /**
     * This component as what whole runs add to a comparison whose own variance (its rounds', its JVMs') is
     * {@code own}, as Satterthwaite terms {value, df}, scaled by {@code c}: b − max(e, own), none where that is not
     * positive. A run-level component is measured as a spread of whole runs' means ({@code b}, its positive parts) less
     * what those runs' own rounds and JVMs explain of it ({@code e}, the parts subtracted): ω² = b − e. Where the run is
     * at least as noisy as the calibration's runs were ({@code own} ≥ e), that is what it adds, as one term with the
     * Satterthwaite degrees of freedom of its parts (nothing where it comes out at or below 0, as variance components
     * that come out negative are taken). Where the run is quieter (longer, more JVMs), only as much of e is taken off
     * as the run has noise of its own: b − own, with b's uncertainty (its degrees of freedom scaled down as its value
     * is), so the comparison's variance is never below the spread the calibration measured. Taking off all of e there
     * would leave a difference of two spreads that comes out at 0 a third of the time when ω² is as small as e, and a
     * long run would then miss (27 times nominal, simulated). The price: a run much quieter than the calibration's
     * keeps up to e − own more than it has; a calibration of more or longer runs makes that less. The two rules meet at
     * own = e. None where nothing was measured.
     */
    public double[][] given(double own, double c) {
        double b = 0;
        double bDenominator = 0;
        double e = 0;
        for (double[] t : terms) {
            if (t[0] > 0) {
                b += t[0];
                bDenominator += t[0] * t[0] / t[1];
            } else {
                e -= t[0];
            }
        }
        if (!(b > 0)) {
            return new double[0][];
        }
        if (own >= e) {
            return scaled(c);
        }
        double value = b - Math.max(0, own);
        return value > 0 ? new double[][] {{c * value, value * value / bDenominator}} : new double[0][];
    }

    /**
     * What it leaves in a comparison however quiet the run ({@link #given} as its own noise goes to zero): its
     * positive parts, the spread it was measured as.
     */
    @JsonIgnore
    public double floor() {
        double b = 0;
        for (double[] t : terms) {
            b += Math.max(0, t[0]);
        }
        return b;
    }

    /** Parts {value, df} as one term, scaled by {@code c}: their sum and Satterthwaite df; none if not positive. */
    public static double[][] term(double[][] parts, double c) {
        double sum = Satterthwaite.variance(parts);
        if (!(sum > 0)) {
            return new double[0][];
        }
        return new double[][] {{c * sum, Satterthwaite.df(parts)}};
    }

    /** Its standard deviation as a relative figure: 0.004 is "0.4 %". */
    @JsonIgnore
    public double sd() {
        return Math.expm1(Math.sqrt(variance()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Component c && Arrays.deepEquals(terms, c.terms) && weight == c.weight
                && from.equals(c.from);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(terms) * 31 + from.hashCode();
    }

    /** "0.4 % (31 df)". */
    @Override
    public String toString() {
        return known() ? String.format(Locale.ROOT, "%.2f %% (%.0f df)", sd() * 100, weight) : "not measured";
    }
}
