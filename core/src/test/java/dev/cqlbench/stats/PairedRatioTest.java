package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PairedRatioTest {

    private static ForkSeries one(double... values) {
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            logs[i] = Math.log(values[i]);
        }
        return ForkSeries.of(new double[][] {logs});
    }

    /** A over B through a run's noise of one JVM each: its rounds alone. */
    private static PairedRatio of(ForkSeries a, ForkSeries b) {
        RunNoise noise = RunNoise.of(java.util.Map.of("a", java.util.Map.of("op", a), "b", java.util.Map.of("op", b)),
                RunNoise.Priors.NONE, 0);
        RunNoise.PairNoise c = noise.compare("a", "op", a, "b", "op", b);
        return c == null ? null : PairedRatio.of("a", "b", c.mean(), c.pairs(), c.forks(),
                RunNoise.terms(java.util.List.of(c)).get(0), 0.001, 0.999);
    }

    @Test
    void pairsByRoundAndStaysAboveZero() {
        PairedRatio r = of(one(110, 220, 55, 110, 330, 165), one(100, 200, 50, 100, 300, 150));
        assertThat(r.pairs()).isEqualTo(6);
        assertThat(r.ratio()).isCloseTo(1.1, within(1e-9));
        assertThat(r.lower()).isPositive();
        assertThat(r.different()).isTrue();
        assertThat(r.sentence("time", 0.05)).startsWith("a takes 10.0 % more time than b");
        assertThat(r.mark(0.05)).isEqualTo("*");
    }

    @Test
    void tooFewRoundsGiveNoAnswer() {
        assertThat(of(one(1, 1, 1, 1), one(1, 2, 1, 2))).isNull();
    }

    @Test
    void theSameWithinTheMarginOrNeither() {
        PairedRatio same = new PairedRatio("a", "b", 1.0, new PairedRatio.Interval(0.97, 1.03, 0.99, 0.001),
                new PairedRatio.Noise(50, 3, 60, 0.008, 0));
        assertThat(same.different()).isFalse();
        assertThat(same.equivalent(0.05)).isTrue();
        assertThat(same.mark(0.05)).isEqualTo("≈");
        assertThat(same.sentence("time", 0.05)).isEqualTo("a and b take the same time within ±5 %: between -2.7 % "
                + "and +2.8 % (two one-sided tests, each at 99.95 %)");
        PairedRatio sameAt95 = same.same(0.10, 0.95);
        assertThat(sameAt95.sentence("time", 0.05)).as("its own level: each side at 95 %").isEqualTo("a and b take "
                + "the same time within ±5 %: between -1.3 % and +1.3 % (two one-sided tests, each at 95 %)");
        PairedRatio near = new PairedRatio("a", "b", 1.035, new PairedRatio.Interval(1.007, 1.064, 0.99, 0.001),
                new PairedRatio.Noise(50, 3, 60, 0.008, 0));
        assertThat(near.equivalent(0.05)).as("at the family's level: +3.5 % ± 2.8 % reaches past +5 %").isFalse();
        assertThat(near.same(0.10, 0.95).equivalent(0.05)).as("two one-sided tests at 95 %: +3.5 % ± 1.3 %").isTrue();
        PairedRatio open = new PairedRatio("a", "b", 1.02, new PairedRatio.Interval(0.94, 1.10, 0.99, 0.001),
                new PairedRatio.Noise(50, 3, 60, 0.02, 0));
        assertThat(open.decided(0.05)).isFalse();
        assertThat(open.mark(0.05)).isEmpty();
        assertThat(open.sentence("time", 0.05)).startsWith("no difference shown in time between a and b: between "
                + "-6.0 % and +10.0 %; a difference of ");
    }

    @Test
    void whatARunWouldFindEightTimesInTenIsAboutAQuarterBeyondItsHalfWidth() {
        // with many degrees of freedom at 99.9 %: (3.29 + 0.84) / 3.29 = 1.26
        PairedRatio r = new PairedRatio("a", "b", 1.0, new PairedRatio.Interval(Math.exp(-3.2905 * 0.01),
                Math.exp(3.2905 * 0.01), 0.999, 0.001), new PairedRatio.Noise(500, 3, 1e7, 0.01, 0));
        assertThat(Math.log1p(r.detectable()) / 0.032905).isCloseTo(1.256, within(0.01));
        assertThat(r.detectableText()).isEqualTo(String.format(java.util.Locale.ROOT, "%.1f %%",
                r.detectable() * 100));
    }

    @Test
    void aDifferenceBeyondDoublingPrintsAsMoreThanAHundredPercent() {
        // an interval readable as numbers (within half to twice its ratio), but of 3 degrees of freedom at 10^-3:
        // what the run would find 8 times in 10 is many times the ratio
        PairedRatio few = new PairedRatio("a", "b", 1.0, new PairedRatio.Interval(0.6, 1.9, 0.999, 0.001),
                new PairedRatio.Noise(12, 2, 3, 0.2, 0));
        assertThat(few.tooWide()).isFalse();
        assertThat(few.detectable()).isGreaterThan(1);
        assertThat(few.detectableText()).isEqualTo(">100 %");
        assertThat(few.sentence("time", 0.05)).endsWith("a difference of >100 % would be found 80 % of the time");
    }
}
