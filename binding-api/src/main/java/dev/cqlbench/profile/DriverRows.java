package dev.cqlbench.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * A driver's results read as an application reads them ({@link DecodedRows}), whatever the driver: every column of a
 * row decoded with the driver's {@code getObject} while timed; then, untimed, its columns named and converted with
 * the driver's column definitions. A driver gives the few calls of its API this reading is made of.
 *
 * @param <S> the driver's result set
 * @param <R> the driver's row
 * @param <D> the driver's column definitions
 * @param resultColumns a result's column definitions
 * @param rowColumns    a row's column definitions
 * @param size          how many columns the definitions hold
 * @param getObject     a row's column decoded as the driver decodes it
 * @param name          a column's name
 * @param toCqlValue    a decoded column's value as {@code CqlValues}
 */
public record DriverRows<S extends Iterable<R>, R, D>(Function<S, D> resultColumns, Function<R, D> rowColumns,
                                                      ToIntFunction<D> size, ByIndex<R, Object> getObject,
                                                      ByIndex<D, String> name, ToCqlValue<D> toCqlValue) {

    /** A driver's call with a column index: {@code row.getObject(i)}, {@code definitions.getName(i)}. */
    @FunctionalInterface
    public interface ByIndex<X, T> {
        T get(X x, int index);
    }

    /** A decoded column's value as {@link dev.cqlbench.binding.CqlValues}, by the column's definition. */
    @FunctionalInterface
    public interface ToCqlValue<D> {
        Object convert(D definitions, int column, Object decoded);
    }

    /** Every row of {@code result}, every column decoded. */
    public DecodedRows decode(S result) {
        List<Object[]> rows = new ArrayList<>();
        for (R row : result) {
            rows.add(values(row));
        }
        return new DecodedRows(columns(resultColumns.apply(result)), rows);
    }

    /** Every column of {@code row}, decoded. */
    public Object[] values(R row) {
        Object[] values = new Object[size.applyAsInt(rowColumns.apply(row))];
        for (int i = 0; i < values.length; i++) {
            values[i] = getObject.get(row, i);
        }
        return values;
    }

    /** One row, decoded, as column name → value; null for none. */
    public Map<String, Object> named(R row) {
        return row == null ? null : DecodedRows.named(columns(rowColumns.apply(row)), values(row));
    }

    private DecodedRows.Columns columns(D definitions) {
        return new DecodedRows.Columns(column -> name.get(definitions, column),
                (column, decoded) -> toCqlValue.convert(definitions, column, decoded));
    }
}
