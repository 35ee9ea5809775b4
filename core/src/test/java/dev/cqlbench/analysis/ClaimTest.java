package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.Claim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cqlbench.result.Claim.Judgement;
import dev.cqlbench.stats.PairedRatio;
import org.junit.jupiter.api.Test;

class ClaimTest {

    private static final Question Q = Question.of("a", "b", "write", Measure.TIME);

    /** An interval at 99.9 % of 40 degrees of freedom, its standard error as wide as its ends say. */
    private static PairedRatio ratio(double lower, double value, double upper) {
        double se = Math.log(upper / lower) / 2
                / new org.apache.commons.math3.distribution.TDistribution(40).inverseCumulativeProbability(0.9995);
        return new PairedRatio("a", "b", value, new PairedRatio.Interval(lower, upper, 0.99, 0.001),
                new PairedRatio.Noise(50, 2, 40, se, 0));
    }

    @Test
    void aClaimedSizeIsJudgedAgainstItsToleranceNotAgainstOne() {
        // within 10 % of +28 %: 1.164 to 1.408
        assertThat(Claim.judge(1.20, 1.36, 1.28, 1.28)).isEqualTo(Judgement.CONFIRMED);
        assertThat(Claim.judge(1.02, 1.60, 1.28, 1.28)).isEqualTo(Judgement.CONSISTENT);
        assertThat(Claim.judge(0.97, 1.11, 1.28, 1.28)).isEqualTo(Judgement.CONTRADICTED);
        assertThat(Claim.judge(1.42, 1.60, 1.28, 1.28)).as("above the claim's tolerance")
                .isEqualTo(Judgement.CONTRADICTED);
    }

    @Test
    void aClaimOfADirectionIsContradictedByTheOtherSideOrByTheSameWithinThePrecision() {
        Claim faster = Claim.of(Q, 0, 1);
        assertThat(faster.judgedBy(ratio(0.80, 0.85, 0.90), 0.05)).isEqualTo(Judgement.CONFIRMED);
        assertThat(faster.judgedBy(ratio(1.02, 1.06, 1.10), 0.05)).isEqualTo(Judgement.CONTRADICTED);
        assertThat(faster.judgedBy(ratio(0.97, 1.00, 1.03), 0.05)).as("the same within ±5 %")
                .isEqualTo(Judgement.CONTRADICTED);
        assertThat(faster.judgedBy(ratio(0.90, 0.99, 1.09), 0.05)).isEqualTo(Judgement.OPEN);
        assertThat(faster.judgedBy(null, 0.05)).isEqualTo(Judgement.OPEN);
    }

    @Test
    void aQuestionWithoutARangeIsSettledByADifferenceOrTheSameWithinThePrecision() {
        Claim plain = Claim.of(Q);
        assertThat(plain.settledBy(ratio(1.02, 1.06, 1.10), 0.05)).isTrue();
        assertThat(plain.settledBy(ratio(0.97, 1.00, 1.03), 0.05)).isTrue();
        assertThat(plain.settledBy(ratio(0.96, 1.02, 1.08), 0.05)).isFalse();
    }

    @Test
    void theHalfWidthThatWouldSettleAClaimIsHowFarItsRatioLiesInsideOrOutside() {
        Claim plus28 = Claim.of(Q, 1.28, 1.28);
        assertThat(plus28.needed(1.28, 0.05)).isCloseTo(Math.log(1.10), within(1e-12));
        assertThat(plus28.needed(1.05, 0.05)).isCloseTo(Math.log(1.28 / 1.10 / 1.05), within(1e-12));
        assertThat(Claim.of(Q).needed(1.10, 0.05)).isCloseTo(Math.log(1.10), within(1e-12));
        assertThat(Claim.of(Q).needed(1.01, 0.05)).isCloseTo(Math.log(1.05) - Math.log(1.01), within(1e-12));
    }
}
