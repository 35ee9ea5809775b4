package dev.cqlbench.profile;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * An insert's condition on columns ({@code IF body = NULL AND version < 3}) as comparisons of a column with a
 * value, for the mappers that take a condition as objects rather than text (Spring Data's {@code Criteria},
 * Achilles' {@code if_<column>()} DSL): a column compared ({@code = != < <= > >=}) with NULL or a literal of a text,
 * boolean, integer, decimal, floating-point or uuid column. Any other condition ({@code IF EXISTS}, IN, a collection
 * element, a UDT field, a literal of another type) is not read: {@link Features} names it {@code condition:if-other}.
 */
public final class Conditions {

    /** One comparison: {@code column op value}; value as {@code CqlValues} (null for NULL). */
    public record Relation(String column, String operator, Object value) {}

    private static final Set<String> OPERATORS = Set.of("=", "!=", "<", "<=", ">", ">=");

    private Conditions() {}

    /** The comparisons of the profile's condition on columns, or null when it has another form (or none). */
    public static List<Relation> of(Profile profile) {
        if (!Statements.updates(profile)) {
            return null;
        }
        List<Cql.Token> tokens = new Cql.Tokens(profile.insert().condition()).rest();
        List<Relation> out = new ArrayList<>();
        int i = 1; // after IF
        while (i < tokens.size()) {
            if (i + 2 >= tokens.size()) { // a column, an operator and a value
                return null;
            }
            Cql.Token name = tokens.get(i);
            Profile.Column column = name.string() ? null
                    : profile.column(name.quoted() ? name.text() : name.text().toLowerCase(Locale.ROOT));
            if (column == null || !OPERATORS.contains(tokens.get(i + 1).text())) {
                return null;
            }
            int end = i + 2;
            while (end < tokens.size() && !(tokens.get(end).text().equalsIgnoreCase("AND")
                    && !tokens.get(end).string())) {
                end++;
            }
            Object value = value(column.cqlType(), tokens.subList(i + 2, end));
            if (value == INVALID) {
                return null;
            }
            out.add(new Relation(column.name(), tokens.get(i + 1).text(), value));
            i = end + 1;
        }
        return out.isEmpty() ? null : out;
    }

    private static final Object INVALID = new Object();

    /** A literal of {@code type} from its tokens; {@link #INVALID} when it is none this reads. */
    private static Object value(CqlType type, List<Cql.Token> tokens) {
        if (tokens.isEmpty()) {
            return INVALID;
        }
        Cql.Token first = tokens.get(0);
        if (tokens.size() == 1 && !first.string() && first.text().equalsIgnoreCase("NULL")) {
            return null;
        }
        StringBuilder joined = new StringBuilder();
        tokens.forEach(t -> joined.append(t.text()));
        String text = joined.toString();
        try {
            return switch (type.name()) {
                case "text", "ascii", "varchar" -> tokens.size() == 1 && first.string() ? first.text() : INVALID;
                case "boolean" -> text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
                        ? Boolean.valueOf(text.toLowerCase(Locale.ROOT)) : INVALID;
                case "tinyint" -> Byte.valueOf(text);
                case "smallint" -> Short.valueOf(text);
                case "int" -> Integer.valueOf(text);
                case "bigint" -> Long.valueOf(text);
                case "varint" -> new BigInteger(text);
                case "decimal" -> new BigDecimal(text);
                case "float" -> Float.valueOf(text);
                case "double" -> Double.valueOf(text);
                case "uuid", "timeuuid" -> UUID.fromString(text);
                default -> INVALID;
            };
        } catch (IllegalArgumentException notOfTheType) {
            return INVALID;
        }
    }
}
