package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    /** Per-second rates around {@code truth}: log-normal AR(1) noise of sd {@code sd} and lag-1 correlation rho. */
    private static List<Double> series(Random random, int seconds, double truth, double rho, double sd) {
        List<Double> out = new ArrayList<>();
        double x = sd * random.nextGaussian();
        for (int i = 0; i < seconds; i++) {
            x = rho * x + sd * Math.sqrt(1 - rho * rho) * random.nextGaussian();
            out.add(truth * Math.exp(x));
        }
        return out;
    }

    /** Welch on the logarithms as if the seconds were independent: what the series comparison must improve on. */
    private static boolean naiveSignificant(List<Double> a, List<Double> b, double level) {
        double[] x = a.stream().mapToDouble(Math::log).toArray();
        double[] y = b.stream().mapToDouble(Math::log).toArray();
        double mx = Arrays.stream(x).average().orElseThrow();
        double my = Arrays.stream(y).average().orElseThrow();
        double vx = Arrays.stream(x).map(v -> (v - mx) * (v - mx)).sum() / (x.length - 1) / x.length;
        double vy = Arrays.stream(y).map(v -> (v - my) * (v - my)).sum() / (y.length - 1) / y.length;
        double t = new TDistribution(x.length + y.length - 2).inverseCumulativeProbability(1 - (1 - level) / 2);
        return Math.abs(mx - my) > t * Math.sqrt(vx + vy);
    }

    @Test
    void aClearDifferenceIsSignificantAndItsRatioIntervalStaysAboveZero() {
        Random random = new Random(1);
        Comparison c = Comparison.ofSeries("a", series(random, 60, 800, 0.5, 0.02), "b",
                series(random, 60, 1000, 0.5, 0.02), 0.999);
        assertThat(c.ratio()).isBetween(0.78, 0.82);
        assertThat(c.significant()).isTrue();
        assertThat(c.ratioLower()).isPositive().isLessThan(c.ratio());
        assertThat(c.ratioUpper()).isGreaterThan(c.ratio()).isLessThan(1.0);
        assertThat(c.effect()).startsWith("-2");
    }

    @Test
    void seriesOfAlikeNeighboursKeepTheirPromisedFalsePositivesWhereIndependentSamplesWouldNot() {
        Random random = new Random(17);
        int trials = 400;
        int naive = 0;
        int corrected = 0;
        for (int i = 0; i < trials; i++) {
            List<Double> a = series(random, 60, 1000, 0.7, 0.1);
            List<Double> b = series(random, 60, 1000, 0.7, 0.1);
            Comparison series = Comparison.ofSeries("a", a, "b", b, 0.99);
            naive += naiveSignificant(a, b, 0.99) ? 1 : 0;
            corrected += series != null && series.significant() ? 1 : 0;
        }
        // at 99 %: 4 expected in 400; the uncorrected test calls several times that many
        assertThat(corrected).isLessThanOrEqualTo(12);
        assertThat(naive).isGreaterThan(3 * Math.max(corrected, 4));
    }

    @Test
    void aSeriesComparisonFindsAFifteenPercentEffectInAMinuteOfSeconds() {
        Random random = new Random(5);
        int found = 0;
        for (int i = 0; i < 100; i++) {
            Comparison c = Comparison.ofSeries("a", series(random, 60, 1150, 0.5, 0.05), "b",
                    series(random, 60, 1000, 0.5, 0.05), 0.999);
            found += c != null && c.significant() && c.ratio() > 1 ? 1 : 0;
        }
        assertThat(found).isGreaterThanOrEqualTo(95);
    }

    @Test
    void tooFewSecondsGiveNoComparison() {
        Random random = new Random(3);
        assertThat(Comparison.ofSeries("a", series(random, Comparison.MIN_SERIES - 1, 1000, 0.9, 0.1), "b",
                series(random, 30, 1000, 0.9, 0.1), 0.999)).isNull();
        assertThat(Comparison.ofSeries("a", series(random, Comparison.MIN_SERIES, 1000, 0.9, 0.1), "b",
                series(random, 30, 1000, 0.9, 0.1), 0.999)).isNotNull();
    }
}
