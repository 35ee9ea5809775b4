package dev.cqlbench.binding;

import java.util.List;
import java.util.Map;

/**
 * The values of a user's table as plain Java, the same for every library: a binding turns them into its library's
 * types to write them and turns what it reads back into them, so that one comparison checks every library.
 *
 * <p>text, ascii: {@code String}; blob: {@code ByteBuffer}; boolean: {@code Boolean}; tinyint {@code Byte};
 * smallint {@code Short}; int {@code Integer}; bigint, counter {@code Long}; varint {@code BigInteger}; decimal
 * {@code BigDecimal}; float {@code Float}; double {@code Double}; date {@code LocalDate}; time {@code LocalTime};
 * timestamp {@code Instant}; uuid, timeuuid {@code UUID}; inet {@code InetAddress}; duration {@link Duration};
 * list {@code List}; set {@code Set}; map {@code Map}; tuple {@link Tuple}; a user-defined type {@link Udt};
 * vector&lt;float, n&gt; {@code List<Float>}.
 */
public final class CqlValues {

    private CqlValues() {}

    /**
     * A list, set or map ({@code kind}) with every element converted: {@code convert(0, e)} for a list's or set's
     * elements and a map's keys, {@code convert(1, v)} for a map's values; order kept. For bindings that turn
     * collections of {@code CqlValues} into their library's and back.
     */
    public static Object collection(String kind, Object value,
                                    java.util.function.BiFunction<Integer, Object, Object> convert) {
        switch (kind) {
            case "list" -> {
                List<Object> out = new java.util.ArrayList<>();
                ((List<?>) value).forEach(v -> out.add(convert.apply(0, v)));
                return out;
            }
            case "set" -> {
                java.util.Set<Object> out = new java.util.LinkedHashSet<>();
                ((java.util.Set<?>) value).forEach(v -> out.add(convert.apply(0, v)));
                return out;
            }
            case "map" -> {
                Map<Object, Object> out = new java.util.LinkedHashMap<>();
                ((Map<?, ?>) value).forEach((k, v) -> out.put(convert.apply(0, k), convert.apply(1, v)));
                return out;
            }
            default -> throw new IllegalArgumentException("not a collection: " + kind);
        }
    }

    /** A CQL duration: months, days and nanoseconds (all of one sign). */
    public record Duration(int months, int days, long nanoseconds) {}

    /** A tuple's components, in order. */
    public record Tuple(List<Object> values) {}

    /** A user-defined type's value: its fields by name, in the type's order. */
    public record Udt(String type, Map<String, Object> fields) {}
}
