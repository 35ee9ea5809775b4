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

    /** {@link #positive} for an option that may be left out: nothing to check when it is (null). */
    public static void positiveIfGiven(String option, Number value) {
        if (value != null) {
            positive(option, value.longValue());
        }
    }

    public static void between(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new BadSetting(option + " must be between " + min + " and " + max + ", got " + value);
        }
    }

    /** A confidence level: strictly between 0 and 1. */
    public static void level(String option, double value) {
        if (!(value > 0 && value < 1)) {
            throw new BadSetting(option + " must be between 0 and 1, got " + value);
        }
    }

    /** The value of the environment variable an option names (a password is given so); refused when it is unset. */
    public static String environment(String option, String variable) {
        String value = System.getenv(variable);
        if (value == null) {
            throw new BadSetting("environment variable " + variable + " (from " + option + ") is not set");
        }
        return value;
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
