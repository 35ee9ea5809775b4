package dev.cqlbench.profile;

/**
 * A profile the user can fix: one line, {@code file:line: what is wrong}; the command line exits with 2, as for any
 * setting the user can fix.
 */
public final class BadProfile extends IllegalArgumentException {

    public BadProfile(String file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
