package dev.cqlbench.scenario.crud;

import java.util.List;

/** The schema of study 01. Kept as CQL text so core needs no driver. */
public final class CrudSchema {

    public static final String TABLE = "user";

    private CrudSchema() {}

    /** Column name → CQL type, in table order. */
    public static final List<String[]> COLUMNS = List.of(
            new String[] {"id", "uuid"},
            new String[] {"first_name", "text"},
            new String[] {"last_name", "text"},
            new String[] {"city", "text"});

    public static String createTable(String keyspace) {
        return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + TABLE
                + " (id uuid PRIMARY KEY, first_name text, last_name text, city text)";
    }
}
