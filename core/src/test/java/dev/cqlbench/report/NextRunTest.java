package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.stats.PairedRatio;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The forecast of the rounds an open comparison needs, and the text helpers of the terminal report. */
class NextRunTest {

    private static final Claim PLAIN = Claim.of(Question.of("a", "b", "write", Measure.TIME));

    /** 99.9 % two-sided t quantile at 19 degrees of freedom. */
    private static final double T19 = new org.apache.commons.math3.distribution.TDistribution(19)
            .inverseCumulativeProbability(1 - 0.0005);

    private static PairedRatio ratio(double ratio, double halfLog) {
        return ratio(ratio, halfLog, 0);
    }

    /** An interval of half-width {@code halfLog} of which {@code lastingShare} of the variance is the JVMs'. */
    private static PairedRatio ratio(double ratio, double halfLog, double lastingShare) {
        double se = halfLog / T19;
        return new PairedRatio("a", "b", ratio, new PairedRatio.Interval(ratio * Math.exp(-halfLog),
                ratio * Math.exp(halfLog), 0.99, 0.001), new PairedRatio.Noise(20, 2, 19, se, lastingShare * se * se));
    }

    @Test
    void anIntervalTwiceTooWideNeedsFourTimesTheRounds() {
        // +10 %: answered once the half-width is below log 1.10; now it is twice that
        double needed = Math.log(1.10);
        assertThat(NextRun.rounds(ratio(1.10, 2 * needed), PLAIN, 20, 0.05)).isCloseTo(80, within(1e-6));
        // already narrow enough: no more rounds than run
        assertThat(NextRun.rounds(ratio(1.10, needed / 2), PLAIN, 20, 0.05)).isCloseTo(5, within(1e-6));
    }

    @Test
    void aRatioNearOneIsAnsweredAsTheSameWithinTheMarginNotAsADifference() {
        // +1 %: "the same within ±5 %" needs a half-width below log 1.05 − log 1.01, not below log 1.01
        double wanted = Math.log(1.05) - Math.log(1.01);
        assertThat(NextRun.rounds(ratio(1.01, wanted * 3), PLAIN, 12, 0.05)).isCloseTo(12 * 9, within(1e-6));
    }

    @Test
    void aClaimedSizeIsSettledByAnIntervalWithinItsToleranceOrMissingIt() {
        Claim plus28 = Claim.of(Question.of("a", "b", "write", Measure.TIME), 1.28, 1.28);
        // +28 % seen: confirming needs the interval within 1.28/1.10 … 1.28·1.10, a half-width below log 1.10
        assertThat(NextRun.rounds(ratio(1.28, 2 * Math.log(1.10)), plus28, 20, 0.05)).isCloseTo(80, within(1e-6));
        // +5 % seen: contradicting needs it to miss 1.28/1.10, a half-width below log(1.28/1.10/1.05)
        double off = Math.log(1.28 / 1.10 / 1.05);
        assertThat(NextRun.rounds(ratio(1.05, 2 * off), plus28, 20, 0.05)).isCloseTo(80, within(1e-6));
    }

    @Test
    void withoutAMarginARatioOfOneIsNeverAnsweredAndTheForecastSaysAtMostAHundredTimes() {
        assertThat(NextRun.rounds(ratio(1.0, 0.1), PLAIN, 12, 0)).isEqualTo(12 * NextRun.MOST);
        assertThat(NextRun.rounds(null, PLAIN, 3, 0.05)).as("too few rounds for an interval: twice as many, at least 10")
                .isEqualTo(10);
    }

    @Test
    void whereTheJvmsSitApartMoreRoundsCannotSettleItButMoreJvmsCan() {
        double needed = Math.log(1.10);
        // twice too wide, three quarters of its variance what the two JVMs a side add: rounds alone never get there
        PairedRatio apart = ratio(1.10, 2 * needed, 0.75);
        assertThat(NextRun.rounds(apart, PLAIN, 20, 0.05)).isInfinite();
        // with 8 JVMs a side the lasting part is a quarter
        double eight = NextRun.rounds(apart, PLAIN, 20, 0.05, 8, 0);
        assertThat(eight).isFinite().isPositive();
        // the same interval without a lasting part: more JVMs shrink it as more rounds would, a quarter the rounds
        PairedRatio noise = ratio(1.10, 2 * needed, 0);
        assertThat(NextRun.rounds(noise, PLAIN, 20, 0.05, 8, 0))
                .isCloseTo(NextRun.rounds(noise, PLAIN, 20, 0.05) / 4, within(1e-9));
    }

