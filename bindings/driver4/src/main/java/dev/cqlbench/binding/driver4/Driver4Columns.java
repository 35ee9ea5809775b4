package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.type.DataType;
import dev.cqlbench.profile.ColumnValues;
import java.util.List;

/**
 * Column values held as driver 4's Java types ({@link Driver4Values}), by each column's CQL type: what the entities of
 * every library on driver 4 hold (its object mapper's, Spring Data's).
 */
public interface Driver4Columns extends ColumnValues {

    /** Each of the profile's columns' CQL type, in column order. */
    List<DataType> columnTypes();

    @Override
    default Object toLibrary(int column, Object value) {
        return Driver4Values.toDriver(columnTypes().get(column), value);
    }

    @Override
    default Object fromLibrary(int column, Object value) {
        return Driver4Values.fromDriver(columnTypes().get(column), value);
    }
}
