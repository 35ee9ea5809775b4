package dev.cqlbench.scenario;

/** A keyspace or table exists with a schema, or data, the scenario cannot use. The command line exits with 5. */
public final class SchemaClash extends RuntimeException {

    public SchemaClash(String message) {
        super(message);
    }
}
