package dev.cqlbench.scenario.mixes;

import dev.cqlbench.run.ClientShard;

/**
 * Where a client's record numbers are in the table. A phase counts records locally, as one client alone would:
 * {@code 0 .. loaded-1} are loaded records it may read and update, then come its own inserts. Alone, local and table
 * numbers are the same. When clients share the workload ({@link ClientShard}), the loaded records are everyone's,
 * each client loads and reads back only its own slice, and its inserts take every N-th number after the loaded
 * records, so no two clients insert the same record.
 *
 * @param loadBase   the table number of local record 0
 * @param loaded     how many loaded records the phase may touch
 * @param insertBase the table number the clients' inserts start from
 * @param own        the first local record this client loads and reads back; it loads {@code ownCount}
 */
record KeyMap(long loadBase, long loaded, long insertBase, ClientShard client, long own, long ownCount) {

    /** A workload's run: all {@code records} readable, this client's slice of them loaded here. */
    static KeyMap of(ClientShard client, long records) {
        return new KeyMap(0, records, records, client, client.first(records), client.slice(records));
    }

    /** Warmup: at most {@code max} of this client's own records (only those: others may not be loaded yet). */
    static KeyMap warmup(ClientShard client, long records, long max) {
        long n = Math.min(client.slice(records), max);
        return new KeyMap(client.first(records), n, records, client, 0, n);
    }

    /** The table's record number of local record {@code k}. */
    long table(long k) {
        return k < loaded ? loadBase + k : client.insert(insertBase, k - loaded);
    }

    /** Whether other clients may write local record {@code k} too: then what it holds is not known here. */
    boolean shared(long k) {
        return client.shared() && k < loaded;
    }

    /** Whether this client reads local record {@code k} back at the end: its own slice and its own inserts. */
    boolean readsBack(long k) {
        return k >= loaded || (k >= own && k < own + ownCount);
    }
}
