package dev.cqlbench.scenario.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scenario's judgement of what a library read, without a library: a row by key, and a query's rows. */
class ProfileComparisonTest {

    private static final Profile ROWS = ProfileReader.parse("""
            keyspace: ks
            table: t
            table_definition: |
              CREATE TABLE t (k int, c int, v text, tags set<text>, PRIMARY KEY (k, c))
            queries:
              one:
                cql: SELECT * FROM t WHERE k = ? AND c = ?
                fields: samerow
              some:
                cql: SELECT v FROM t WHERE k = ? AND c = ?
                fields: samerow
            """, "test");
    private static final Profile COUNTS = ProfileReader.parse("""
            keyspace: ks
            table: views
            table_definition: |
              CREATE TABLE views (page text PRIMARY KEY, n counter)
            queries:
              page:
                cql: SELECT * FROM views WHERE page = ?
                fields: samerow
            """, "test");

    private static Map<String, Object> row(Object... namesAndValues) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            row.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return row;
    }

    @Test
    void aRowReadBackDiffersInEachColumnThatIsNotWhatWasWritten() {
        Object[] written = {1, 2, "x", java.util.Set.of("a")};
        assertThat(ProfileComparison.differing(ROWS, written, row("k", 1, "c", 2, "v", "x", "tags",
                java.util.Set.of("a")), true)).isEmpty();
        assertThat(ProfileComparison.differing(ROWS, written, row("k", 1, "c", 2, "v", "y", "tags", null), true))
                .containsExactly("v", "tags");
        // a column the library left out is not one it read as null, and one it made up differs too
        assertThat(ProfileComparison.differing(ROWS, new Object[] {1, 2, "x", null}, row("k", 1, "c", 2, "v", "x"),
                true)).containsExactly("tags");
        assertThat(ProfileComparison.differing(ROWS, written, row("k", 1, "c", 2, "v", "x", "tags",
                java.util.Set.of("a"), "extra", 0), true)).containsExactly("extra");
    }

    @Test
    void aCounterDiffersOnlyWhenItsCountIsKnown() {
        Object[] written = {"home", 4L};
        assertThat(ProfileComparison.differing(COUNTS, written, row("page", "home", "n", 9L), true))
                .containsExactly("n");
        assertThat(ProfileComparison.differing(COUNTS, written, row("page", "home", "n", 9L), false)).isEmpty();
    }

    @Test
    void aQuerysRowsAreJudgedByTheRowsOfTheirKeys() {
        Object[] written = {1, 2, "x", java.util.Set.of("a")};
        Map<List<Object>, Object[]> expected = Map.of(List.of(1, 2), written);
        Profile.Query one = ROWS.queries().get("one");
        assertThat(ProfileComparison.judge(ROWS, one, List.of(ROWS.named(written, (c, v) -> v)), expected, true,
                true)).isNull();
        assertThat(ProfileComparison.judge(ROWS, one, List.of(row("k", 1, "c", 2, "v", "y", "tags",
                java.util.Set.of("a"))), expected, true, true)).isEqualTo(ErrorCounts.READ_MISMATCH);
        assertThat(ProfileComparison.judge(ROWS, one, List.of(), expected, true, true))
                .isEqualTo(ErrorCounts.READ_MISSING);
        // a row of a key not written here is another writer's; a query without the key selected is not judged
        assertThat(ProfileComparison.judge(ROWS, one, List.of(row("k", 7, "c", 2, "v", "y", "tags", null)), expected,
                true, true)).isNull();
        assertThat(ProfileComparison.judge(ROWS, ROWS.queries().get("some"), List.of(row("v", "y")), expected, true,
                true)).isNull();
        // counts under load, which no one knows, are not compared
        Profile.Query page = COUNTS.queries().get("page");
        Map<List<Object>, Object[]> counted = Map.of(List.of("home"), new Object[] {"home", 4L});
        assertThat(ProfileComparison.judge(COUNTS, page, List.of(row("page", "home", "n", 9L)), counted, true, true))
                .isEqualTo(ErrorCounts.READ_MISMATCH);
        assertThat(ProfileComparison.judge(COUNTS, page, List.of(row("page", "home", "n", 9L)), counted, true, false))
                .isNull();
    }
}
