package dev.cqlbench.profile;

import dev.cqlbench.binding.Library;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a profile asks of a library, named as a binding declares what its library cannot express
 * ({@link Library#limits}): {@code type:<name>} for each type of its columns ({@code type:udt} for a user-defined
 * type, {@code type:frozen} for a frozen collection), {@code batch:<type>} when an insert can write several rows,
 * {@code condition:if-not-exists} or {@code condition:if} (any other, which makes the insert an UPDATE), {@code query:<verb>} for each query's kind.
 */
public final class Features {

    private Features() {}

    public static Set<String> of(Profile profile) {
        Set<String> features = new TreeSet<>();
        for (Profile.Column column : profile.columns()) {
            types(column.cqlType(), profile, features);
        }
        if (rowsPerInsertMax(profile) > 1) {
            features.add("batch:" + profile.insert().batchType());
        }
        if (profile.insert().condition() != null) {
            features.add(Statements.updates(profile) ? "condition:if" : "condition:if-not-exists");
            if (Statements.updates(profile) && Conditions.of(profile) == null) {
                features.add("condition:if-other");
            }
        }
        for (Profile.Query query : profile.queries().values()) {
            String cql = query.statement().before().strip();
            features.add("query:" + cql.split("\\s+")[0].toLowerCase(Locale.ROOT));
            if (query.select() && !wholeRows(query, profile)) {
                features.add("query:some-columns");
            }
        }
        return features;
    }

    /**
     * Whether a library's limit ({@link Library#limits}) names a feature of a profile (a type, a batch, a condition,
     * a query), rather than of its connection ({@code connection:tls}, see {@link dev.cqlbench.binding.Tls#LIMIT}).
     */
    public static boolean ofProfiles(String limit) {
        return limit.startsWith("type:") || limit.startsWith("batch:") || limit.startsWith("condition:")
                || limit.startsWith("query:");
    }

    /** What {@code library} cannot express of {@code profile}: feature → why; empty when it can run it whole. */
    public static Map<String, String> missing(Library library, Profile profile) {
        Map<String, String> missing = new LinkedHashMap<>();
        for (String feature : of(profile)) {
            String why = library.limits().get(feature);
            if (why != null) {
                missing.put(feature, why);
            }
        }
        return missing;
    }

    /** Whether a query reads whole rows of the table ({@code SELECT *}), which a mapper maps to its entity. */
    public static boolean wholeRows(Profile.Query query, Profile profile) {
        return query.select() && query.selected().size() == profile.columns().size()
                && query.statement().before().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT).startsWith("SELECT * ");
    }

    /**
     * The most rows one insert can write: partitions × rows per partition. A {@code select} share below 1 does not
     * lower it: each row of a partition is taken with that chance ({@link Rows#insert}), so an insert may take them
     * all (a profile with {@code select: fixed(1)/3} over 3 rows writes 2 or 3 rows at once now and then).
     */
    public static double rowsPerInsertMax(Profile profile) {
        double rows = 1;
        for (Profile.Column column : profile.clustering()) {
            rows *= column.cluster().max();
        }
        return profile.insert().partitions().max() * Math.min(rows, Rows.MAX_ROWS_PER_PARTITION);
    }

    private static void types(CqlType type, Profile profile, Set<String> features) {
        features.add("type:" + (type.isUdt() ? "udt" : type.name()));
        if (type.frozen() && !type.name().equals("tuple")) {
            features.add("type:frozen");
        }
        for (CqlType arg : type.args()) {
            types(arg, profile, features);
        }
        if (type.isUdt()) {
            Profile.UserType udt = profile.type(type.name());
            if (udt != null) {
                for (Profile.Field field : udt.fields()) {
                    types(CqlType.parse(field.type()), profile, features);
                }
            }
        }
    }

    /** The features named in a message: "type vector", "a LOGGED batch"… */
    public static String describe(String feature) {
        int colon = feature.indexOf(':');
        String kind = colon < 0 ? feature : feature.substring(0, colon);
        String what = colon < 0 ? "" : feature.substring(colon + 1);
        return switch (kind) {
            case "type" -> "type " + what;
            case "batch" -> (what.startsWith("U") ? "an " : "a ") + what + " batch";
            case "query" -> what.equals("some-columns") ? "a query that reads some columns, not whole rows"
                    : "a query that is a " + what.toUpperCase(Locale.ROOT);
            case "condition" -> what.equals("if-other") ? "a condition that is not comparisons of columns with NULL, "
                    + "a text, a number, a boolean or a uuid"
                    : what.equals("if") ? "an insert with a condition on columns (an UPDATE … IF)"
                    : "an insert with IF NOT EXISTS";
            default -> feature;
        };
    }
}
