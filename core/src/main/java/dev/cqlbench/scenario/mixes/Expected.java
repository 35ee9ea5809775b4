package dev.cqlbench.scenario.mixes;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What every record must hold: per record and field, the index of the value last written to it, in the order
 * the writes were sent (the driver stamps each write with a client timestamp as it is sent, so the last one
 * sent wins), or {@link #UNKNOWN} after a write whose outcome is unknown. Writes to one record are recorded
 * under its lock together with sending them, so recording order is timestamp order.
 */
final class Expected {
    static final byte UNKNOWN = (byte) 0xFF;
    private static final int CHUNK = 1 << 16;
    private final int fields;
    private final AtomicReferenceArray<byte[]> chunks =
            new AtomicReferenceArray<>(1 << 15);
    private final Object[] locks = new Object[256];

    Expected(int fields) {
        this.fields = fields;
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
    }

    Object lock(long k) {
        return locks[(int) (k & (locks.length - 1))];
    }

    private byte[] chunk(long k) {
        int c = (int) (k / CHUNK);
        byte[] chunk = chunks.get(c);
        if (chunk == null) {
            chunks.compareAndSet(c, null, new byte[CHUNK * fields]);
            chunk = chunks.get(c);
        }
        return chunk;
    }

    /** Caller holds {@link #lock(long)}. */
    void set(long k, int field, byte value) {
        chunk(k)[(int) (k % CHUNK) * fields + field] = value;
    }

    void setRow(long k, byte[] row) {
        synchronized (lock(k)) {
            System.arraycopy(row, 0, chunk(k), (int) (k % CHUNK) * fields, fields);
        }
    }

    /** Record {@code k} may be written by others too: none of its fields is known. */
    void unknownRow(long k) {
        synchronized (lock(k)) {
            java.util.Arrays.fill(chunk(k), (int) (k % CHUNK) * fields, (int) (k % CHUNK) * fields + fields, UNKNOWN);
        }
    }

    void unknown(long k, int field) {
        synchronized (lock(k)) {
            set(k, field, UNKNOWN);
        }
    }

    byte get(long k, int field) {
        synchronized (lock(k)) {
            return chunk(k)[(int) (k % CHUNK) * fields + field];
        }
    }
}
