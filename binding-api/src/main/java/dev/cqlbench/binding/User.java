package dev.cqlbench.binding;

import java.util.UUID;
import java.util.function.Function;

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

        /** The four statements as {@code prepare} (a driver session's {@code prepare}) prepares them, in order. */
        public <P> Prepared<P> prepare(Function<String, P> prepare) {
            return new Prepared<>(prepare.apply(insert), prepare.apply(select), prepare.apply(update),
                    prepare.apply(delete));
        }

        /** The values the insert binds, in its markers' order: id, first_name, last_name, city. */
        public static Object[] insertValues(User user) {
            return new Object[] {user.id(), user.firstName(), user.lastName(), user.city()};
        }

        /** The values the update binds, in its markers' order: first_name, last_name, city, then id. */
        public static Object[] updateValues(User user) {
            return new Object[] {user.firstName(), user.lastName(), user.city(), user.id()};
        }

        /** The four statements prepared by one driver; select and delete bind the id alone. */
        public record Prepared<P>(P insert, P select, P update, P delete) {}
    }
}
