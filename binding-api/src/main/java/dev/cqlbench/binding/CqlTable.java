package dev.cqlbench.binding;

import java.util.ArrayList;
import java.util.List;

/**
 * A table a scenario creates, said once: its name, its columns in order with their CQL types as
 * {@code system_schema} spells them, its primary key and its options. The CREATE statement and the columns an
 * existing table must have (the schema-clash check) both come from it.
 *
 * @param primaryKey what {@code PRIMARY KEY (…)} holds: {@code id}, {@code sensor, ts}
 * @param options    what {@code WITH} holds, or null
 */
public record CqlTable(String name, List<Column> columns, String primaryKey, String options) {

    /** A column and its CQL type: {@code attrs map<text, text>}. */
    public record Column(String name, String type) {}

    public CqlTable {
        columns = List.copyOf(columns);
    }

    /**
     * @param columns {@code name type, name type, …} in table order; a type's own commas ({@code map<text, text>})
     *                stay with it
     */
    public static CqlTable of(String name, String columns, String primaryKey, String options) {
        List<Column> parsed = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= columns.length(); i++) {
            char c = i < columns.length() ? columns.charAt(i) : ',';
            depth += c == '<' ? 1 : c == '>' ? -1 : 0;
            if (c == ',' && depth == 0) {
                String[] column = columns.substring(start, i).strip().split("\\s+", 2);
                if (column.length != 2) {
                    throw new IllegalArgumentException("not a column and its type: '" + columns.substring(start, i)
                            + "' in " + name);
                }
                parsed.add(new Column(column[0], column[1]));
                start = i + 1;
            }
        }
        return new CqlTable(name, parsed, primaryKey, options);
    }

    /** A comment as the table's options: {@code comment = '…'}. */
    public static String comment(String text) {
        return "comment = " + literal(text);
    }

    /** {@code text} as a CQL string literal: in single quotes, each of its own doubled. */
    public static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** {@code CREATE TABLE IF NOT EXISTS keyspace.name (column type, …, PRIMARY KEY (…)) [WITH options]}. */
    public String create(String keyspace) {
        StringBuilder cql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(keyspace).append('.').append(name)
                .append(" (");
        for (Column column : columns) {
            cql.append(column.name()).append(' ').append(column.type()).append(", ");
        }
        cql.append("PRIMARY KEY (").append(primaryKey).append("))");
        return options == null ? cql.toString() : cql.append(" WITH ").append(options).toString();
    }

    /** The columns' names, in table order. */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }
}
