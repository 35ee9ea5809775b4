package dev.cqlbench.profile;

import dev.cqlbench.binding.Capability;

import java.util.List;
import java.util.Map;

/**
 * A user's table and queries (a cassandra-stress profile) through one library. Values are {@link CqlValues}, rows
 * are values in the profile's column order ({@link Profile#columns}). What is timed is the library's work:
 * {@link #write} and {@link #query}; turning values into what the application would hold (a mapper's entities, a
 * driver's value objects) and results back into values for checking happen outside it.
 */
public interface ProfileTable {

    /** The rows of one insert as the application holds them before it writes them (untimed). */
    Object toWrite(List<Object[]> rows) throws Exception;

    /**
     * Writes what {@link #toWrite} gave: one statement for one row, a batch of the profile's type for several,
     * with the profile's condition if it has one; a write the condition does not let through (not applied) throws.
     */
    void write(Object rows) throws Exception;

    /** The bound values of query {@code name} as the application holds them (untimed). */
    Object toBind(String name, Object[] values) throws Exception;

    /** Runs query {@code name} with what {@link #toBind} gave; the result consumed whole (every row decoded). */
    Object query(String name, Object bound) throws Exception;

    /** A result of {@link #query}: its rows, each column name → value (untimed, for checking). */
    List<Map<String, Object>> rows(Object result);

    /** The row with this primary key (values in key order), column name → value; null when there is none. */
    Map<String, Object> read(Object[] primaryKey) throws Exception;

    /** A value of column {@code column} as the library holds it. */
    @FunctionalInterface
    interface Converter {
        Object convert(int column, Object value) throws Exception;
    }

    /** What makes an entity of the library from a row's converted values. */
    @FunctionalInterface
    interface EntityMaker {
        Object entity(Object[] values) throws Exception;
    }

    /**
     * The rows of one insert as a mapper's entities (for {@link #toWrite}): each value converted, an entity made of
     * each row; the entity alone for one row, the list for several.
     */
    static Object entities(List<Object[]> rows, Converter convert, EntityMaker maker) throws Exception {
        List<Object> entities = new java.util.ArrayList<>(rows.size());
        for (Object[] row : rows) {
            Object[] values = new Object[row.length];
            for (int c = 0; c < row.length; c++) {
                values[c] = convert.convert(c, row[c]);
            }
            entities.add(maker.entity(values));
        }
        return entities.size() == 1 ? entities.get(0) : entities;
    }

    /** Runs a write (for {@link #write}); a batch Cassandra refuses as too large becomes a {@link
     * dev.cqlbench.binding.BatchRejectedException}, whatever the library wrapped it in. */
    static void refusingLargeBatches(Runnable write) {
        try {
            write.run();
        } catch (RuntimeException e) {
            throw dev.cqlbench.binding.BatchRejectedException.ifTooLarge(e);
        }
    }

    /**
     * Fails a write whose condition did not hold (for {@link #write}): a batch's ({@code batch}), or one row's insert,
     * whose row exists.
     */
    static void requireApplied(boolean applied, boolean batch, Profile profile) {
        if (!applied) {
            throw new IllegalStateException((batch ? "batch not applied: its condition did not hold ("
                    : "insert not applied: the row exists (") + profile.insert().condition() + ")");
        }
    }

    /** The profile's table in {@code keyspace}, statements prepared. */
    record On(Profile profile, String keyspace) implements Capability<ProfileTable> {
        @Override
        public Class<ProfileTable> type() {
            return ProfileTable.class;
        }
    }
}
