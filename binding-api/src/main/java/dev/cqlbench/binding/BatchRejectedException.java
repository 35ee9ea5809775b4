package dev.cqlbench.binding;

/**
 * The server refused a batch as configured (Cassandra: larger than its {@code batch_size_fail_threshold}).
 * Not a transient error: every batch of the same size would fail the same way, so the run stops the variant.
 */
public final class BatchRejectedException extends RuntimeException {

    public BatchRejectedException(String message) {
        super(message);
    }

    /**
     * {@code failure} as a rejection when it is the server refusing a batch as too large (whatever the library wraps
     * it in: its message says so), else {@code failure} itself.
     */
    public static RuntimeException ifTooLarge(RuntimeException failure) {
        String said = null;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("Batch too large")) {
                said = t.getMessage(); // the deepest: the server's own words, not a wrapper's with the whole batch
            }
        }
        return said == null ? failure : new BatchRejectedException(said.lines().findFirst().orElse(said));
    }
}
