package dev.cqlbench.profile;

import dev.cqlbench.profile.Profile.Column;
import dev.cqlbench.profile.Profile.Field;
import dev.cqlbench.profile.Profile.Insert;
import dev.cqlbench.profile.Profile.Named;
import dev.cqlbench.profile.Profile.Query;
import dev.cqlbench.profile.Profile.UserType;
import dev.cqlbench.profile.YamlTree.Node;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a cassandra-stress user profile as cassandra-stress documents it, and checks it before anything runs: each
 * mistake is one line naming the file and the line ({@link BadProfile}). A key it does not know is a mistake (the
 * message lists those it knows): a profile is never run differently from what it says.
 */
public final class ProfileReader {

    /** The top-level keys cassandra-stress reads; {@code specname} is a label. */
    static final List<String> KEYS = List.of("specname", "keyspace", "keyspace_definition", "table",
            "table_definition", "extra_definitions", "columnspec", "insert", "queries", "token_range_queries");
    static final List<String> COLUMN_KEYS = List.of("name", "size", "population", "cluster");
    static final List<String> INSERT_KEYS = List.of("partitions", "select", "batchtype", "condition",
            "row-population");
    static final List<String> QUERY_KEYS = List.of("cql", "fields");
    /** cassandra-stress's defaults. */
    static final String DEFAULT_POPULATION = "uniform(1..100B)";
    static final String DEFAULT_SIZE = "uniform(4..8)";
    static final String DEFAULT_CLUSTER = "fixed(1)";
    static final String DEFAULT_PARTITIONS = "fixed(1)";
    static final String DEFAULT_SELECT = "fixed(1)/1";

    private final String file;
    final Map<String, Integer> lines = new HashMap<>();

    private ProfileReader(String file) {
        this.file = file;
    }

