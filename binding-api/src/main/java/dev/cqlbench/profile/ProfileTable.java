package dev.cqlbench.profile;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

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

    /**
     * A result of {@link #query}: its rows, each column name → value (untimed, for checking); by default the
     * {@link DecodedRows} a driver's query gave.
     */
    default List<Map<String, Object>> rows(Object result) {
        return ((DecodedRows) result).named();
    }

    /** The row with this primary key (values in key order), column name → value; null when there is none. */
    Map<String, Object> read(Object[] primaryKey) throws Exception;

    /**
     * Fails a write whose condition did not hold (for {@link #write}): a batch's ({@code batch}), or one row's insert,
     * whose row exists ({@code IF NOT EXISTS}) or whose columns are not as the condition asks.
     */
    static void requireApplied(boolean applied, boolean batch, Profile profile) {
        if (!applied) {
            throw new IllegalStateException((batch ? "batch" : "insert") + " not applied: "
                    + (batch || Statements.updates(profile) ? "its condition did not hold (" : "the row exists (")
                    + profile.insert().condition() + ")");
        }
    }

    /**
     * A driver's {@link #toWrite}: each row's values in the insert's order ({@link Statements#insertOrder}), bound to
     * the driver's insert; one statement, or several in a batch.
     *
     * @param bind  the driver's insert bound to one row's values
     * @param batch the driver's batch of several
     */
    static <S> Object statements(List<Object[]> rows, int[] insertOrder, Function<Object[], S> bind,
                                 Function<List<S>, Object> batch) {
        List<S> bound = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            Object[] values = new Object[insertOrder.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = row[insertOrder[i]];
            }
            bound.add(bind.apply(values));
        }
        return bound.size() == 1 ? bound.get(0) : batch.apply(bound);
    }

    /**
     * A driver's {@link #write}: {@code statement} (one row's, or a batch) executed on {@code session}; a batch
     * Cassandra refuses as too large is a {@link BatchRejectedException}; with the profile's condition, a write not
     * applied fails ({@link #requireApplied}). The driver's calls are given without capture (no allocation while
     * timed).
     *
     * @param execute the driver's {@code session.execute(statement)}
     * @param applied the driver's {@code result.wasApplied()}, asked only of a conditional write
     */
    static <S, R> void executeWrite(S session, Object statement, BiFunction<S, Object, R> execute,
                                    Predicate<R> applied, Profile profile) {
        R result;
        try {
            result = execute.apply(session, statement);
        } catch (RuntimeException e) {
            throw BatchRejectedException.ifTooLarge(e);
        }
        if (profile.insert().condition() != null) {
            requireApplied(applied.test(result), false, profile);
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
