package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where clients that met start: the same instant for all, from the same arrivals. */
class ClientBarrierTest {

    @Test
    void theyStartAtTheNextWholeSecondAfterTheMarginAndNeverBeforeTheRunsStart() {
        assertThat(ClientBarrier.startAfter(10_300, 0)).isEqualTo(11_000);
        assertThat(ClientBarrier.startAfter(10_600, 0)).isEqualTo(12_000);
        assertThat(ClientBarrier.startAfter(10_000, 0)).isEqualTo(11_000);
        assertThat(ClientBarrier.startAfter(10_300, 20_000)).isEqualTo(20_000);
    }
}
