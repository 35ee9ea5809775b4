package dev.cqlbench.scenario.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WriteDataTest {

    /** Rows of window [start, start+m) whose sensor an earlier row of the same window already used. */
    private static int hits(WriteData data, int start, int m) {
        Set<Long> seen = new HashSet<>();
        int hits = 0;
        for (int i = start; i < start + m; i++) {
            if (!seen.add(data.sensor(i))) {
                hits++;
            }
        }
        return hits;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 20, 40, 60, 80, 100})
    void eachWindowHasExactlyTheLocalityAsCacheHitRate(int locality) {
        int window = 1000;
        WriteData data = WriteData.generate(7, 10_500, window, locality, 1, 0);
        for (int start = 0; start < data.size(); start += window) {
            int m = Math.min(window, data.size() - start);
            assertThat(hits(data, start, m)).isEqualTo(WriteData.reuseCount(m, locality));
        }
        // the study's definition: P % of a window's rows hit a key already in it
        assertThat(hits(data, 0, window)).isEqualTo(Math.min(window - 1, window * locality / 100));
    }

    @Test
    void keysAreNeverSharedAcrossWindowsAndRowsAreUnique() {
        WriteData data = WriteData.generate(3, 5000, 500, 60, 1000, 1_600_000_000_000L);
        Set<Long> previousWindows = new HashSet<>();
        Set<String> rows = new HashSet<>();
        for (int start = 0; start < data.size(); start += 500) {
            Set<Long> window = new HashSet<>();
            for (int i = start; i < start + 500; i++) {
                window.add(data.sensor(i));
                assertThat(rows.add(data.sensor(i) + "/" + data.tsMillis(i))).isTrue();
            }
            assertThat(java.util.Collections.disjoint(window, previousWindows)).isTrue();
            previousWindows.addAll(window);
        }
        assertThat(data.tsMillis(0)).isEqualTo(1_600_000_000_000L);
        assertThat(data.tsMillis(4999)).isEqualTo(1_600_000_004_999L);
    }

    @Test
    void theSameSeedGivesTheSameRows() {
        WriteData a = WriteData.generate(11, 2000, 300, 40, 1, 0);
        WriteData b = WriteData.generate(11, 2000, 300, 40, 1, 0);
        WriteData c = WriteData.generate(12, 2000, 300, 40, 1, 0);
        BitSet all = new BitSet();
        all.set(0, 2000);
        assertThat(a.checksum(all)).isEqualTo(b.checksum(all)).isNotEqualTo(c.checksum(all));
    }

    @Test
    void reuseLeavesTheFirstRowOfAWindowNew() {
        assertThat(WriteData.reuseCount(1, 80)).isZero();
        assertThat(WriteData.reuseCount(10, 100)).isEqualTo(9);
        assertThat(WriteData.reuseCount(8000, 20)).isEqualTo(1600);
        assertThatThrownBy(() -> WriteData.generate(1, 10, 0, 10, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WriteData.generate(1, 10, 5, 101, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theVerifierFindsMissingWrongDuplicateAndUnacknowledgedRows() {
        WriteData data = WriteData.generate(5, 100, 10, 50, 1, 1_000);
        BitSet acknowledged = new BitSet();
        acknowledged.set(0, 98); // rows 98 and 99 failed
        WriteData.Verifier ok = data.verifier();
        for (int i = 0; i < 98; i++) {
            ok.row(data.sensor(i), data.tsMillis(i), data.value(i));
        }
        assertThat(ok.read()).isEqualTo(98);
        assertThat(ok.missing(acknowledged)).isZero();
        assertThat(ok.wrong()).isZero();
        assertThat(ok.checksum()).isEqualTo(data.checksum(acknowledged));

        WriteData.Verifier bad = data.verifier();
        for (int i = 1; i < 100; i++) { // row 0 lost; 98 and 99 applied although they failed
            bad.row(data.sensor(i), data.tsMillis(i), data.value(i));
        }
        bad.row(data.sensor(5), data.tsMillis(5), data.value(5)); // the same row twice
        bad.row(data.sensor(6), data.tsMillis(6), data.value(6) + 1); // another value
        bad.row(data.sensor(7), 999, 1.0); // a time no row of the cell has
        assertThat(bad.missing(acknowledged)).isEqualTo(1);
        assertThat(bad.wrong()).isEqualTo(3);
        assertThat(bad.presentUnacknowledged(acknowledged)).isEqualTo(2);
        assertThat(bad.checksum()).isNotEqualTo(ok.checksum());
    }
}
