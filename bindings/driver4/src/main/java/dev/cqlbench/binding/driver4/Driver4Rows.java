package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.cqlbench.profile.DecodedRows;
import java.util.Map;

/**
 * A result read as an application reads one on driver 4 ({@link DecodedRows}): every column of a row decoded with
 * {@code getObject} while timed; its columns named and converted with driver 4's column definitions.
 */
public final class Driver4Rows {

    private Driver4Rows() {}

    public static DecodedRows decode(ResultSet result) {
        return DecodedRows.decode(result, columns(result.getColumnDefinitions()), Driver4Rows::values);
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
        return new DecodedRows.Columns(column -> definitions.get(column).getName().asInternal(),
                (column, decoded) -> Driver4Values.fromDriver(definitions.get(column).getType(), decoded));
    }
}
