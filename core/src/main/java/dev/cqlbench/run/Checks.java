package dev.cqlbench.run;

import java.util.Collection;
import java.util.LinkedHashSet;

/** Value checks the command line's type conversion does not do, each failing with a {@link BadSetting}. */
public final class Checks {

    private Checks() {}

    public static void positive(String option, long value) {
        if (value < 1) {
            throw new BadSetting(option + " must be at least 1, got " + value);
        }
    }

    public static void notNegative(String option, long value) {
        if (value < 0) {
            throw new BadSetting(option + " must not be negative, got " + value);
        }
    }

    public static void keyspace(String keyspace) {
        if (keyspace == null || !keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new BadSetting("--keyspace '" + keyspace + "' is not a valid keyspace name");
        }
    }

    public static void notEmpty(String option, Collection<?> values) {
        if (values == null || values.isEmpty()) {
            throw new BadSetting(option + " needs at least one value");
        }
    }

    public static void distinct(String option, Collection<?> values) {
        if (new LinkedHashSet<>(values).size() != values.size()) {
            throw new BadSetting(option + " values must differ");
        }
    }

    public static BadSetting bad(String message) {
        return new BadSetting(message);
    }
}
