package dev.cqlbench.profile;

import dev.cqlbench.profile.Profile.Column;
import dev.cqlbench.profile.Profile.Named;
import dev.cqlbench.profile.Profile.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a profile's query does: which table it is on (it must be the profile's), whether it reads, what it selects,
 * and which column each bind marker takes a value of, so that a value the profile generated can fill it.
 */
final class ProfileQueries {

    private static final Set<String> RELATIONS = Set.of("=", "<", ">", "<=", ">=", "!=", "in", "contains");

    private ProfileQueries() {}

    static Query analyse(String name, String cql, String fields, Cql.TableDef def, List<Column> columns) {
        Cql.Tokens t = new Cql.Tokens(cql);
        List<Cql.Token> all = List.copyOf(t.rest());
        if (all.isEmpty()) {
            throw new Cql.Unreadable("is empty", 0);
        }
        String verb = all.get(0).text().toLowerCase(Locale.ROOT);
        int tableAt = switch (verb) {
            case "select", "delete" -> indexOf(all, "from", 1) + 1;
            case "update" -> 1;
            case "insert" -> indexOf(all, "into", 1) + 1;
            default -> throw new Cql.Unreadable("is a " + all.get(0).text().toUpperCase(Locale.ROOT) + ": a query "
                    + "is a SELECT, UPDATE, INSERT or DELETE", 0);
        };
        if (tableAt <= 0 || tableAt >= all.size()) {
            throw new Cql.Unreadable("names no table", 0);
        }
        int nameStart = all.get(tableAt).offset();
        String table = identifier(all.get(tableAt));
        int last = tableAt;
        if (tableAt + 2 < all.size() && all.get(tableAt + 1).text().equals(".")) {
            table = identifier(all.get(tableAt + 2));
            last = tableAt + 2;
        }
        if (!table.equals(def.name())) {
            throw new Cql.Unreadable("is on table " + table + ", not on the profile's table " + def.name(), 0);
        }
        Cql.Token after = last + 1 < all.size() ? all.get(last + 1) : null;
        int nameEnd = after == null ? cql.length() : after.offset();
        List<String> binds = new ArrayList<>();
        List<String> insertColumns = verb.equals("insert") ? insertColumns(all, last + 1) : List.of();
        int insertMarker = 0;
        for (int i = 0; i < all.size(); i++) {
            Cql.Token token = all.get(i);
            if (token.quoted() || token.string()) {
                continue;
            }
            if (token.text().startsWith(":")) {
                throw new Cql.Unreadable("uses a named bind marker; write ? instead", token.offset());
            }
            if (!token.text().equals("?")) {
                continue;
            }
            String column = verb.equals("insert") && insertMarker < insertColumns.size() && inValues(all, i)
                    ? insertColumns.get(insertMarker++) : columnBefore(all, i);
            if (column == null) {
                throw new Cql.Unreadable("has a bind marker no column can fill (after '" + (i > 0
                        ? all.get(i - 1).text() : "") + "'): only col = ?, col < ?, col IN ?, SET col = ?, "
                        + "col = col + ? and INSERT … VALUES (?, …) take a generated value", token.offset());
            }
            if (columns.stream().noneMatch(c -> c.name().equals(column))) {
                throw new Cql.Unreadable("binds column " + column + ", which table " + def.name() + " lacks",
                        token.offset());
            }
            binds.add(column);
        }
        boolean select = verb.equals("select");
        List<String> selected = select ? selected(all, indexOf(all, "from", 1), columns) : List.of();
        return new Query(name, new Named(cql.substring(0, nameStart), table, cql.substring(nameEnd)), fields,
                binds, select, selected);
    }

    /** The plain columns a SELECT reads ({@code *}: all); none when it reads an expression (a count, a function). */
    private static List<String> selected(List<Cql.Token> all, int from, List<Column> columns) {
        List<String> names = new ArrayList<>();
        int start = 1;
        if (all.size() > 1 && all.get(1).text().equalsIgnoreCase("distinct")) {
            start = 2;
        }
        if (from == start + 1 && all.get(start).text().equals("*")) {
            return columns.stream().map(Column::name).toList();
        }
        for (int i = start; i < from; i++) {
            Cql.Token token = all.get(i);
            if (token.text().equals(",")) {
                continue;
            }
            String name = identifier(token);
            boolean plain = (i + 1 == from || all.get(i + 1).text().equals(","))
                    && columns.stream().anyMatch(c -> c.name().equals(name));
            if (!plain) {
                return List.of();
            }
            names.add(name);
        }
        return names;
    }

    /** The column a bind marker at {@code i} compares with or sets, or null. */
    private static String columnBefore(List<Cql.Token> all, int i) {
        if (i < 2) {
            return null;
        }
        String op = all.get(i - 1).text().toLowerCase(Locale.ROOT);
        if (op.equals("+") || op.equals("-")) { // SET c = c + ?
            return i >= 4 && all.get(i - 3).text().equals("=") ? plainColumn(all.get(i - 2)) : null;
        }
        if (!RELATIONS.contains(op)) {
            return null;
        }
        return plainColumn(all.get(i - 2));
    }

    private static String plainColumn(Cql.Token token) {
        if (token.string() || !token.quoted() && !(Character.isLetter(token.text().charAt(0))
                || token.text().charAt(0) == '_')) {
            return null;
        }
        return identifier(token);
    }

    private static List<String> insertColumns(List<Cql.Token> all, int from) {
        List<String> names = new ArrayList<>();
        int open = indexOf(all, "(", from);
        if (open < 0) {
            return names;
        }
        for (int i = open + 1; i < all.size() && !all.get(i).text().equals(")"); i++) {
            if (!all.get(i).text().equals(",")) {
                names.add(identifier(all.get(i)));
            }
        }
        return names;
    }

    private static boolean inValues(List<Cql.Token> all, int i) {
        int values = indexOf(all, "values", 0);
        return values >= 0 && values < i;
    }

    private static int indexOf(List<Cql.Token> all, String word, int from) {
        for (int i = from; i < all.size(); i++) {
            Cql.Token token = all.get(i);
            if (!token.quoted() && !token.string() && token.text().equalsIgnoreCase(word)) {
                return i;
            }
        }
        return -1;
    }

    private static String identifier(Cql.Token token) {
        return token.quoted() ? token.text() : token.text().toLowerCase(Locale.ROOT);
    }
}
