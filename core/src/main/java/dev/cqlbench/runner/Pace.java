package dev.cqlbench.runner;

/**
 * How a block is driven: up to {@code maxOps} operations (0: until its operations run out), for {@code millis}
 * (0: no time limit), at {@code rate} per second (0: closed loop, a new operation as soon as a slot is free). In an
 * open loop, operation n is due at {@code (n + phase)} intervals after the block begins: clients sharing a workload
 * interleave their schedules by their phase (from 0 to 1). A block with a {@code startAtMillis} (wall clock,
 * milliseconds since the epoch) waits for that instant, or begins at once if it has passed.
 */
public record Pace(long maxOps, long millis, double rate, double phase, long startAtMillis) {

    /** Closed loop until the block's operations run out. */
    public static final Pace UNTIL_DONE = new Pace(0, 0, 0);

    public Pace(long maxOps, long millis, double rate) {
        this(maxOps, millis, rate, 0, 0);
    }

    /**
     * Dispatching thread {@code t}'s part of {@code n}: its share of the operations (the remainder to the lowest), of
     * the rate, and its schedule offset so that the n schedules interleave into this one.
     */
    public Pace part(int t, int n) {
        long ops = maxOps == 0 ? 0 : maxOps / n + (t < maxOps % n ? 1 : 0);
        return new Pace(ops, millis, rate / n, (phase + t) / n, startAtMillis);
    }

    public boolean openLoop() {
        return rate > 0;
    }
}
