package dev.cqlbench.app.orchestrate;

import java.nio.file.Path;

/** A worker JVM failed, crashed, or stopped answering; the message is one line and names its log. */
public final class WorkerException extends Exception {

    private final String detail;

    WorkerException(String message, Path log, String detail) {
        super(message + " (log: " + log + ")");
        this.detail = detail;
    }

    /** The worker's stack trace when it reported one, for --debug. */
    public String detail() {
        return detail;
    }
}
