package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import dev.cqlbench.binding.CqlValues;
import dev.cqlbench.profile.DriverRows;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link CqlValues} to driver 4's Java types and back, by CQL type: everything but durations, tuples, user-defined
 * types and vectors is the same Java type in both; collections are converted element by element.
 */
public final class Driver4Values {

    private Driver4Values() {}

    /**
     * A result read as an application reads one on driver 4 ({@link DriverRows}): every column of a row decoded with
     * {@code getObject} while timed; its columns named and converted with driver 4's column definitions.
     */
    public static final DriverRows<ResultSet, Row, ColumnDefinitions> ROWS = new DriverRows<>(
            ResultSet::getColumnDefinitions, Row::getColumnDefinitions, ColumnDefinitions::size, Row::getObject,
            (definitions, column) -> definitions.get(column).getName().asInternal(),
            (definitions, column, decoded) -> fromDriver(definitions.get(column).getType(), decoded));

    /** The Java type driver 4 reads a {@code type} as (its default codec's), with its type arguments. */
    public static java.lang.reflect.Type javaType(com.datastax.oss.driver.api.core.CqlSession session, DataType type) {
        return session.getContext().getCodecRegistry().codecFor(type).getJavaType().getType();
    }

    /** A profile's batch type (LOGGED, UNLOGGED, COUNTER) as driver 4 names it. */
    public static com.datastax.oss.driver.api.core.cql.BatchType batchType(String type) {
        return switch (type) {
            case "UNLOGGED" -> com.datastax.oss.driver.api.core.cql.BatchType.UNLOGGED;
            case "COUNTER" -> com.datastax.oss.driver.api.core.cql.BatchType.COUNTER;
            default -> com.datastax.oss.driver.api.core.cql.BatchType.LOGGED;
        };
    }

    /** {@link CqlValues#collection}'s kind of a list, set or map type; null for any other type. */
    private static String collectionKind(DataType type) {
        return type instanceof ListType ? "list" : type instanceof SetType ? "set" : type instanceof MapType ? "map"
                : null;
    }

    /** A collection type's element type at {@code position} (a map's keys at 0, its values at 1). */
    private static DataType elementType(DataType collection, int position) {
        if (collection instanceof ListType list) {
            return list.getElementType();
        }
        if (collection instanceof SetType set) {
            return set.getElementType();
        }
        MapType map = (MapType) collection;
        return position == 0 ? map.getKeyType() : map.getValueType();
    }

    /** {@code value} as driver 4 binds a {@code type}. */
    public static Object toDriver(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        String collection = collectionKind(type);
        if (collection != null) {
            return CqlValues.collection(collection, value, (position, v) -> toDriver(elementType(type, position), v));
        }
        if (type instanceof TupleType tuple) {
            TupleValue out = tuple.newValue();
            List<Object> values = ((CqlValues.Tuple) value).values();
            for (int i = 0; i < values.size(); i++) {
                DataType component = tuple.getComponentTypes().get(i);
                out = out.set(i, toDriver(component, values.get(i)), out.codecRegistry().codecFor(component));
            }
            return out;
        }
        if (type instanceof UserDefinedType udt) {
            UdtValue out = udt.newValue();
            Map<String, Object> fields = ((CqlValues.Udt) value).fields();
            for (int i = 0; i < udt.getFieldNames().size(); i++) {
                String field = udt.getFieldNames().get(i).asInternal();
                DataType fieldType = udt.getFieldTypes().get(i);
                out = out.set(i, toDriver(fieldType, fields.get(field)), out.codecRegistry().codecFor(fieldType));
            }
            return out;
        }
        if (type instanceof VectorType) {
            return CqlVector.newInstance((List<?>) value);
        }
        if (value instanceof CqlValues.Duration d) {
            return CqlDuration.newInstance(d.months(), d.days(), d.nanoseconds());
        }
        return value;
    }

    /** What driver 4 read for a {@code type}, as {@link CqlValues}. */
    public static Object fromDriver(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        String collection = collectionKind(type);
        if (collection != null) {
            return CqlValues.collection(collection, value,
                    (position, v) -> fromDriver(elementType(type, position), v));
        }
        if (value instanceof TupleValue tuple) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < tuple.size(); i++) {
                values.add(fromDriver(tuple.getType().getComponentTypes().get(i), tuple.getObject(i)));
            }
            return new CqlValues.Tuple(values);
        }
        if (value instanceof UdtValue udt) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int i = 0; i < udt.size(); i++) {
                fields.put(udt.getType().getFieldNames().get(i).asInternal(),
                        fromDriver(udt.getType().getFieldTypes().get(i), udt.getObject(i)));
            }
            return new CqlValues.Udt(udt.getType().getName().asInternal(), fields);
        }
        if (value instanceof CqlVector<?> vector) {
            List<Object> out = new ArrayList<>();
            vector.forEach(out::add);
            return out;
        }
        if (value instanceof CqlDuration d) {
            return new CqlValues.Duration(d.getMonths(), d.getDays(), d.getNanoseconds());
        }
        if (value instanceof java.nio.ByteBuffer bytes) {
            return bytes.asReadOnlyBuffer();
        }
        return value;
    }
}
