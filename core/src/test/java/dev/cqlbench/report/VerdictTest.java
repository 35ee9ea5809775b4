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
    void aClaimedFactorInsideAnIntervalThatLeavesOutOneIsConfirmed() {
        assertThat(Verdict.ofRatio(ratio(1.20, 1.25, 1.31), 1.28, 1.28)).isEqualTo(Status.CONFIRMED);
    }

    @Test
    void aClaimedFactorTheIntervalMissesIsContradicted() {
        assertThat(Verdict.ofRatio(ratio(0.97, 1.04, 1.11), 1.28, 1.28)).isEqualTo(Status.CONTRADICTED);
        assertThat(Verdict.ofRatio(ratio(0.80, 0.83, 0.88), 1.21, 1.27)).isEqualTo(Status.CONTRADICTED);
    }

    @Test
    void anIntervalHoldingBothTheClaimAndNoDifferenceCannotDecide() {
        assertThat(Verdict.ofRatio(ratio(0.95, 1.12, 1.30), 1.21, 1.27)).isEqualTo(Status.WITHIN_PRECISION);
    }

    @Test
    void aClaimOfNoDifferenceIsConfirmedOnlyWhenTheWholeIntervalLiesWithinIt() {
        assertThat(Verdict.ofRatio(ratio(0.96, 1.00, 1.04), 0, 1.05)).isEqualTo(Status.CONFIRMED);
        assertThat(Verdict.ofRatio(ratio(0.96, 1.02, 1.09), 0, 1.05)).isEqualTo(Status.WITHIN_PRECISION);
        assertThat(Verdict.ofRatio(ratio(1.07, 1.10, 1.13), 0, 1.05)).isEqualTo(Status.CONTRADICTED);
    }

    @Test
    void withoutAnIntervalThereAreTooFewSamples() {
        assertThat(Verdict.ofRatio((PairedRatio) null, 1.28, 1.28)).isEqualTo(Status.TOO_FEW);
    }
}
