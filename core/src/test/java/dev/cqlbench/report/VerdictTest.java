package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.stats.PairedRatio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VerdictTest {

    /**
     * An interval of A/B ({@code lower}, {@code value}, {@code upper}), the range A/B is claimed in ({@code low} to
     * {@code high}; {@code any more}: no upper end, a direction) and the verdict it gets.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # rule                                                                                   | lower | value | upper | low  | high     | verdict
            a claimed factor is confirmed by an interval within 10 % of it (+28 %: 1.164 to 1.408)   | 1.20  | 1.28  | 1.36  | 1.28 | 1.28     | CONFIRMED
            an interval reaching beyond the claim's tolerance is only consistent                     | 1.12  | 1.25  | 1.38  | 1.28 | 1.28     | CONSISTENT
            a wider interval confirms nothing more: it leaves out 1, yet holds +2 % as well as +60 % | 1.02  | 1.28  | 1.60  | 1.28 | 1.28     | CONSISTENT
            a claimed factor the interval misses is contradicted                                     | 0.97  | 1.04  | 1.11  | 1.28 | 1.28     | CONTRADICTED
            a claimed range the interval misses is contradicted                                      | 0.80  | 0.83  | 0.88  | 1.21 | 1.27     | CONTRADICTED
            within the tolerance of the claim is not a miss: 1.10 is 1.21 less 10 %                  | 1.05  | 1.08  | 1.12  | 1.21 | 1.27     | CONSISTENT
            an interval holding both the claim and no difference cannot decide                       | 0.95  | 1.12  | 1.30  | 1.21 | 1.27     | CONSISTENT
            no difference is confirmed when the whole interval lies within it                        | 0.96  | 1.00  | 1.04  | 0    | 1.05     | CONFIRMED
            no difference, an interval reaching beyond it: within the precision reached              | 0.96  | 1.02  | 1.09  | 0    | 1.05     | WITHIN_PRECISION
            no difference, an interval beyond it: contradicted                                       | 1.07  | 1.10  | 1.13  | 0    | 1.05     | CONTRADICTED
            a direction is confirmed by an interval on its side                                      | 1.01  | 1.05  | 1.09  | 1    | any more | CONFIRMED
            a direction, an interval holding 1: within the precision reached                         | 0.97  | 1.01  | 1.05  | 1    | any more | WITHIN_PRECISION
            a direction, an interval on the other side: contradicted                                 | 0.90  | 0.93  | 0.97  | 1    | any more | CONTRADICTED
            """)
    void anIntervalAgainstAClaim(String rule, double lower, double value, double upper, double low, String high,
                                 Status verdict) {
        PairedRatio ratio = new PairedRatio("a", "b", value, new PairedRatio.Interval(lower, upper, 0.99, 0.001),
                new PairedRatio.Noise(50, 3, 40, 0.01, 0));
        double claimedHigh = high.equals("any more") ? Double.MAX_VALUE : Double.parseDouble(high);
        assertThat(Verdict.ofRatio(ratio, low, claimedHigh)).as(rule).isEqualTo(verdict);
    }

    @Test
    void withoutAnIntervalThereAreTooFewSamples() {
        assertThat(Verdict.ofRatio((PairedRatio) null, 1.28, 1.28)).isEqualTo(Status.TOO_FEW);
    }
}
