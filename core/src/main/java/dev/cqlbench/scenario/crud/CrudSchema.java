package dev.cqlbench.scenario.crud;

import dev.cqlbench.binding.CqlTable;
import dev.cqlbench.scenario.SchemaAdmin;

/** The schema of study 01. Kept as CQL text so core needs no driver. */
public final class CrudSchema {

    /** Study 01's users. */
    public static final CqlTable USERS = CqlTable.of("user", "id uuid, first_name text, last_name text, city text",
            "id", null);
    public static final String TABLE = USERS.name();

    private CrudSchema() {}

    /** The users' table in {@code keyspace}, created if missing; a line for the progress output. */
    public static String prepare(String keyspace, SchemaAdmin admin) {
        boolean created = admin.ensureTable(keyspace, USERS);
        return "table " + keyspace + "." + TABLE + (created ? " created" : " ready");
    }

    public static String createTable(String keyspace) {
        return USERS.create(keyspace);
    }
}
