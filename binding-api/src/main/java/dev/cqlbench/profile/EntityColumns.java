package dev.cqlbench.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A profile's columns as a mapper's entities hold them: each column's {@link dev.cqlbench.binding.CqlValues} value
 * converted to the library's type and back, and an entity's values in column order. What every mapper's
 * {@link ProfileTable} does around its library's calls, untimed: the values a query binds, the key a read looks up,
 * the entities it read back as column name → value.
 */
public final class EntityColumns {

    private final Profile profile;
    private final BiFunction<Integer, Object, Object> toLibrary;
    private final BiFunction<Integer, Object, Object> fromLibrary;
    private final Function<Object, Object[]> values;

    /**
     * @param toLibrary   column {@code c}'s value as the entity holds it, from its {@code CqlValues} value
     * @param fromLibrary column {@code c}'s value as {@code CqlValues}, from the entity's
     * @param values      an entity's values, in the profile's column order
     */
    public EntityColumns(Profile profile, BiFunction<Integer, Object, Object> toLibrary,
                         BiFunction<Integer, Object, Object> fromLibrary, Function<Object, Object[]> values) {
        this.profile = profile;
        this.toLibrary = toLibrary;
        this.fromLibrary = fromLibrary;
        this.values = values;
    }

    /** Column {@code column}'s value as the library holds it. */
    public Object toLibrary(int column, Object value) {
        return toLibrary.apply(column, value);
    }

    /** The values query {@code name} binds, each as the library holds its column's (for {@link ProfileTable#toBind}). */
    public Object[] bound(String name, Object[] values) {
        List<String> binds = profile.queries().get(name).binds();
        Object[] bound = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            bound[i] = toLibrary(profile.indexOf(binds.get(i)), values[i]);
        }
        return bound;
    }

    /** Values of the first columns, in column order (a primary key, a whole row), as the library holds them. */
    public Object[] toLibrary(Object[] values) {
        Object[] converted = new Object[values.length];
        for (int c = 0; c < converted.length; c++) {
            converted[c] = toLibrary(c, values[c]);
        }
        return converted;
    }

    /** An entity as column name → value; null for none. */
    public Map<String, Object> named(Object entity) {
        return entity == null ? null : profile.named(values.apply(entity), fromLibrary);
    }

    /** Entities, each as column name → value. */
    public List<Map<String, Object>> named(List<?> entities) {
        List<Map<String, Object>> out = new ArrayList<>(entities.size());
        for (Object entity : entities) {
            out.add(named(entity));
        }
        return out;
    }
}
