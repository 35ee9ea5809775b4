package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;

/** Value checks picocli's type conversion does not do. */
final class Checks {

    private Checks() {}

    static void positive(String option, long value) {
        if (value < 1) {
            throw new CqlbenchException(ExitCode.USAGE, option + " must be at least 1, got " + value);
        }
    }

    static void keyspace(String keyspace) {
        if (!keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new CqlbenchException(ExitCode.USAGE, "--keyspace '" + keyspace + "' is not a valid keyspace name");
        }
    }

    static void notNegative(String option, long value) {
        if (value < 0) {
            throw new CqlbenchException(ExitCode.USAGE, option + " must not be negative, got " + value);
        }
    }
}
