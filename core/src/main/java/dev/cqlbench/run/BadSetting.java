package dev.cqlbench.run;

/** A setting the user can fix: its message is one line that names the option. The command line exits with 2. */
public class BadSetting extends IllegalArgumentException {

    public BadSetting(String message) {
        super(message);
    }
}
