package dev.cqlbench.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A CQL type, parsed from how a definition or Cassandra's schema tables write it: a native type, {@code list},
 * {@code set}, {@code map}, {@code tuple}, {@code vector<float, n>} or a user-defined type, possibly frozen.
 *
 * @param name      a native type's name ({@code text}, {@code int}…), {@code list}, {@code set}, {@code map},
 *                  {@code tuple}, {@code vector}, or the user-defined type's name
 * @param args      element types (a map's key then value; a tuple's components; a vector's element)
 * @param frozen    written {@code frozen<…>}
 * @param dimension a vector's length; 0 otherwise
 */
public record CqlType(String name, List<CqlType> args, boolean frozen, int dimension) {

    /** Every native type of Cassandra 5 (aliases folded: varchar is text). */
    public static final Set<String> NATIVE = Set.of("ascii", "text", "blob", "boolean", "tinyint", "smallint", "int",
            "bigint", "varint", "decimal", "float", "double", "date", "time", "timestamp", "timeuuid", "uuid", "inet",
            "duration", "counter");
    private static final Set<String> COLLECTIONS = Set.of("list", "set", "map");

    public CqlType {
        args = List.copyOf(args);
    }

    public boolean isNative() {
        return NATIVE.contains(name);
    }

    public boolean isCollection() {
        return COLLECTIONS.contains(name);
    }

    public boolean isUdt() {
        return !isNative() && !isCollection() && !name.equals("tuple") && !name.equals("vector");
    }

    /** The type as Cassandra's schema tables write it: {@code frozen<map<text, int>>}, {@code vector<float, 3>}. */
    public String cql() {
        String inner = switch (name) {
            case "list", "set", "map", "tuple" -> name + "<" + String.join(", ", args.stream().map(CqlType::cql)
                    .toList()) + ">";
            case "vector" -> "vector<" + args.get(0).cql() + ", " + dimension + ">";
            default -> name;
        };
        return frozen ? "frozen<" + inner + ">" : inner;
    }

    @Override
    public String toString() {
        return cql();
    }

    /**
     * Parses a type.
     *
     * @throws IllegalArgumentException naming what does not parse
     */
    public static CqlType parse(String text) {
        Cql.Tokens tokens = new Cql.Tokens(text);
        CqlType type = parse(tokens);
        if (!tokens.atEnd()) {
            throw new IllegalArgumentException("unexpected '" + tokens.peek() + "' after type " + type.cql());
        }
        return type;
    }

    static CqlType parse(Cql.Tokens tokens) {
        String word = tokens.identifier("a type");
        String name = word.toLowerCase(Locale.ROOT);
        if (name.equals("varchar")) {
            name = "text";
        }
        if (name.equals("frozen")) {
            tokens.expect("<");
            CqlType inner = parse(tokens);
            tokens.expect(">");
            return new CqlType(inner.name, inner.args, true, inner.dimension);
        }
        if (name.equals("vector")) {
            tokens.expect("<");
            CqlType element = parse(tokens);
            tokens.expect(",");
            int dimension = Integer.parseInt(tokens.next("a vector's dimension"));
            tokens.expect(">");
            if (dimension < 1) {
                throw new IllegalArgumentException("a vector needs a dimension of at least 1");
            }
            return new CqlType("vector", List.of(element), false, dimension);
        }
        if (COLLECTIONS.contains(name) || name.equals("tuple")) {
            tokens.expect("<");
            List<CqlType> args = new ArrayList<>();
            do {
                args.add(parse(tokens));
            } while (tokens.accept(","));
            tokens.expect(">");
            int wanted = name.equals("map") ? 2 : name.equals("tuple") ? -1 : 1;
            if (wanted > 0 && args.size() != wanted) {
                throw new IllegalArgumentException(name + " takes " + wanted + " type" + (wanted > 1 ? "s" : "")
                        + ", got " + args.size());
            }
            // a tuple is always frozen, as Cassandra writes it
            return new CqlType(name, args, name.equals("tuple"), 0);
        }
        if (NATIVE.contains(name)) {
            return new CqlType(name, List.of(), false, 0);
        }
        // a user-defined type: its name as written (a quoted one keeps its case), without keyspace
        String udt = tokens.quotedLast() ? word : name;
        if (tokens.accept(".")) {
            String field = tokens.identifier("a type name");
            udt = tokens.quotedLast() ? field : field.toLowerCase(Locale.ROOT);
        }
        return new CqlType(udt, List.of(), false, 0);
    }
}
