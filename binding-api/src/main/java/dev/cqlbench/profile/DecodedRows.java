package dev.cqlbench.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * A result read as an application reads one, whatever the driver: every row, every column decoded while timed
 * ({@link DriverRows#decode}); then, untimed, as column name → {@link dev.cqlbench.binding.CqlValues} for checking
 * ({@link #named()}). A driver gives how it decodes a row and how it names and converts its columns.
 *
 * @param columns the result's columns, as the driver describes them
 * @param rows    every row, each column decoded by the driver
 */
public record DecodedRows(Columns columns, List<Object[]> rows) {

    /**
     * A result's columns as a driver describes them.
     *
     * @param name       each column's name
     * @param toCqlValue a column's decoded value as {@code CqlValues}
     */
    public record Columns(IntFunction<String> name, BiFunction<Integer, Object, Object> toCqlValue) {}

    /** The rows as column name → value. */
    public List<Map<String, Object>> named() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object[] row : rows) {
            out.add(named(columns, row));
        }
        return out;
    }

    /** One decoded row as column name → value. */
    public static Map<String, Object> named(Columns columns, Object[] row) {
        Map<String, Object> named = new LinkedHashMap<>();
        for (int i = 0; i < row.length; i++) {
            named.put(columns.name().apply(i), columns.toCqlValue().apply(i, row[i]));
        }
        return named;
    }
}
