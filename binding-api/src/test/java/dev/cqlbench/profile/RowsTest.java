package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows drawn from a profile: the same seed, the same rows; the profile's shape respected. */
class RowsTest {

    private static final Profile TIMESERIES = ProfileReader.read(Path.of("../profiles/timeseries.yaml"), "ts");

    @Test
    void theSameSeedDrawsTheSameRowsAndAnotherSeedOthers() {
        List<Object[]> a = new Rows(TIMESERIES, 1).insert(99);
        List<Object[]> b = new Rows(TIMESERIES, 1).insert(99);
        List<Object[]> c = new Rows(TIMESERIES, 2).insert(99);
        assertThat(a).hasSameSizeAs(b);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i)).containsExactly(b.get(i));
        }
        assertThat(a.get(0)[0]).isNotEqualTo(c.get(0)[0]);
    }

    @Test
    void aPartitionHasAsManyRowsAsItsClusterDistributionSaysAndOneKey() {
        Rows rows = new Rows(TIMESERIES, 7);
        for (long seed = 0; seed < 200; seed++) {
            Rows.Partition p = rows.partition(seed);
            assertThat(p.rows()).hasSizeBetween(1, 20); // ts: uniform(5..20), duplicates folded
            for (Object[] row : p.rows()) {
                assertThat(row[0]).isEqualTo(p.key()[0]);
                assertThat(row[1]).isEqualTo(p.key()[1]);
                assertThat((String) row[4]).hasSize(2); // unit: size fixed(2)
            }
        }
        // day: population uniform(1..365): at most 365 distinct days over many partitions
        java.util.Set<Object> days = new java.util.HashSet<>();
        for (long seed = 0; seed < 3000; seed++) {
            days.add(rows.partition(seed).key()[1]);
        }
        assertThat(days.size()).isBetween(300, 365);
    }

    @Test
    void everyTypeIsDrawnAsItsJavaType() {
        Profile all = ProfileReader.read(Path.of("../profiles/all-types.yaml"), "all");
        Object[] row = new Rows(all, 3).partition(5).rows().get(0);
        java.util.Map<String, Object> named = new Rows(all, 3).named(row);
        assertThat(named.get("a_timeuuid")).isInstanceOfSatisfying(java.util.UUID.class,
                u -> assertThat(u.version()).isEqualTo(1));
        assertThat(named.get("a_duration")).isInstanceOf(dev.cqlbench.binding.CqlValues.Duration.class);
        assertThat(named.get("a_tuple")).isInstanceOf(dev.cqlbench.binding.CqlValues.Tuple.class);
        assertThat(named.get("a_udt")).isInstanceOf(dev.cqlbench.binding.CqlValues.Udt.class);
        assertThat(named.get("a_vector")).asList().hasSize(4);
        assertThat(named.get("a_timestamp")).isInstanceOfSatisfying(java.time.Instant.class,
                t -> assertThat(t.getNano() % 1_000_000).isZero());
    }

    @Test
    void aSelectShareBelowOneStillLetsAnInsertTakeEveryRowSoItIsABatch() {
        Profile p = ProfileReader.parse("""
                keyspace: ks
                table: t
                table_definition: CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))
                columnspec:
                  - name: c
                    cluster: fixed(3)
                insert:
                  partitions: fixed(1)
                  select: fixed(1)/3
                  batchtype: UNLOGGED
                """, "select.yaml");
        Rows rows = new Rows(p, 7);
        int most = 0;
        for (long seed = 0; seed < 300; seed++) {
            most = Math.max(most, rows.insert(seed).size());
        }
        assertThat(most).as("each row taken with chance 1/3: some insert takes several").isGreaterThan(1)
                .isLessThanOrEqualTo((int) Features.rowsPerInsertMax(p));
        assertThat(Features.rowsPerInsertMax(p)).isEqualTo(3);
        assertThat(Features.of(p)).contains("batch:UNLOGGED");
    }
}
