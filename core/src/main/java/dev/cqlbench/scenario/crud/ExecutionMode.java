package dev.cqlbench.scenario.crud;

import java.util.Locale;

/**
 * {@code sync}: one operation at a time on one thread (study 01). {@code async}: the library's asynchronous
 * API with at most {@code concurrency} operations in flight (the pattern of study 04).
 */
public enum ExecutionMode {
    SYNC, ASYNC;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
