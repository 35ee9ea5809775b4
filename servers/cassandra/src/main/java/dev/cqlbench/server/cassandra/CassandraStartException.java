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
}
