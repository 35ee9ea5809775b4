package dev.cqlbench.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Just enough of CQL to read a profile: the tokens of a statement (with where each starts, so a message can name the
 * line and a table name can be qualified with its keyspace), {@code CREATE TABLE} and {@code CREATE TYPE}. What the
 * server makes of a definition is the server's to say: this reads names, types and keys, nothing else.
 */
final class Cql {

    private Cql() {}

    /** One token: its text (an identifier unquoted and, unless quoted, as written), where it starts, whether quoted. */
    record Token(String text, int offset, boolean quoted, boolean string) {}

    /** A statement's tokens, read front to back. */
    static final class Tokens {
        private final String source;
        private final List<Token> tokens = new ArrayList<>();
        private int at;

        Tokens(String source) {
            this.source = source;
            int i = 0;
            int n = source.length();
            while (i < n) {
                char c = source.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '-' && i + 1 < n && source.charAt(i + 1) == '-'
                        || c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                    while (i < n && source.charAt(i) != '\n') {
                        i++;
                    }
                } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                    int end = source.indexOf("*/", i + 2);
                    i = end < 0 ? n : end + 2;
                } else if (c == '"' || c == '\'') {
                    StringBuilder text = new StringBuilder();
                    int start = i++;
                    while (i < n) {
                        if (source.charAt(i) == c) {
                            if (i + 1 < n && source.charAt(i + 1) == c) {
                                text.append(c);
                                i += 2;
                                continue;
                            }
                            break;
                        }
                        text.append(source.charAt(i++));
                    }
                    i++;
                    tokens.add(new Token(text.toString(), start, c == '"', c == '\''));
                } else if (Character.isLetterOrDigit(c) || c == '_') {
                    int start = i;
                    while (i < n && (Character.isLetterOrDigit(source.charAt(i)) || source.charAt(i) == '_'
                            || (source.charAt(i) == '.' && i + 1 < n && Character.isDigit(source.charAt(i + 1))
                            && Character.isDigit(source.charAt(start))))) {
                        i++;
                    }
                    tokens.add(new Token(source.substring(start, i), start, false, false));
                } else if ((c == '<' || c == '>' || c == '!') && i + 1 < n && source.charAt(i + 1) == '=') {
                    tokens.add(new Token(source.substring(i, i + 2), i, false, false));
                    i += 2;
                } else {
                    tokens.add(new Token(String.valueOf(c), i, false, false));
                    i++;
                }
            }
        }

        boolean atEnd() {
            return at >= tokens.size() || tokens.get(at).text().equals(";") && at == tokens.size() - 1;
        }

        String peek() {
            return at < tokens.size() ? tokens.get(at).text() : "end of statement";
        }

        /** Where the next token starts (the end of the text at the end). */
        int offset() {
            return at < tokens.size() ? tokens.get(at).offset() : source.length();
        }

        boolean quotedLast() {
            return at > 0 && tokens.get(at - 1).quoted();
        }

        String next(String what) {
            if (at >= tokens.size()) {
                throw new IllegalArgumentException("expected " + what + ", found the end of the statement");
            }
            return tokens.get(at++).text();
        }

        /** An identifier: unquoted ones in lower case, as CQL folds them. */
        String identifier(String what) {
            Token token = at < tokens.size() ? tokens.get(at) : null;
            if (token == null || token.string() || !token.quoted()
                    && !(Character.isLetter(token.text().charAt(0)) || token.text().charAt(0) == '_')) {
                throw new IllegalArgumentException("expected " + what + ", found " + peek());
            }
            at++;
            return token.quoted() ? token.text() : token.text().toLowerCase(Locale.ROOT);
        }

        boolean accept(String text) {
            Token token = at < tokens.size() ? tokens.get(at) : null;
            if (token != null && !token.quoted() && !token.string() && token.text().equalsIgnoreCase(text)) {
                at++;
                return true;
            }
            return false;
        }

        void expect(String text) {
            if (!accept(text)) {
                throw new IllegalArgumentException("expected '" + text + "', found " + (peek().isEmpty() ? "''"
                        : "'" + peek() + "'"));
            }
        }

        List<Token> rest() {
            return tokens.subList(at, tokens.size());
        }
    }

    /** One column of a table definition, in the order of its definition. */
    record ColumnDef(String name, CqlType type, boolean isStatic, int offset) {}

    /**
     * A {@code CREATE TABLE}: its keyspace (null when not written), name, columns, partition key and clustering
     * columns, and where the name starts and ends (to write the keyspace in).
     */
    record TableDef(String keyspace, String name, List<ColumnDef> columns, List<String> partitionKey,
                    List<String> clustering, int nameStart, int nameEnd, String withClause) {}

    /** A {@code CREATE TYPE}: its name and fields. */
    record TypeDef(String keyspace, String name, List<ColumnDef> fields, int nameStart, int nameEnd) {}

    /**
     * Thrown where a statement does not parse; {@code offset} is where, in its text.
     */
    static final class Unreadable extends IllegalArgumentException {
        final int offset;

        Unreadable(String message, int offset) {
            super(message);
            this.offset = offset;
        }
    }

    static TableDef table(String cql) {
        return definition(cql, t -> {
            t.expect("create");
            if (!t.accept("table") && !t.accept("columnfamily")) {
                throw new IllegalArgumentException("expected CREATE TABLE, found CREATE " + t.peek());
            }
            Created table = Created.read(t, "the table's name");
            String name = table.name();
            t.expect("(");
            List<ColumnDef> columns = new ArrayList<>();
            List<String> partitionKey = new ArrayList<>();
            List<String> clustering = new ArrayList<>();
            do {
                if (t.accept("primary")) {
                    t.expect("key");
                    t.expect("(");
                    if (t.accept("(")) {
                        do {
                            partitionKey.add(t.identifier("a partition key column"));
                        } while (t.accept(","));
                        t.expect(")");
                    } else {
                        partitionKey.add(t.identifier("a partition key column"));
                    }
                    while (t.accept(",")) {
                        clustering.add(t.identifier("a clustering column"));
                    }
                    t.expect(")");
                    continue;
                }
                int offset = t.offset();
                String column = t.identifier("a column name");
                CqlType type = CqlType.parse(t);
                boolean isStatic = t.accept("static");
                if (t.accept("primary")) {
                    t.expect("key");
                    partitionKey.add(column);
                }
                columns.add(new ColumnDef(column, type, isStatic, offset));
            } while (t.accept(","));
            t.expect(")");
            int withStart = t.offset();
            String with = withStart < cql.length() ? cql.substring(withStart).strip() : "";
            if (partitionKey.isEmpty()) {
                throw new Unreadable("table " + name + " has no PRIMARY KEY", withStart);
            }
            for (String key : concat(partitionKey, clustering)) {
                if (columns.stream().noneMatch(c -> c.name().equals(key))) {
                    throw new Unreadable("the primary key names " + key + ", which is not a column of " + name,
                            withStart);
                }
            }
            return new TableDef(table.keyspace(), name, columns, partitionKey, clustering, table.nameStart(),
                    table.nameEnd(), with);
        });
    }

    static TypeDef type(String cql) {
        return definition(cql, t -> {
            t.expect("create");
            t.expect("type");
            Created type = Created.read(t, "the type's name");
            t.expect("(");
            List<ColumnDef> fields = new ArrayList<>();
            do {
                int offset = t.offset();
                String field = t.identifier("a field name");
                fields.add(new ColumnDef(field, CqlType.parse(t), false, offset));
            } while (t.accept(","));
            t.expect(")");
            return new TypeDef(type.keyspace(), type.name(), fields, type.nameStart(), type.nameEnd());
        });
    }

    /** A definition as {@code read} reads it from its tokens; a mistake is {@link Unreadable} where it stands. */
    private static <T> T definition(String cql, Function<Tokens, T> read) {
        Tokens t = new Tokens(cql);
        try {
            return read.apply(t);
        } catch (Unreadable e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new Unreadable(e.getMessage(), t.offset());
        }
    }

    /** What a {@code CREATE} names: its keyspace (null when not written), name, and where the name starts and ends. */
    private record Created(String keyspace, String name, int nameStart, int nameEnd) {

        /** Read after {@code CREATE <kind>}: an optional {@code IF NOT EXISTS}, then the name. */
        static Created read(Tokens t, String what) {
            if (t.accept("if")) {
                t.expect("not");
                t.expect("exists");
            }
            int nameStart = t.offset();
            String keyspace = null;
            String name = t.identifier(what);
            if (t.accept(".")) {
                keyspace = name;
                name = t.identifier(what);
            }
            return new Created(keyspace, name, nameStart, t.offset());
        }
    }

    /** The first word of a statement, in lower case, and the second ("create type", "create index"…). */
    static String kind(String cql) {
        Tokens t = new Tokens(cql);
        String first = t.atEnd() ? "" : t.next("a statement").toLowerCase(Locale.ROOT);
        String second = t.atEnd() ? "" : t.next("a statement").toLowerCase(Locale.ROOT);
        return first + " " + second;
    }

    /** An identifier as CQL must write it: quoted unless lower case letters, digits and underscores. */
    static String quote(String identifier) {
        return identifier.matches("[a-z][a-z0-9_]*") ? identifier : "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
