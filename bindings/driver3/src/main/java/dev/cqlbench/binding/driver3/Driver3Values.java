package dev.cqlbench.binding.driver3;

import com.datastax.driver.core.CodecRegistry;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.DataType;
import com.datastax.driver.core.Duration;
import com.datastax.driver.core.LocalDate;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.TupleType;
import com.datastax.driver.core.TupleValue;
import com.datastax.driver.core.UDTValue;
import com.datastax.driver.core.UserType;
import dev.cqlbench.binding.CqlValues;
import dev.cqlbench.profile.DriverRows;
import java.time.Instant;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * {@link CqlValues} to driver 3's Java types and back, by CQL type: dates are driver 3's {@link LocalDate}, times
 * nanoseconds of the day ({@code Long}), timestamps {@link Date}, durations its {@link Duration}.
 */
public final class Driver3Values {

    private Driver3Values() {}

    /**
     * A result read as an application reads one on driver 3 ({@link DriverRows}): every column of a row decoded with
     * {@code getObject} while timed; its columns named and converted with driver 3's column definitions.
     */
    public static final DriverRows<ResultSet, Row, ColumnDefinitions> ROWS = new DriverRows<>(
            ResultSet::getColumnDefinitions, Row::getColumnDefinitions, ColumnDefinitions::size, Row::getObject,
            ColumnDefinitions::getName, (definitions, column, decoded) -> fromDriver(definitions.getType(column),
                    decoded));

    /** The Java type driver 3 reads a {@code type} as (its default codec's), with its type arguments. */
    public static java.lang.reflect.Type javaType(CodecRegistry codecs, DataType type) {
        return codecs.codecFor(type).getJavaType().getType();
    }

    /**
     * A list, set or map of {@code type} ({@link CqlValues#collection}), each element converted by {@code convert}
     * with its type (a map's keys with the key type, its values with the value type).
     */
    public static Object collection(DataType type, Object value, BiFunction<DataType, Object, Object> convert) {
        List<DataType> elements = type.getTypeArguments();
        return CqlValues.collection(type.getName().name().toLowerCase(Locale.ROOT), value,
                (position, v) -> convert.apply(elements.get(position), v));
    }

    public static Object toDriver(DataType type, Object value, CodecRegistry codecs) {
        if (value == null) {
            return null;
        }
        switch (type.getName()) {
            case LIST, SET, MAP -> {
                return collection(type, value, (element, v) -> toDriver(element, v, codecs));
            }
            case TUPLE -> {
                TupleType tuple = (TupleType) type;
                TupleValue out = tuple.newValue();
                List<Object> values = ((CqlValues.Tuple) value).values();
                for (int i = 0; i < values.size(); i++) {
                    DataType component = tuple.getComponentTypes().get(i);
                    out.set(i, toDriver(component, values.get(i), codecs), codecs.codecFor(component));
                }
                return out;
            }
            case UDT -> {
                UserType udt = (UserType) type;
                UDTValue out = udt.newValue();
                Map<String, Object> fields = ((CqlValues.Udt) value).fields();
                for (UserType.Field field : udt) {
                    out.set(field.getName(), toDriver(field.getType(), fields.get(field.getName()), codecs),
                            codecs.codecFor(field.getType()));
                }
                return out;
            }
            case DATE -> {
                return LocalDate.fromDaysSinceEpoch((int) ((java.time.LocalDate) value).toEpochDay());
            }
            case TIME -> {
                return ((LocalTime) value).toNanoOfDay();
            }
            case TIMESTAMP -> {
                return Date.from((Instant) value);
            }
            case DURATION -> {
                CqlValues.Duration d = (CqlValues.Duration) value;
                return Duration.newInstance(d.months(), d.days(), d.nanoseconds());
            }
            default -> {
                return value;
            }
        }
    }

    public static Object fromDriver(DataType type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.getName()) {
            case LIST, SET, MAP -> {
                return collection(type, value, Driver3Values::fromDriver);
            }
            case TUPLE -> {
                TupleValue tuple = (TupleValue) value;
                List<Object> values = new ArrayList<>();
                List<DataType> components = tuple.getType().getComponentTypes();
                for (int i = 0; i < components.size(); i++) {
                    values.add(fromDriver(components.get(i), tuple.getObject(i)));
                }
                return new CqlValues.Tuple(values);
            }
            case UDT -> {
                UDTValue udt = (UDTValue) value;
                Map<String, Object> fields = new LinkedHashMap<>();
                for (UserType.Field field : udt.getType()) {
                    fields.put(field.getName(), fromDriver(field.getType(), udt.getObject(field.getName())));
                }
                return new CqlValues.Udt(udt.getType().getTypeName(), fields);
            }
            case DATE -> {
                return java.time.LocalDate.ofEpochDay(((LocalDate) value).getDaysSinceEpoch());
            }
            case TIME -> {
                return LocalTime.ofNanoOfDay((Long) value);
            }
            case TIMESTAMP -> {
                return ((Date) value).toInstant();
            }
            case DURATION -> {
                Duration d = (Duration) value;
                return new CqlValues.Duration(d.getMonths(), d.getDays(), d.getNanoseconds());
            }
            case BLOB -> {
                return ((java.nio.ByteBuffer) value).asReadOnlyBuffer();
            }
            default -> {
                return value;
            }
        }
    }
}
