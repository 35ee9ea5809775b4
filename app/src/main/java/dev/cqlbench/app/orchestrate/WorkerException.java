package dev.cqlbench.app.orchestrate;

import java.nio.file.Path;

/** A worker JVM failed, crashed, or stopped answering; the message is one line and names its log. */
public final class WorkerException extends Exception {

    private final String detail;
    private final String kind;

    WorkerException(String message, Path log, String detail) {
        this(message, log, detail, null);
    }

    WorkerException(String message, Path log, String detail, String kind) {
        super(message + " (log: " + log + ")");
        this.detail = detail;
        this.kind = kind;
    }

    /** The failure's exception class as the worker reported it (e.g. BatchRejectedException), or null. */
    public String kind() {
        return kind;
    }

    /** The worker's stack trace when it reported one, for --debug. */
    public String detail() {
        return detail;
    }
}
