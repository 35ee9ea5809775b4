package dev.cqlbench.testkit;

import dev.cqlbench.binding.Library;
import dev.cqlbench.profile.BadProfile;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileReader;
import dev.cqlbench.scenario.profile.ProfileOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The tables {@link ProfileTableContract} runs a library through, each as a profile whose table is that library's own
 * ({@code <library>_<name>}): the type matrix (whole, and less what the library declares), batches of two partitions,
 * counters one row and several rows an insert, and accounts whose insert has a condition.
 */
record ContractTables(String library, Library declared, String keyspace) {

    /** The user-defined type the matrix's UDT columns are of. */
    static final String POINT = "CREATE TYPE point (x double, y double, label text)";
    /** The matrix's key: a partition of one row per insert, so that libraries that do not batch write it too. */
    static final List<String> MATRIX_KEY = List.of("id uuid", "seq int");
    /** Every type of Cassandra 5 but counter (a counter table holds nothing else: see the counter tests). */
    static final List<String> MATRIX_COLUMNS = List.of(
            "a_text text", "an_ascii ascii", "a_varchar varchar", "a_blob blob", "a_boolean boolean",
            "a_tinyint tinyint", "a_smallint smallint", "an_int int", "a_bigint bigint", "a_varint varint",
            "a_decimal decimal", "a_float float", "a_double double",
            "a_date date", "a_time time", "a_timestamp timestamp", "a_uuid uuid", "a_timeuuid timeuuid",
            "an_inet inet", "a_duration duration",
            "a_list list<int>", "a_set set<text>", "a_map map<text, bigint>",
            "a_frozen_list frozen<list<text>>", "a_frozen_set frozen<set<int>>", "a_frozen_map frozen<map<int, text>>",
            "a_tuple tuple<int, text, double>",
            "a_udt frozen<point>", "a_free_udt point", "a_udt_list list<frozen<point>>",
            "a_vector vector<float, 4>");
    /** The matrix's queries: name → CQL ({@code %s}: the table); {@code put} is made from the columns. */
    static final Map<String, String> MATRIX_QUERIES = matrixQueries();
    /** The column the {@code touch} query sets. */
    static final String TOUCHED = "a_text";

    /** The tables the contract makes and runs (each only where the library does not declare it cannot). */
    List<Profile> run() {
        return List.of(matrix(), batch("LOGGED"), batch("UNLOGGED"), counters(1), counters(3),
                accounts("IF NOT EXISTS"), accounts("IF balance = NULL AND name = NULL"));
    }

    /**
     * Every table whose features a declared limit may name: those run, the matrix whole, and {@code IF EXISTS} (a
     * condition the mappers' condition objects do not read, asked here only: no table of it runs).
     */
    List<Profile> asking() {
        return List.of(fullMatrix(), batch("LOGGED"), batch("UNLOGGED"), counters(1), counters(3),
                accounts("IF NOT EXISTS"), accounts("IF balance = NULL AND name = NULL"), accounts("IF EXISTS"));
    }

    /** The {@code type:} features of a matrix of one column of {@code profile} (the key's types with it). */
    Set<String> typeFeatures(Profile profile, String column) {
        Set<String> features = new TreeSet<>(Features.of(matrixOf(profile.table(),
                List.of(column + " " + profile.column(column).type()), Map.of())));
        features.removeIf(f -> !f.startsWith("type:"));
        return features;
    }

    private String table(String name) {
        return library.replace('-', '_') + "_" + name;
    }

    /** The matrix whole: every column, every query (the scenario refuses it for what the library declares). */
    Profile fullMatrix() {
        return matrixOf(table("matrix"), MATRIX_COLUMNS, MATRIX_QUERIES);
    }

