package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import dev.cqlbench.profile.DecodedRows;
import java.util.Map;

/**
 * A result read as an application reads one on driver 3 ({@link DecodedRows}): every column of a row decoded with
 * {@code getObject} while timed; its columns named and converted with driver 3's column definitions.
 */
public final class Driver3Rows {

    private Driver3Rows() {}

    public static DecodedRows decode(ResultSet result) {
        return DecodedRows.decode(result, columns(result.getColumnDefinitions()), Driver3Rows::values);
    }

    /** Every column of {@code row}, decoded. */
    public static Object[] values(Row row) {
        Object[] values = new Object[row.getColumnDefinitions().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.getObject(i);
        }
        return values;
    }

    /** One row, decoded, as column name → value. */
    public static Map<String, Object> named(Row row) {
        return DecodedRows.named(columns(row.getColumnDefinitions()), values(row));
    }

    private static DecodedRows.Columns columns(ColumnDefinitions definitions) {
        return new DecodedRows.Columns(definitions::getName,
                (column, decoded) -> Driver3Values.fromDriver(definitions.getType(column), decoded));
    }
}
