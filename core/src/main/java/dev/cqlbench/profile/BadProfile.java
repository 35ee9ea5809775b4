package dev.cqlbench.profile;

import dev.cqlbench.run.BadSetting;

/** A profile the user can fix: one line, {@code file:line: what is wrong}; the command line exits with 2. */
public final class BadProfile extends BadSetting {

    public BadProfile(String file, int line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
