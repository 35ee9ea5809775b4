package dev.cqlbench.scenario.profile;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What both modes of a profile run check, and how: the values a query is bound with, a query's result against the
 * rows written, a row read back against the row written. One per worker, over its library's table.
 */
record ProfileChecks(ProfileTable table, ProfilePlan plan, Instruments instruments) {

    private Profile profile() {
        return plan.profile();
    }

    /**
     * The values a query's markers take: from one row of {@code insert} ({@code samerow}), or each from a row of
     * that row's partition ({@code multirow}), drawn with {@code seed}.
     */
    Object[] binds(Profile.Query query, List<Object[]> insert, long seed) {
        Object[] row = insert.get((int) Math.floorMod(seed, insert.size()));
        List<Object[]> partition = query.fields().equals("samerow") ? List.<Object[]>of(row) : sameKey(insert, row);
        Object[] values = new Object[query.binds().size()];
        for (int b = 0; b < values.length; b++) {
            Object[] from = partition.get((int) Math.floorMod(Rows.mix(seed, b), partition.size()));
            values[b] = from[column(query.binds().get(b))];
        }
        return values;
    }

    /** The rows of {@code insert} in {@code row}'s partition. */
    List<Object[]> sameKey(List<Object[]> insert, Object[] row) {
        int partitionColumns = profile().partitionKey().size();
        return insert.stream().filter(r -> Arrays.equals(Arrays.copyOf(r, partitionColumns),
                Arrays.copyOf(row, partitionColumns))).toList();
    }

    /**
     * A query's result judged against the rows written ({@link ProfileComparison#judge}): the error it is, or null;
     * counters compared except on a counter table under load, whose counts no one knows.
     */
    String judge(Profile.Query query, Object result, Map<List<Object>, Object[]> expected, boolean mustFind) {
        if (!query.select()) {
            return null;
        }
        return ProfileComparison.judge(profile(), query, table.rows(result), expected, mustFind,
                !(plan.loadMode() && profile().counterTable()));
    }

    /**
     * Untimed: the row with primary key {@code key} read back through the library and compared with
     * {@code expected} ({@code counts}: a counter's count too; else, under load, where no one knows it, not), counted
     * in {@code checked}; a difference is an error {@code wrong} records.
     */
    void readBackRow(List<Object> key, Object[] expected, boolean counts, Checked checked,
                          java.util.function.Consumer<String> wrong) {
        Map<String, Object> got;
        try {
            got = table.read(key.toArray());
        } catch (Exception e) {
            checked.unverifiable();
            return;
        }
        instruments.liveness().completed();
        String kind = got == null ? ErrorCounts.ROW_MISSING
                : ProfileComparison.differing(profile(), expected, got, counts).isEmpty() ? null
                : ErrorCounts.ROW_WRONG;
        checked.compared(kind != null);
        if (kind != null) {
            wrong.accept(kind);
        }
    }

    int column(String name) {
        return profile().indexOf(name);
    }
}