    /**
     * The matrix less what the library declares it cannot express: the columns of a type (or holding one) it
     * declares, the queries of a kind it declares or on a column left out. What is left, the scenario runs.
     */
    Profile matrix() {
        String name = table("matrix");
        List<String> columns = new ArrayList<>();
        for (String column : MATRIX_COLUMNS) {
            if (ProfileOptions.refusal(declared, matrixOf(name, List.of(column), Map.of())) == null) {
                columns.add(column);
            }
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (Map.Entry<String, String> query : MATRIX_QUERIES.entrySet()) {
            Map<String, String> alone = Map.of(query.getKey(), query.getValue());
            try {
                if (ProfileOptions.refusal(declared, matrixOf(name, columns, alone)) == null) {
                    queries.put(query.getKey(), query.getValue());
                }
            } catch (BadProfile onAColumnLeftOut) {
                // the query names a column the library cannot hold: it goes with it
            }
        }
        return matrixOf(name, columns, queries);
    }

    private static Map<String, String> matrixQueries() {
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("row", "SELECT * FROM %s WHERE id = ? AND seq = ?");
        queries.put("some", "SELECT id, seq, a_text, a_map FROM %s WHERE id = ? AND seq = ?");
        queries.put("touch", "UPDATE %s SET " + TOUCHED + " = ? WHERE id = ? AND seq = ?");
        queries.put("put", "INSERT INTO %s (%s) VALUES (%s)"); // every column, a marker each
        queries.put("drop", "DELETE FROM %s WHERE id = ? AND seq = ?");
        return java.util.Collections.unmodifiableMap(queries);
    }

    /** A matrix table of {@code columns} (each {@code name type}) after its key, with {@code queries}. */
    private Profile matrixOf(String table, List<String> columns, Map<String, String> queries) {
        List<String> all = new ArrayList<>(MATRIX_KEY);
        all.addAll(columns);
        List<String> names = all.stream().map(c -> c.substring(0, c.indexOf(' '))).toList();
        StringBuilder yaml = new StringBuilder("keyspace: " + keyspace + "\ntable: " + table
                + "\nextra_definitions:\n  - " + POINT + "\ntable_definition: |\n  CREATE TABLE " + table + " (\n");
        all.forEach(c -> yaml.append("    ").append(c).append(",\n"));
        yaml.append("    PRIMARY KEY (id, seq)\n  )\nqueries:\n");
        Map<String, String> asked = queries.isEmpty() ? Map.of("row", MATRIX_QUERIES.get("row")) : queries;
        for (Map.Entry<String, String> query : asked.entrySet()) {
            String cql = query.getValue().formatted(table, String.join(", ", names),
                    names.stream().map(n -> "?").collect(Collectors.joining(", ")));
            yaml.append("  ").append(query.getKey()).append(":\n    cql: ").append(cql)
                    .append("\n    fields: samerow\n");
        }
        return ProfileReader.parse(yaml.toString(), "contract " + table);
    }

    /** Two partitions an insert, three rows each, in one batch of {@code type}. */
    Profile batch(String type) {
        return smallTable("batch", "k int, c int, v text, n bigint, PRIMARY KEY (k, c)", """
                columnspec:
                  - name: c
                    cluster: fixed(3)
                insert:
                  partitions: fixed(2)
                  batchtype: %s
                """.formatted(type), "partition", "k", type);
    }

    /** A counter table, {@code rowsPerInsert} rows of one partition an insert (more than one: a COUNTER batch). */
    Profile counters(int rowsPerInsert) {
        return smallTable("counters", "page text, day int, views counter, clicks counter, PRIMARY KEY (page, day)", """
                columnspec:
                  - name: day
                    cluster: fixed(%d)
                """.formatted(rowsPerInsert), "page", "page", rowsPerInsert + " a page");
    }

    /** An accounts table whose insert has {@code condition}. */
    Profile accounts(String condition) {
        return smallTable("accounts", "email text PRIMARY KEY, account_id timeuuid, name text, balance bigint,\n"
                + "    created timestamp", """
                insert:
                  condition: %s
                """.formatted(condition), "email", "email", condition);
    }

    /**
     * The table {@code <library>_<name>} of {@code columns} (its definition's, between the parentheses), then
     * {@code settings} (YAML: columnspec, insert), then the one query {@code query}: the rows of one {@code key}.
     * The profile's file is named after the table and {@code label}.
     */
    private Profile smallTable(String name, String columns, String settings, String query, String key, String label) {
        String table = table(name);
        return ProfileReader.parse("""
                keyspace: %1$s
                table: %2$s
                table_definition: |
                  CREATE TABLE %2$s (%3$s)
                %4$squeries:
                  %5$s:
                    cql: SELECT * FROM %2$s WHERE %6$s = ?
                    fields: samerow
                """.formatted(keyspace, table, columns, settings, query, key), "contract " + table + " " + label);
    }
}
