package dev.cqlbench.profile;

import dev.cqlbench.profile.Profile.Column;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The CQL every driver binding prepares for a profile, written once: the insert (an {@code INSERT} of every column,
 * with the profile's condition; on a counter table an {@code UPDATE} that adds to each counter), the read of one row
 * by its primary key, and the profile's queries in the run's keyspace. Bind markers follow {@link #insertOrder}.
 */
public final class Statements {

    private Statements() {}

    public static String table(Profile profile, String keyspace) {
        return Cql.quote(keyspace) + "." + Cql.quote(profile.table());
    }

    /**
     * The insert; its markers take the row's values in {@link #insertOrder}. With a condition on columns
     * ({@code IF body = NULL}) it is an {@code UPDATE … IF}, as cassandra-stress writes it.
     */
    public static String insert(Profile profile, String keyspace) {
        List<Column> columns = profile.columns();
        if (profile.counterTable()) {
            return "UPDATE " + table(profile, keyspace) + " SET " + columns.stream().filter(c -> !c.key())
                    .map(c -> Cql.quote(c.name()) + " = " + Cql.quote(c.name()) + " + ?")
                    .collect(Collectors.joining(", ")) + " WHERE " + keyEquals(profile);
        }
        if (updates(profile)) {
            return "UPDATE " + table(profile, keyspace) + " SET " + columns.stream().filter(c -> !c.key())
                    .map(c -> Cql.quote(c.name()) + " = ?").collect(Collectors.joining(", ")) + " WHERE "
                    + keyEquals(profile) + " " + profile.insert().condition();
        }
        return "INSERT INTO " + table(profile, keyspace) + " (" + columns.stream().map(c -> Cql.quote(c.name()))
                .collect(Collectors.joining(", ")) + ") VALUES (" + columns.stream().map(c -> "?")
                .collect(Collectors.joining(", ")) + ")" + (profile.insert().condition() == null ? ""
                : " " + profile.insert().condition());
    }

    /**
     * The column index (in {@link Profile#columns}) each marker of {@link #insert} takes: every column in order; for a
     * counter table or an UPDATE the columns outside the key, then the key.
     */
    public static int[] insertOrder(Profile profile) {
        List<Column> columns = profile.columns();
        if (!profile.counterTable() && !updates(profile)) {
            return java.util.stream.IntStream.range(0, columns.size()).toArray();
        }
        int keys = profile.primaryKey().size();
        int[] order = new int[columns.size()];
        int at = 0;
        for (int c = keys; c < columns.size(); c++) {
            order[at++] = c;
        }
        for (int c = 0; c < keys; c++) {
            order[at++] = c;
        }
        return order;
    }

    /** Whether the insert is an UPDATE with a condition on columns (any condition but IF NOT EXISTS). */
    public static boolean updates(Profile profile) {
        String condition = profile.insert().condition();
        return condition != null && !condition.equals("IF NOT EXISTS");
    }

    /** Every column of the row with the given primary key (markers: the key's values in order). */
    public static String read(Profile profile, String keyspace) {
        return "SELECT " + profile.columns().stream().map(c -> Cql.quote(c.name())).collect(Collectors.joining(", "))
                + " FROM " + table(profile, keyspace) + " WHERE " + keyEquals(profile);
    }

    /** Query {@code name} in {@code keyspace}. */
    public static String query(Profile profile, String name, String keyspace) {
        return profile.queries().get(name).statement().cql(keyspace);
    }

    /** {@code cql} with its bind markers named {@code :p0}, {@code :p1}… in order (for mappers that bind by name). */
    public static String namedMarkers(String cql) {
        return numberedMarkers(cql, ":p");
    }

    /** {@code cql} with its bind markers numbered {@code prefix}0, {@code prefix}1… in order. */
    public static String numberedMarkers(String cql, String prefix) {
        return markers(cql, n -> prefix + n);
    }

    /**
     * {@code cql} with its bind markers replaced by {@code literals} in order (for libraries that send values in the
     * statement's text, as Kundera's native queries do): {@link CqlLiterals} writes them.
     */
    public static String inlined(String cql, List<String> literals) {
        return markers(cql, literals::get);
    }

    private static String markers(String cql, java.util.function.IntFunction<String> marker) {
        StringBuilder out = new StringBuilder();
        int last = 0;
        int n = 0;
        for (Cql.Token token : new Cql.Tokens(cql).rest()) {
            if (token.text().equals("?") && !token.quoted() && !token.string()) {
                out.append(cql, last, token.offset()).append(marker.apply(n++));
                last = token.offset() + 1;
            }
        }
        return out.append(cql.substring(last)).toString();
    }

    /** A CQL name as a statement writes it (quoted unless plain lower case). */
    public static String identifier(String name) {
        return Cql.quote(name);
    }

    private static String keyEquals(Profile profile) {
        return profile.primaryKey().stream().map(c -> Cql.quote(c.name()) + " = ?")
                .collect(Collectors.joining(" AND "));
    }
}
