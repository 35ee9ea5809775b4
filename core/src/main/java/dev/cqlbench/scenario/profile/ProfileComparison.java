package dev.cqlbench.scenario.profile;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.profile.Profile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How a profile run decides that what a library read is what was written: pure functions of the profile, the rows
 * written and the values the library gave back ({@code ProfileTable.read}, {@code ProfileTable.rows}), so that the
 * scenario's checks ({@link ProfileChecks}) and the contract every binding passes (testkit's
 * {@code ProfileTableContract}) judge with the same code.
 */
public final class ProfileComparison {

    private ProfileComparison() {}

    /**
     * The columns in which {@code got}, a row read back by its primary key, differs from {@code written} (values in
     * column order), in column order: a column one has and the other lacks differs too. A counter differs only when
     * {@code counts}; without it (under load, where no one knows a count) the counter is taken as read. Empty: the
     * row holds what was written.
     */
    public static List<String> differing(Profile profile, Object[] written, Map<String, Object> got, boolean counts) {
        Map<String, Object> want = profile.named(written, (c, value) -> value);
        if (!counts) {
            profile.columns().stream().filter(c -> c.type().equals("counter")).forEach(c -> want.put(c.name(),
                    got.get(c.name())));
        }
        Set<String> columns = new LinkedHashSet<>(want.keySet());
        columns.addAll(got.keySet());
        List<String> differing = new ArrayList<>();
        for (String column : columns) {
            if (want.containsKey(column) != got.containsKey(column)
                    || !Objects.equals(want.get(column), got.get(column))) {
                differing.add(column);
            }
        }
        return differing;
    }

    /**
     * A query's result, {@code found} (its rows, column name → value, as the library gave them): every row with the
     * whole primary key selected that is one of {@code expected} (rows written, by primary key) must be it, value for
     * value in what it selects ({@code values}: false on a counter table under load, whose counts no one knows); a
     * query that binds the whole primary key with = must find its row when {@code mustFind}. A row of another key is
     * not this check's to judge (another cycle's, thread's or library's).
     *
     * @return {@link ErrorCounts#READ_MISSING}, {@link ErrorCounts#READ_MISMATCH}, or null when the result is right
     */
    public static String judge(Profile profile, Profile.Query query, List<Map<String, Object>> found,
                               Map<List<Object>, Object[]> expected, boolean mustFind, boolean values) {
        if (!query.select()) {
            return null;
        }
        boolean wholeKey = query.fields().equals("samerow") && profile.primaryKey().stream()
                .allMatch(c -> query.binds().contains(c.name()));
        if (found.isEmpty()) {
            return wholeKey && mustFind ? ErrorCounts.READ_MISSING : null;
        }
        boolean keySelected = profile.primaryKey().stream().allMatch(c -> query.selected().contains(c.name()));
        if (!keySelected) {
            return null;
        }
        int keyColumns = profile.primaryKey().size();
        for (Map<String, Object> got : found) {
            Object[] key = new Object[keyColumns];
            for (int k = 0; k < keyColumns; k++) {
                key[k] = got.get(profile.columns().get(k).name());
            }
            Object[] row = expected.get(Arrays.asList(key));
            if (row == null) {
                continue;
            }
            for (String column : query.selected()) {
                boolean counted = profile.column(column).type().equals("counter");
                if ((values || !counted) && !Objects.equals(row[profile.indexOf(column)], got.get(column))) {
                    return ErrorCounts.READ_MISMATCH;
                }
            }
        }
        return null;
    }
}
