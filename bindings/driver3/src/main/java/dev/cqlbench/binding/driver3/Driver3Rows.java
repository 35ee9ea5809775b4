package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A result read as an application reads one: every row, every column decoded ({@code getObject}) while timed; then,
 * untimed, as column name → {@link dev.cqlbench.binding.CqlValues} for checking.
 */
public final class Driver3Rows {

    private Driver3Rows() {}

    /** The rows of a result, each decoded whole, with its columns. */
    public record Decoded(ColumnDefinitions columns, List<Object[]> rows) {}

    public static Decoded decode(ResultSet result) {
        ColumnDefinitions columns = result.getColumnDefinitions();
        List<Object[]> rows = new ArrayList<>();
        for (Row row : result) {
            rows.add(values(row));
        }
        return new Decoded(columns, rows);
    }

    /** Every column of {@code row}, decoded. */
    public static Object[] values(Row row) {
        Object[] values = new Object[row.getColumnDefinitions().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.getObject(i);
        }
        return values;
    }

    public static List<Map<String, Object>> named(Decoded decoded) {
        List<Map<String, Object>> out = new ArrayList<>();
        decoded.rows().forEach(row -> out.add(named(decoded.columns(), row)));
        return out;
    }

    public static Map<String, Object> named(ColumnDefinitions columns, Object[] row) {
        Map<String, Object> named = new LinkedHashMap<>();
        for (int i = 0; i < row.length; i++) {
            named.put(columns.getName(i), Driver3Values.fromDriver(columns.getType(i), row[i]));
        }
        return named;
    }
}
