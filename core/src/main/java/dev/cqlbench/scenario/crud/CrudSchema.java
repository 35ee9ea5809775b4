package dev.cqlbench.scenario.crud;

import dev.cqlbench.scenario.SchemaAdmin;
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

    /** The users' table in {@code keyspace}, created if missing; a line for the progress output. */
    public static String prepare(String keyspace, SchemaAdmin admin) {
        boolean created = admin.ensureTable(keyspace, TABLE, COLUMNS, createTable(keyspace));
        return "table " + keyspace + "." + TABLE + (created ? " created" : " ready");
    }

    public static String createTable(String keyspace) {
        return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + TABLE
                + " (id uuid PRIMARY KEY, first_name text, last_name text, city text)";
    }
}
