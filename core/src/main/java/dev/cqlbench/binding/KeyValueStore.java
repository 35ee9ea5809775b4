package dev.cqlbench.binding;

import java.util.concurrent.CompletionStage;

/**
 * YCSB's table for standard mixes: {@code keyspace.usertable (y_id text PRIMARY KEY, field0 … field<n-1> text)},
 * every call asynchronous, statements prepared. As YCSB's core workload: a read returns every field, an update
 * writes one field, an insert writes them all, a scan reads up to {@code count} records from a key in token
 * order.
 */
public interface KeyValueStore {

    CompletionStage<Void> insert(String key, String[] values);

    /** Every field of the record, in field order, or null when there is no such record. */
    CompletionStage<String[]> read(String key);

    CompletionStage<Void> update(String key, int field, String value);

    /**
     * The record as the strongest read sees it (Cassandra: consistency ALL), for the verification after a run: it
     * sees every acknowledged write whatever consistency wrote it, or fails when a replica is down.
     */
    default CompletionStage<String[]> readLatest(String key) {
        return read(key);
    }

    /** Records read (each consumed whole). */
    CompletionStage<Integer> scan(String startKey, int count);

    /** Empties the table (outside any timed phase). */
    void truncate() throws Exception;
}
