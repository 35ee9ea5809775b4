package dev.cqlbench.profile;

import dev.cqlbench.binding.CqlTable;
import dev.cqlbench.binding.CqlValues;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * {@link CqlValues} as CQL literals, for statements whose values are written into their text (Kundera's native
 * queries take no bind values): strings quoted with {@code ''} for a quote, blobs {@code 0x…}, timestamps their
 * milliseconds, times their nanoseconds of the day, durations {@code 1mo2d3ns}, collections, tuples and user-defined
 * types in CQL's braces, brackets and parentheses.
 */
public final class CqlLiterals {

    private CqlLiterals() {}

    /** {@code value}, of CQL type {@code type} ({@code profile} holds the user-defined types), as a literal. */
    public static String format(CqlType type, Object value, Profile profile) {
        if (value == null) {
            return "null";
        }
        List<CqlType> args = type.args();
        if (type.isUdt()) {
            Map<String, Object> fields = ((CqlValues.Udt) value).fields();
            StringJoiner out = new StringJoiner(", ", "{", "}");
            for (Profile.Field field : profile.type(type.name()).fields()) {
                out.add(Cql.quote(field.name()) + ": " + format(CqlType.parse(field.type()), fields.get(field.name()),
                        profile));
            }
            return out.toString();
        }
        return switch (type.name()) {
            case "text", "ascii", "varchar" -> CqlTable.literal((String) value);
            case "blob" -> "0x" + HexFormat.of().formatHex(bytes((ByteBuffer) value));
            case "decimal" -> ((BigDecimal) value).toString();
            case "float", "double" -> number(((Number) value).doubleValue(), value.toString());
            case "date" -> CqlTable.literal(((LocalDate) value).toString());
            case "time" -> String.valueOf(((LocalTime) value).toNanoOfDay());
            case "timestamp" -> String.valueOf(((Instant) value).toEpochMilli());
            case "inet" -> CqlTable.literal(((InetAddress) value).getHostAddress());
            case "duration" -> duration((CqlValues.Duration) value);
            case "list", "vector" -> joined((List<?>) value, args.get(0), profile, "[", "]");
            case "set" -> joined(new ArrayList<>((java.util.Set<?>) value), args.get(0), profile, "{", "}");
            case "map" -> {
                StringJoiner out = new StringJoiner(", ", "{", "}");
                ((Map<?, ?>) value).forEach((k, v) -> out.add(format(args.get(0), k, profile) + ": "
                        + format(args.get(1), v, profile)));
                yield out.toString();
            }
            case "tuple" -> {
                List<Object> values = ((CqlValues.Tuple) value).values();
                StringJoiner out = new StringJoiner(", ", "(", ")");
                for (int i = 0; i < args.size(); i++) {
                    out.add(format(args.get(i), values.get(i), profile));
                }
                yield out.toString();
            }
            default -> value.toString(); // boolean, the integers, varint, counter, uuid, timeuuid
        };
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static String number(double value, String text) {
        return Double.isNaN(value) ? "NaN" : Double.isInfinite(value) ? (value > 0 ? "Infinity" : "-Infinity") : text;
    }

    private static String duration(CqlValues.Duration d) {
        boolean negative = d.months() < 0 || d.days() < 0 || d.nanoseconds() < 0;
        return (negative ? "-" : "") + Math.abs((long) d.months()) + "mo" + Math.abs((long) d.days()) + "d"
                + Math.abs(d.nanoseconds()) + "ns";
    }

    private static String joined(List<?> values, CqlType element, Profile profile, String open, String close) {
        StringJoiner out = new StringJoiner(", ", open, close);
        values.forEach(v -> out.add(format(element, v, profile)));
        return out.toString();
    }
}
