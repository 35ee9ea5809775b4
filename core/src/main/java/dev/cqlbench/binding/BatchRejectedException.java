package dev.cqlbench.binding;

/**
 * The server refused a batch as configured (Cassandra: larger than its {@code batch_size_fail_threshold}).
 * Not a transient error: every batch of the same size would fail the same way, so the run stops the variant.
 */
public final class BatchRejectedException extends RuntimeException {

    public BatchRejectedException(String message) {
        super(message);
    }
}
