package dev.cqlbench.app;

/** A failure the user can act on: a one-line message and the exit code it maps to. */
public class CqlbenchException extends RuntimeException {

    private final int exitCode;

    public CqlbenchException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public CqlbenchException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
