package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** N clients together do exactly the one-client workload. */
class ClientShardTest {

    @Test
    void slicesCoverTheRecordsOnceAndSharesAddUp() {
        for (int n : new int[] {1, 3, 7}) {
            long next = 0;
            long ops = 0;
            double rate = 0;
            for (int i = 0; i < n; i++) {
                ClientShard c = new ClientShard(i, n, 1);
                assertThat(c.first(1000)).isEqualTo(next);
                next += c.slice(1000);
                ops += c.share(1001);
                rate += c.rate(300);
            }
            assertThat(next).isEqualTo(1000);
            assertThat(ops).isEqualTo(1001);
            assertThat(rate).isCloseTo(300, org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void insertsOfDifferentClientsNeverMeet() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            for (long k = 0; k < 100; k++) {
                long record = new ClientShard(i, 4, 1).insert(1000, k);
                assertThat(record).isGreaterThanOrEqualTo(1000);
                assertThat(seen.add(record)).as("record %d inserted twice", record).isTrue();
            }
        }
        assertThat(seen).hasSize(400);
    }

    @Test
    void schedulesInterleaveEvenly() {
        // client i's n-th operation is due at (n + i/N) of its interval N/rate: together, one every 1/rate
        Set<Double> due = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            ClientShard c = new ClientShard(i, 3, 1);
            for (int n = 0; n < 5; n++) {
                due.add((n + c.phase()) / c.rate(300) * 300);
            }
        }
        assertThat(due.stream().map(d -> Math.round(d * 1000) / 1000.0).sorted().toList())
                .containsExactly(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0);
    }

    @Test
    void theOptionsAreCheckedWithTheirNames() {
        assertThat(ClientShard.parse("2/8", "2026-11-25T10:00:00Z").runId()).isEqualTo("2026-11-25T10:00:00Z");
        assertThat(ClientShard.parse("0/2", "1795600800").startAtMillis()).isEqualTo(1_795_600_800_000L);
        assertThat(ClientShard.parse(null, null)).isEqualTo(ClientShard.ALONE);
        assertThatThrownBy(() -> ClientShard.parse("3/3", "1795600800")).isInstanceOf(BadSetting.class)
                .hasMessageContaining("0 <= i < N");
        assertThatThrownBy(() -> ClientShard.parse("1-3", null)).hasMessageContaining("--client must look like 2/8");
        assertThatThrownBy(() -> ClientShard.parse("1/3", null)).hasMessageContaining("needs --run-id")
                .hasMessageContaining("or --start-at");
        // a run's name instead of an instant: the clients meet in the cluster to start
        ClientShard named = ClientShard.parse("1/3", null, "job-7f3a");
        assertThat(named.runId()).isEqualTo("job-7f3a");
        assertThat(named.meets()).isTrue();
        assertThat(named.whole()).isEqualTo(new ClientShard(0, 1, 0, "job-7f3a"));
        assertThat(ClientShard.parse("1/3", "1795600800", "job-7f3a").meets()).isFalse();
        assertThat(ClientShard.parse("1/3", "1795600800").runId()).isEqualTo("2026-11-25T10:00:00Z");
        assertThatThrownBy(() -> ClientShard.parse("1/3", null, "a b")).hasMessageContaining("--run-id must be");
        assertThatThrownBy(() -> ClientShard.parse("1/3", "tomorrow")).hasMessageContaining("--start-at must be");
    }
}
