package dev.cqlbench.binding;

import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * YCSB's table for standard mixes: {@code keyspace.usertable (y_id text PRIMARY KEY, field0 … field<n-1> text)},
 * every call asynchronous, statements prepared. As YCSB's core workload: a read returns every field, an update
 * writes one field, an insert writes them all, a scan reads up to {@code count} records from a key in token
 * order.
 *
 * <p>The timed phases call the methods that take a record number and a {@link Completion}: the runner then
 * allocates nothing per operation (no key string, no future, no callback). Their defaults build the key with
 * {@link #key(long)} and adapt the {@link CompletionStage} methods (allocating what those need); a binding
 * overrides them to allocate less (driver 4 hands its future straight to the {@code Completion}).
 */
public interface KeyValueStore {

    /** YCSB's key for record number {@code record}: "user" and a hash, so records spread over the ring. */
    static String key(long record) {
        return key(record, false, 1);
    }

    /**
     * YCSB's key as its core workload builds it ({@code buildKeyName}): "user", then the record number, hashed unless
     * {@code insertorder=ordered}, left-padded with zeros to {@code zeropadding} digits.
     */
    static String key(long record, boolean ordered, int zeroPadding) {
        String number = Long.toString(ordered ? record : Math.abs(fnv64(record))); // YCSB's Utils.fnvhash64
        return number.length() >= zeroPadding ? "user" + number : "user" + "0".repeat(zeroPadding - number.length())
                + number;
    }

    /** The key of record {@code record} in this table's key format ({@link On}). */
    default String keyOf(long record) {
        return key(record);
    }

    /** YCSB's FNV-1a 64-bit hash of a long, byte by byte: spreads record numbers over the key space. */
    static long fnv64(long value) {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < 8; i++) {
            hash ^= value & 0xff;
            hash *= 0x100000001B3L;
            value >>>= 8;
        }
        return hash;
    }

    CompletionStage<Void> insert(String key, String[] values);

    /** Every field of the record, in field order, or null when there is no such record. */
    CompletionStage<String[]> read(String key);

    CompletionStage<Void> update(String key, int field, String value);

    /** Sets every field of the record in one statement. */
    CompletionStage<Void> updateAll(String key, String[] values);

    /**
     * The record as the strongest read sees it (Cassandra: consistency ALL), for the verification after a run: it
     * sees every acknowledged write whatever consistency wrote it, or fails when a replica is down.
     */
    default CompletionStage<String[]> readLatest(String key) {
        return read(key);
    }

    /** Records read (each consumed whole). */
    CompletionStage<Integer> scan(String startKey, int count);

    /** Inserts record {@code record}; {@code done} gets the outcome (a result, not a failure, is ignored). */
    default void insert(long record, String[] values, Completion done) {
        complete(() -> insert(keyOf(record), values), done);
    }

    /** Reads record {@code record}; {@code done} gets its fields (as {@link #read(String)}) or the failure. */
    default void read(long record, Completion done) {
        complete(() -> read(keyOf(record)), done);
    }

    /**
     * Reads one field of record {@code record} ({@code readallfields=false}); {@code done} gets it as a one-element
     * array, null when there is no such record, or the failure.
     */
    default void read(long record, int field, Completion done) {
        complete(() -> read(keyOf(record)).thenApply(all -> all == null ? null : new String[] {all[field]}), done);
    }

    /** Sets one field of record {@code record}; {@code done} gets the outcome (a result, not a failure, is ignored). */
    default void update(long record, int field, String value, Completion done) {
        complete(() -> update(keyOf(record), field, value), done);
    }

    /** Sets every field of record {@code record} in one UPDATE ({@code writeallfields=true}). */
    default void updateAll(long record, String[] values, Completion done) {
        complete(() -> updateAll(keyOf(record), values), done);
    }

    /** Scans from record {@code record}'s key; {@code done} gets the records read (an Integer) or the failure. */
    default void scan(long record, int count, Completion done) {
        complete(() -> scan(keyOf(record), count), done);
    }

    /**
     * Scans from record {@code record}'s key reading one field of each record ({@code readallfields=false}, as YCSB's
     * scans then read the field its chooser picks); {@code done} gets the records read.
     */
    default void scan(long record, int count, int field, Completion done) {
        complete(() -> scan(keyOf(record), count, field), done);
    }

    /** Records read from {@code startKey}, one field of each. */
    CompletionStage<Integer> scan(String startKey, int count, int field);

    /** Starts a {@link CompletionStage} call and hands its outcome to {@code done}, a synchronous throw included. */
    private static void complete(Supplier<? extends CompletionStage<?>> call, Completion done) {
        CompletionStage<?> stage;
        try {
            stage = call.get();
        } catch (RuntimeException e) {
            done.accept(null, e);
            return;
        }
        stage.whenComplete(done);
    }

    /** Empties the table (outside any timed phase). */
    void truncate() throws Exception;

    /**
     * YCSB's table {@code keyspace.usertable} with {@code fieldCount} text fields, statements prepared; keys as
     * {@link #key(long, boolean, int)} builds them with {@code orderedKeys} and {@code zeroPadding};
     * {@code readsOneField} and {@code writesAllFields} say which of {@link #read(long, int, Completion)} and
     * {@link #updateAll} the run calls (their statements are prepared then).
     */
    record On(String keyspace, int fieldCount, boolean orderedKeys, int zeroPadding, boolean readsOneField,
              boolean writesAllFields) implements Capability<KeyValueStore> {

        /** YCSB's defaults: hashed, unpadded keys, reads of every field, updates of one. */
        public On(String keyspace, int fieldCount) {
            this(keyspace, fieldCount, false, 1, false, false);
        }

        public String key(long record) {
            return KeyValueStore.key(record, orderedKeys, zeroPadding);
        }

        @Override
        public Class<KeyValueStore> type() {
            return KeyValueStore.class;
        }
    }
}
