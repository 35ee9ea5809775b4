package dev.cqlbench.binding;

import java.util.UUID;

/** The row of study 01: {@code example.user (id uuid primary key, first_name, last_name, city)}. */
public record User(UUID id, String firstName, String lastName, String city) {

    /**
     * Study 01's four statements on {@code keyspace.user}, as a driver prepares them: insert (id, first_name,
     * last_name, city), select of every column by id, update (first_name, last_name, city, then id), delete by id.
     */
    public record Statements(String insert, String select, String update, String delete) {

        public static Statements on(String keyspace) {
            String table = keyspace + ".user";
            return new Statements("INSERT INTO " + table + " (id, first_name, last_name, city) VALUES (?, ?, ?, ?)",
                    "SELECT id, first_name, last_name, city FROM " + table + " WHERE id = ?",
                    "UPDATE " + table + " SET first_name = ?, last_name = ?, city = ? WHERE id = ?",
                    "DELETE FROM " + table + " WHERE id = ?");
        }
    }
}
