package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When JVMs added at the first look pay: they must leave a variant at least the rounds it gives up. */
class RoundRuleTest {

    @Test
    void aRunWithHundredsOfRoundsLeftGivesMoreJvms() {
        // crud at its defaults: first look after 30 rounds of 0.7 s, 400 planned, JVMs warm in 20 s
        assertThat(RoundRule.morePay(30, 400, 0.7, 20)).isTrue();
    }

    @Test
    void aTimeLimitedRunNearItsEndKeepsItsJvms() {
        // the 120-s profile: first look after 20 rounds of 4.2 s, 27 rounds in reach, JVMs warm in 30 s
        assertThat(RoundRule.morePay(20, 27, 4.2, 30)).isFalse();
    }

    @Test
    void theRoundsAfterWarmingAndSettlingMustAtLeastMatchThoseGivenUp() {
        // 20 done; 10 s of warming at 1 s a round and 2 settling rounds: 12 rounds lost of those left
        assertThat(RoundRule.morePay(20, 52, 1.0, 10)).isTrue();
        assertThat(RoundRule.morePay(20, 51, 1.0, 10)).isFalse();
        assertThat(RoundRule.morePay(20, 400, 0, 10)).as("no pace yet").isFalse();
    }
}
