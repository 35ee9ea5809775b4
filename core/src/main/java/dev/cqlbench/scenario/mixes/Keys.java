package dev.cqlbench.scenario.mixes;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records known to exist: the loaded ones and the inserts acknowledged without a gap. Inserts acknowledged
 * ahead of a gap are marked in a bitmap until the gap closes (nothing allocated per insert).
 */
final class Keys {
    private static final int CHUNK_WORDS = 1 << 12;
    private volatile long existing;
    private long next;
    /** Bits of the inserts acknowledged ahead of {@link #existing}, in chunks of {@link #CHUNK_WORDS} words. */
    private final List<long[]> ahead = new ArrayList<>();
    final Set<Long> failed = ConcurrentHashMap.newKeySet();
    private volatile boolean anyFailed;

    Keys(long loaded) {
        existing = loaded;
        next = loaded;
    }

    long existing() {
        return existing;
    }

    /** The next record number to insert (from any dispatching thread). */
    synchronized long nextInsert() {
        return next++;
    }

    /** Record numbers used so far: loaded and inserted (read once the phases are over). */
    synchronized long issued() {
        return next;
    }

    /** Record {@code k}'s write failed: it may or may not be there. */
    void fail(long k) {
        failed.add(k);
        anyFailed = true;
    }

    boolean failed(long k) {
        return anyFailed && failed.contains(k);
    }

    synchronized void done(long k, boolean ok) {
        if (!ok) {
            fail(k);
        }
        if (k != existing) {
            flip(k, true);
            return;
        }
        long e = existing + 1;
        while (flip(e, false)) {
            e++;
        }
        existing = e;
    }

    /** Sets (or clears) record {@code k}'s bit; returns whether it was set. */
    private boolean flip(long k, boolean set) {
        long word = k >>> 6;
        int c = (int) (word / CHUNK_WORDS);
        while (ahead.size() <= c) {
            ahead.add(null);
        }
        long[] chunk = ahead.get(c);
        if (chunk == null) {
            if (!set) {
                return false;
            }
            chunk = new long[CHUNK_WORDS];
            ahead.set(c, chunk);
        }
        int i = (int) (word % CHUNK_WORDS);
        long bit = 1L << (k & 63);
        boolean was = (chunk[i] & bit) != 0;
        chunk[i] = set ? chunk[i] | bit : chunk[i] & ~bit;
        return was;
    }
}
