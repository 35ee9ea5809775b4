package dev.cqlbench.profile;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cassandra-stress user profile, read and checked ({@link ProfileReader}): plain data, the same for every worker,
 * recorded in the result. Statements keep the text around the table's (or type's) name, so that they run in the
 * run's keyspace, whatever the profile's.
 *
 * @param file             the file as the user named it
 * @param keyspace         the profile's {@code keyspace}
 * @param keyspaceDefinition its {@code keyspace_definition}, or null
 * @param table            its {@code table}
 * @param tableDefinition  its {@code table_definition}, the name left out
 * @param types            its {@code extra_definitions}' {@code CREATE TYPE}s, in order
 * @param extraDefinitions its other {@code extra_definitions} (indexes, views), as written
 * @param columns          the table's columns: partition key, clustering columns, then the rest in definition order,
 *                         each with how its values are generated
 * @param insert           its {@code insert}
 * @param queries          its {@code queries}, by name
 * @param lines            where each part is in the file: {@code table_definition}, {@code queries.<name>}…
 */
public record Profile(String file, String keyspace, String keyspaceDefinition, String table, Named tableDefinition,
                      List<UserType> types, List<String> extraDefinitions, List<Column> columns, Insert insert,
                      Map<String, Query> queries, Map<String, Integer> lines) {

    public Profile {
        types = List.copyOf(types);
        extraDefinitions = List.copyOf(extraDefinitions);
        columns = List.copyOf(columns);
        queries = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(queries));
        lines = Map.copyOf(lines);
    }

    /** The operation that writes rows, in {@code --mix} and the report. */
    public static final String INSERT = "insert";
    /** The kinds of column. */
    public static final String PARTITION_KEY = "partition_key";
    public static final String CLUSTERING = "clustering";
    public static final String REGULAR = "regular";
    public static final String STATIC = "static";
    /** Batch types, as cassandra-stress names them. */
    public static final Set<String> BATCH_TYPES = Set.of("LOGGED", "UNLOGGED", "COUNTER");

    /**
     * A statement with a name in it (a table's, a type's), kept as the text before and after it: {@link #cql} puts
     * the run's keyspace in.
     */
    public record Named(String before, String name, String after) {
        public String cql(String keyspace) {
            String space = after.isEmpty() || Character.isWhitespace(after.charAt(0)) ? "" : " ";
            return before + Cql.quote(keyspace) + "." + Cql.quote(name) + space + after;
        }
    }

    /**
     * One column and how its values are drawn (cassandra-stress's {@code columnspec}, defaults filled in).
     *
     * @param type       its CQL type as Cassandra writes it
     * @param kind       {@link #PARTITION_KEY}, {@link #CLUSTERING}, {@link #REGULAR} or {@link #STATIC}
     * @param population the distribution of the value's identity: how many distinct values, how often each
     * @param size       the distribution of a text's or blob's length, and of a collection's element count
     * @param cluster    for a clustering column: how many values it takes under each parent (rows per partition)
     */
    public record Column(String name, String type, String kind, Distribution population, Distribution size,
                         Distribution cluster) {

        @JsonIgnore
        public CqlType cqlType() {
            return CqlType.parse(type);
        }

        @JsonIgnore
        public boolean key() {
            return kind.equals(PARTITION_KEY) || kind.equals(CLUSTERING);
        }
    }

    /** A user-defined type and its fields (name → CQL type), in order. */
    public record UserType(Named definition, List<Field> fields) {
        public String name() {
            return definition.name();
        }
    }

    /** A field of a user-defined type. */
    public record Field(String name, String type) {}

    /**
     * How an insert writes: partitions per insert, the share of each partition's rows it writes ({@code select}, a
     * distribution over a divisor), the batch type when it writes more than one row, and a condition
     * ({@code IF NOT EXISTS}) or none.
     */
    public record Insert(Distribution partitions, Distribution select, long selectDivisor, String batchType,
                         String condition) {}

    /**
     * A named query of the profile.
     *
     * @param statement the statement, its table's name left out
     * @param fields    {@code samerow} (every bound value from one row) or {@code multirow} (from rows of one
     *                  partition)
     * @param binds     the column each bind marker takes a value of, in order
     * @param select    whether it reads rows (a SELECT) rather than writes them
     */
    public record Query(String name, Named statement, String fields, List<String> binds, boolean select,
                        List<String> selected) {
        public Query {
            binds = List.copyOf(binds);
            selected = List.copyOf(selected);
        }
    }

    @JsonIgnore
    public Column column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * Values in column order as column name → value, each value as {@code convert} gives it (from its column's
     * index and the value): how bindings turn what a library read back into values to compare.
     */
    public java.util.Map<String, Object> named(Object[] values,
                                               java.util.function.BiFunction<Integer, Object, Object> convert) {
        java.util.Map<String, Object> named = new java.util.LinkedHashMap<>();
        for (int c = 0; c < values.length; c++) {
            named.put(columns.get(c).name(), convert.apply(c, values[c]));
        }
        return named;
    }

    /** The position of column {@code name} in {@link #columns}. */
    public int indexOf(String name) {
        for (int c = 0; c < columns.size(); c++) {
            if (columns.get(c).name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no column " + name + " in " + table);
    }

    @JsonIgnore
    public List<Column> primaryKey() {
        return columns.stream().filter(Column::key).toList();
    }

    @JsonIgnore
    public List<Column> partitionKey() {
        return columns.stream().filter(c -> c.kind().equals(PARTITION_KEY)).toList();
    }

    @JsonIgnore
    public List<Column> clustering() {
        return columns.stream().filter(c -> c.kind().equals(CLUSTERING)).toList();
    }

    /** Whether the table counts: its non-key columns are counters. */
    @JsonIgnore
    public boolean counterTable() {
        return columns.stream().anyMatch(c -> c.type().equals("counter"));
    }

    /** The user-defined type of that name, or null. */
    public UserType type(String name) {
        return types.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    /** Line {@code part} is on, 0 when unknown. */
    public int line(String part) {
        return lines.getOrDefault(part, 0);
    }
}
