package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.stats.PairedRatio;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static PairedRatio ratio(double lower, double value, double upper) {
        return new PairedRatio("a", "b", value, lower, upper, 0.99, 50, 3, 40, 0.01, 0.001);
    }

    @Test
    void aClaimedFactorIsConfirmedOnlyByAnIntervalWithinItsTolerance() {
        // within 10 % of +28 %: 1.164 to 1.408
        assertThat(Verdict.ofRatio(ratio(1.20, 1.28, 1.36), 1.28, 1.28)).isEqualTo(Status.CONFIRMED);
        assertThat(Verdict.ofRatio(ratio(1.12, 1.25, 1.38), 1.28, 1.28)).isEqualTo(Status.CONSISTENT);
    }

    @Test
    void aWiderIntervalConfirmsNothingMore() {
        // it holds the claim and leaves out 1, yet it would hold +2 % as well as +60 %
        assertThat(Verdict.ofRatio(ratio(1.02, 1.28, 1.60), 1.28, 1.28)).isEqualTo(Status.CONSISTENT);
    }

    @Test
    void aClaimedFactorTheIntervalMissesIsContradicted() {
        assertThat(Verdict.ofRatio(ratio(0.97, 1.04, 1.11), 1.28, 1.28)).isEqualTo(Status.CONTRADICTED);
        assertThat(Verdict.ofRatio(ratio(0.80, 0.83, 0.88), 1.21, 1.27)).isEqualTo(Status.CONTRADICTED);
        // within the tolerance of the claim is not a miss: 1.10 is 1.21 less 10 %
        assertThat(Verdict.ofRatio(ratio(1.05, 1.08, 1.12), 1.21, 1.27)).isEqualTo(Status.CONSISTENT);
    }

    @Test
    void anIntervalHoldingBothTheClaimAndNoDifferenceCannotDecide() {
        assertThat(Verdict.ofRatio(ratio(0.95, 1.12, 1.30), 1.21, 1.27)).isEqualTo(Status.CONSISTENT);
    }

    @Test
    void aClaimOfNoDifferenceIsConfirmedOnlyWhenTheWholeIntervalLiesWithinIt() {
        assertThat(Verdict.ofRatio(ratio(0.96, 1.00, 1.04), 0, 1.05)).isEqualTo(Status.CONFIRMED);
        assertThat(Verdict.ofRatio(ratio(0.96, 1.02, 1.09), 0, 1.05)).isEqualTo(Status.WITHIN_PRECISION);
        assertThat(Verdict.ofRatio(ratio(1.07, 1.10, 1.13), 0, 1.05)).isEqualTo(Status.CONTRADICTED);
    }

    @Test
    void aClaimOfADirectionNeedsTheIntervalOnItsSide() {
        assertThat(Verdict.ofRatio(ratio(1.01, 1.05, 1.09), 1, Double.MAX_VALUE)).isEqualTo(Status.CONFIRMED);
        assertThat(Verdict.ofRatio(ratio(0.97, 1.01, 1.05), 1, Double.MAX_VALUE))
                .isEqualTo(Status.WITHIN_PRECISION);
        assertThat(Verdict.ofRatio(ratio(0.90, 0.93, 0.97), 1, Double.MAX_VALUE)).isEqualTo(Status.CONTRADICTED);
    }

    @Test
    void withoutAnIntervalThereAreTooFewSamples() {
        assertThat(Verdict.ofRatio((PairedRatio) null, 1.28, 1.28)).isEqualTo(Status.TOO_FEW);
    }
}
