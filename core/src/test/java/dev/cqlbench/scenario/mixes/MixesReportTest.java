package dev.cqlbench.scenario.mixes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MixesReportTest {

    /** A rate's interval never reaches below zero ops/s: one as wide as the rate is said to be wider than that. */
    @Test
    void aRatesIntervalAsWideAsTheRateIsTooWideNotNegative() {
        assertThat(MixesReport.halfWidth(0.587)).isEqualTo("± 58.7 %");
        assertThat(MixesReport.halfWidth(2.109)).isEqualTo("±>100 %");
        assertThat(MixesReport.halfWidth(1.0)).isEqualTo("±>100 %");
    }
}
