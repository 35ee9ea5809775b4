package dev.cqlbench.scenario.writes;

/** Study 04's ways of writing the same rows; the variant names users type. */
public enum WritePattern {
    /** Batches of B rows from mixed partitions, LOGGED (atomic through the batch log). */
    LOGGED_BATCH("logged-batch", "batches of B mixed-partition rows, LOGGED"),
    /** The same batches UNLOGGED: the study's "Batch Statements". */
    UNLOGGED_BATCH("unlogged-batch", "batches of B mixed-partition rows, UNLOGGED (the study's \"Batch Statements\")"),
    /** Each window of B rows split by replica set, one UNLOGGED batch per group: the study's splitByToken. */
    TOKEN_AWARE_BATCH("token-aware-batch", "each B rows grouped by replica set (driver token map), one UNLOGGED "
            + "batch per group (the study's \"Token-Aware Batch Statements\")"),
    /** Single inserts, at most W in flight: the study's "Asynchronous Statements". */
    ASYNC("async", "single prepared inserts, at most W in flight (the study's \"Asynchronous Statements\")");

    /** The variant option that names its pattern. */
    public static final String OPTION = "pattern";

    private final String variant;
    private final String description;

    WritePattern(String variant, String description) {
        this.variant = variant;
        this.description = description;
    }

    public String variant() {
        return variant;
    }

    public String description() {
        return description;
    }

    public boolean batched() {
        return this != ASYNC;
    }

    public static WritePattern of(String variant) {
        for (WritePattern p : values()) {
            if (p.variant.equals(variant)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown write pattern '" + variant + "'");
    }
}
