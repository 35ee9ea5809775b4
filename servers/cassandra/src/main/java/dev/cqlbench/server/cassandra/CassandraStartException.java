package dev.cqlbench.server.cassandra;

import java.nio.file.Path;

/** An embedded node did not come up; the message is one line and names the log to read. */
public final class CassandraStartException extends Exception {

    private final transient Path log;

    public CassandraStartException(String message, Path log) {
        super(message + " (log: " + log + ")");
        this.log = log;
    }

    public Path log() {
        return log;
    }

    /** Whether the node died because a port it was given was bound by another process meanwhile. */
    public boolean portTaken() {
        try {
            return log != null && java.nio.file.Files.isRegularFile(log)
                    && java.nio.file.Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1)
                            .contains("in use by another process");
        } catch (java.io.IOException | RuntimeException unreadable) {
            return false;
        }
    }
}