    @Test
    void theForecastAsksForMoreJvmsWhereTheyAnswerWhatRoundsCannot() {
        double needed = Math.log(1.10);
        Map.Entry<Claim, PairedRatio> apart = Map.entry(PLAIN, ratio(1.10, 2 * needed, 0.75));
        Map.Entry<Claim, PairedRatio> noise = Map.entry(PLAIN, ratio(1.10, 2 * needed, 0));
        // a JVM's warm-up costs 30 of its turns in a round
        int[] more = NextRun.plan(List.of(apart, noise), 20, 2, 0.05, 30, List.of(0.0, 0.0));
        assertThat(more[0]).as("JVMs a side").isGreaterThan(2).isLessThanOrEqualTo(NextRun.MOST_FORKS);
        assertThat(more[1]).isPositive().isLessThan((int) (20 * NextRun.MOST));
        assertThat(more[2]).as("none left beyond reach").isZero();
        // a ratio right at the edge of what would settle it: no run reaches it, and the forecast says so
        Map.Entry<Claim, PairedRatio> edge = Map.entry(PLAIN, ratio(1.0499, 2 * needed, 0.75));
        assertThat(NextRun.plan(List.of(edge, noise), 20, 2, 0.05, 30, List.of(0.0, 0.0))[2]).isEqualTo(1);
        // the rounds' noise alone: more rounds answer it without the JVMs' warm-up, the run's JVMs stay
        assertThat(NextRun.plan(List.of(noise), 20, 2, 0.05, 30, List.of(0.0))[0]).isEqualTo(2);
        assertThat(NextRun.plan(List.of(apart), 20, 1, 0.05, 30, List.of(0.0))[0]).as("one JVM a side stays one").isEqualTo(1);
    }

    @Test
    void anIntervalReachingBeyondHalfOrTwiceTheRatioPrintsAsTooWide() {
        PairedRatio wide = ratio(1.18, Math.log(2.5));
        assertThat(wide.tooWide()).isTrue();
        assertThat(wide.effect()).isEqualTo("+18.0 % (±>100 %)");
        assertThat(wide.sentence("time", 0.05)).contains("wider than ±100 %");
        PairedRatio readable = ratio(1.18, Math.log(1.5));
        assertThat(readable.tooWide()).isFalse();
        assertThat(readable.effect()).doesNotContain(">100");
        assertThat(ratio(3.0, Math.log(2.5)).tooWide()).as("an interval that decides is never too wide to read")
                .isFalse();
    }

    @Test
    void longTextIsWrappedAtSpacesWithinTheWidthAndWideTablesAreSplitByColumns() {
        String text = "word ".repeat(60).strip();
        List<String> lines = Format.wrap(text, "    ").lines().toList();
        assertThat(lines).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(120));
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("    word"));
        assertThat(String.join(" ", lines.stream().map(String::strip).toList())).isEqualTo(text);

        assertThat(Table.parts(new int[] {30, 40, 40, 40}, 1)).containsExactly(List.of(0, 1, 2), List.of(0, 3));
        assertThat(Table.parts(new int[] {30, 10, 30, 30, 40}, 2)).as("two columns name a row: both repeat")
                .containsExactly(List.of(0, 1, 2, 3), List.of(0, 1, 4));
        assertThat(Table.parts(new int[] {30, 200}, 1)).as("a column wider than a line stays whole")
                .containsExactly(List.of(0, 1));
    }

    @Test
    void whereNoPoolOfTwentyRunsWouldAnswerItSaysWhatWouldNarrowTheIntervals() {
        String one = new NextRun("./cqlbench calibrate --runs 16", 0, 0, 1, Integer.MAX_VALUE).sentence();
        assertThat(one).startsWith("no run of this length will do, even 20 pooled")
                .contains("leave its interval wider than its claim allows").contains("longer runs pooled")
                .contains("`./cqlbench calibrate --runs 16`");
        assertThat(new NextRun("x", 0, 0, 3, Integer.MAX_VALUE).sentence())
                .contains("leave their intervals wider than their claims allow");
    }
}