    /** Reads {@code path}; {@code file} is how messages name it. */
    public static Profile read(Path path, String file) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BadProfile(file, 0, "no such file");
        } catch (IOException e) {
            throw new BadProfile(file, 0, "cannot read: " + e.getMessage());
        }
        return parse(text, file);
    }

    /** Reads a profile's text; {@code file} is how messages name it. */
    public static Profile parse(String text, String file) {
        return new ProfileReader(file).profile(YamlTree.read(file, text));
    }

    private Profile profile(Node root) {
        Map<String, Node> top = root.map();
        if (top == null) {
            throw bad(root, "a profile is a map of keys (keyspace, table, table_definition…), not "
                    + describe(root));
        }
        for (Map.Entry<String, Node> entry : top.entrySet()) {
            String key = entry.getKey();
            if (!KEYS.contains(key)) {
                throw bad(entry.getValue(), "unknown key '" + key + "'; known: " + String.join(", ", KEYS));
            }
            lines.put(key, entry.getValue().line());
        }
        if (top.containsKey("token_range_queries") && top.get("token_range_queries").value() != null) {
            throw bad(top.get("token_range_queries"), "token_range_queries (full-table scans by token range) are "
                    + "not run by cqlbench: remove them, or write the scan as a query");
        }
        String keyspace = required(top, "keyspace");
        String table = required(top, "table");
        String keyspaceDefinition = optionalText(top, "keyspace_definition");
        Node tableNode = top.get("table_definition");
        if (tableNode == null || tableNode.text() == null || tableNode.text().isBlank()) {
            throw bad(tableNode == null ? root : tableNode, "table_definition is missing: cqlbench generates rows "
                    + "from the table's definition (on a cluster that has the table, copy it from DESCRIBE TABLE)");
        }
        List<UserType> types = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        Node extraNode = top.get("extra_definitions");
        if (extraNode != null && extraNode.value() != null) {
            if (extraNode.list() == null) {
                throw bad(extraNode, "extra_definitions is a list of CQL statements, not " + describe(extraNode));
            }
            for (Node statement : extraNode.list()) {
                String cql = scalar(statement, "an extra definition");
                if (Cql.kind(cql).equals("create type")) {
                    types.add(userType(statement, cql, keyspace));
                } else {
                    extra.add(cql.strip());
                }
            }
        }
        Cql.TableDef def;
        try {
            def = Cql.table(tableNode.text());
        } catch (Cql.Unreadable e) {
            throw new BadProfile(file, lineAt(tableNode, e.offset), "table_definition does not parse: "
                    + e.getMessage());
        }
        if (!def.name().equalsIgnoreCase(table)) {
            throw bad(tableNode, "table_definition creates table " + def.name() + ", but table is " + table);
        }
        if (def.keyspace() != null && !def.keyspace().equalsIgnoreCase(keyspace)) {
            throw bad(tableNode, "table_definition creates its table in keyspace " + def.keyspace()
                    + ", but keyspace is " + keyspace);
        }
        for (Cql.ColumnDef column : def.columns()) {
            checkType(tableNode, column.offset(), column.type(), types, "column " + column.name());
        }
        Map<String, Map<String, String>> specs = columnSpecs(top.get("columnspec"), def);
        List<Column> columns = columns(def, specs, top.get("columnspec"));
        Named tableDefinition = new Named(tableNode.text().substring(0, def.nameStart()).strip() + " ", def.name(),
                " " + tableNode.text().substring(def.nameEnd()).strip());
        boolean counters = columns.stream().anyMatch(c -> c.type().equals("counter"));
        Insert insert = InsertReader.read(this, top.get("insert"), counters, columns);
        Map<String, Query> queries = queries(top.get("queries"), def, columns);
        return new Profile(file, keyspace, keyspaceDefinition, def.name(), tableDefinition, types, extra, columns,
                insert, queries, lines);
    }

    private UserType userType(Node node, String cql, String keyspace) {
        Cql.TypeDef def;
        try {
            def = Cql.type(cql);
        } catch (Cql.Unreadable e) {
            throw new BadProfile(file, lineAt(node, e.offset), "CREATE TYPE does not parse: " + e.getMessage());
        }
        if (def.keyspace() != null && !def.keyspace().equalsIgnoreCase(keyspace)) {
            throw bad(node, "CREATE TYPE " + def.name() + " is in keyspace " + def.keyspace() + ", but keyspace is "
                    + keyspace);
        }
        List<Field> fields = def.fields().stream().map(f -> new Field(f.name(), f.type().cql())).toList();
        lines.put("types." + def.name(), node.line());
        return new UserType(new Named(cql.substring(0, def.nameStart()).strip() + " ", def.name(),
                " " + cql.substring(def.nameEnd()).strip()), fields);
    }

    /** A user-defined type used must be defined in extra_definitions first; counters only as plain columns. */
    private void checkType(Node node, int offset, CqlType type, List<UserType> types, String what) {
        if (type.isUdt() && types.stream().noneMatch(t -> t.name().equals(type.name()))) {
            throw new BadProfile(file, lineAt(node, offset), what + " has type " + type.name() + ", which is neither "
                    + "a CQL type nor a type created in extra_definitions (before the table)");
        }
        if (type.name().equals("vector") && !type.args().get(0).name().equals("float")) {
            throw new BadProfile(file, lineAt(node, offset), what + " is a " + type.cql() + ": cqlbench generates "
                    + "vector<float, n> only");
        }
        for (CqlType arg : type.args()) {
            checkType(node, offset, arg, types, what);
        }
    }

    private Map<String, Map<String, String>> columnSpecs(Node node, Cql.TableDef def) {
        Map<String, Map<String, String>> specs = new LinkedHashMap<>();
        if (node == null || node.value() == null) {
            return specs;
        }
        if (node.list() == null) {
            throw bad(node, "columnspec is a list of columns (- name: …), not " + describe(node));
        }
        for (Node entry : node.list()) {
            Map<String, Node> spec = entry.map();
            if (spec == null) {
                throw bad(entry, "a columnspec entry is a map (name, size, population, cluster), not "
                        + describe(entry));
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Map.Entry<String, Node> field : spec.entrySet()) {
                String key = field.getKey().toLowerCase(Locale.ROOT);
                if (!COLUMN_KEYS.contains(key)) {
                    throw bad(field.getValue(), "unknown columnspec key '" + field.getKey() + "'; known: "
                            + String.join(", ", COLUMN_KEYS));
                }
                values.put(key, scalar(field.getValue(), key));
            }
            String name = values.get("name");
            if (name == null) {
                throw bad(entry, "a columnspec entry needs a name");
            }
            Cql.ColumnDef column = def.columns().stream().filter(c -> c.name().equals(name)
                    || c.name().equalsIgnoreCase(name)).findFirst().orElse(null);
            if (column == null) {
                throw bad(spec.get("name"), "columnspec names column " + name + ", which table " + def.name()
                        + " lacks; its columns: " + String.join(", ", def.columns().stream()
                        .map(Cql.ColumnDef::name).toList()));
            }
            if (specs.containsKey(column.name())) {
                throw bad(spec.get("name"), "columnspec names column " + name + " twice");
            }
            if (values.containsKey("cluster") && !def.clustering().contains(column.name())) {
                throw bad(spec.get("cluster"), "cluster is for clustering columns (how many rows under each "
                        + "parent); " + name + " is not one");
            }
            for (String key : List.of("size", "population", "cluster")) {
                if (values.containsKey(key)) {
                    distribution(spec.get(key), values.get(key), key);
                }
            }
            lines.put("columnspec." + column.name(), entry.line());
            specs.put(column.name(), values);
        }
        return specs;
    }

    private List<Column> columns(Cql.TableDef def, Map<String, Map<String, String>> specs, Node specNode) {
        List<Column> columns = new ArrayList<>();
        List<Cql.ColumnDef> ordered = new ArrayList<>();
        def.partitionKey().forEach(k -> ordered.add(find(def, k)));
        def.clustering().forEach(k -> ordered.add(find(def, k)));
        def.columns().stream().filter(c -> !ordered.contains(c)).forEach(ordered::add);
        for (Cql.ColumnDef c : ordered) {
            String kind = def.partitionKey().contains(c.name()) ? Profile.PARTITION_KEY
                    : def.clustering().contains(c.name()) ? Profile.CLUSTERING
                    : c.isStatic() ? Profile.STATIC : Profile.REGULAR;
            Map<String, String> spec = specs.getOrDefault(c.name(), Map.of());
            Node at = specNode;
            columns.add(new Column(c.name(), c.type().cql(), kind,
                    distribution(at, spec.getOrDefault("population", DEFAULT_POPULATION), "population"),
                    distribution(at, spec.getOrDefault("size", DEFAULT_SIZE), "size"),
                    distribution(at, spec.getOrDefault("cluster", DEFAULT_CLUSTER), "cluster")));
        }
        for (Column c : columns) {
            if (c.size().min() < 0) {
                throw bad(specNode, "column " + c.name() + "'s size goes below 0");
            }
            if (c.kind().equals(Profile.CLUSTERING) && c.cluster().min() < 1) {
                throw bad(specNode, "column " + c.name() + "'s cluster must be at least 1 (a partition has rows)");
            }
        }
        return columns;
    }

    private static Cql.ColumnDef find(Cql.TableDef def, String name) {
        return def.columns().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private Map<String, Query> queries(Node node, Cql.TableDef def, List<Column> columns) {
        Map<String, Query> queries = new LinkedHashMap<>();
        if (node == null || node.value() == null) {
            return queries;
        }
        if (node.map() == null) {
            throw bad(node, "queries is a map of named queries (name: {cql: …, fields: …}), not " + describe(node));
        }
        for (Map.Entry<String, Node> e : node.map().entrySet()) {
            String name = e.getKey().toLowerCase(Locale.ROOT);
            Node q = e.getValue();
            lines.put("queries." + name, q.line());
            if (name.equals(Profile.INSERT)) {
                throw bad(q, "a query cannot be named insert: that name is the profile's insert");
            }
            Map<String, String> values = new LinkedHashMap<>();
            if (q.text() != null) {
                values.put("cql", q.text()); // cassandra-stress's older form: name: cql
            } else if (q.map() != null) {
                for (Map.Entry<String, Node> f : q.map().entrySet()) {
                    String key = f.getKey().toLowerCase(Locale.ROOT);
                    if (!QUERY_KEYS.contains(key)) {
                        throw bad(f.getValue(), "unknown key '" + f.getKey() + "' in query " + name + "; known: "
                                + String.join(", ", QUERY_KEYS) + (key.contains("consistency") ? " (the run's "
                                + "consistency is --consistency, the same for every statement)" : ""));
                    }
                    values.put(key, scalar(f.getValue(), key));
                }
            } else {
                throw bad(q, "query " + name + " is a map (cql, fields), not " + describe(q));
            }
            String cql = values.get("cql");
            if (cql == null || cql.isBlank()) {
                throw bad(q, "query " + name + " has no cql");
            }
            String fields = values.getOrDefault("fields", "multirow").strip().toLowerCase(Locale.ROOT);
            if (!fields.equals("samerow") && !fields.equals("multirow")) {
                throw bad(q, "query " + name + ": fields is samerow or multirow, not '" + values.get("fields") + "'");
            }
            try {
                queries.put(name, ProfileQueries.analyse(name, cql.strip(), fields, def, columns));
            } catch (Cql.Unreadable ex) {
                throw new BadProfile(file, q.line(), "query " + name + ": " + ex.getMessage());
            }
        }
        return queries;
    }

    Distribution distribution(Node node, String spec, String what) {
        try {
            return Distribution.parse(spec);
        } catch (IllegalArgumentException e) {
            throw bad(node, what + ": " + e.getMessage());
        }
    }

    private String required(Map<String, Node> top, String key) {
        Node node = top.get(key);
        if (node == null || node.text() == null || node.text().isBlank()) {
            throw new BadProfile(file, node == null ? 0 : node.line(), key + " is missing");
        }
        return node.text().strip();
    }

    private String optionalText(Map<String, Node> top, String key) {
        Node node = top.get(key);
        return node == null || node.text() == null || node.text().isBlank() ? null : scalar(node, key).strip();
    }

    String scalar(Node node, String what) {
        if (node.text() == null) {
            throw bad(node, what + " is a value, not " + describe(node));
        }
        return node.text();
    }

    /** The line {@code offset} characters into a block's text is on (a block's text starts on the line after its key). */
    private static int lineAt(Node node, int offset) {
        String text = node.text() == null ? "" : node.text();
        int newlines = 0;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                newlines++;
            }
        }
        boolean block = text.contains("\n");
        return node.line() + (block ? 1 : 0) + newlines;
    }

    BadProfile bad(Node node, String message) {
        return new BadProfile(file, node == null ? 0 : node.line(), message);
    }

    static String describe(Node node) {
        return node.map() != null ? "a map" : node.list() != null ? "a list" : node.value() == null ? "nothing"
                : "'" + node.text() + "'";
    }

    static Set<String> keys() {
        return Set.copyOf(KEYS);
    }
}
