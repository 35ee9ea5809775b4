package dev.cqlbench.runner;

/**
 * How a block is driven: up to {@code maxOps} operations (0: until its operations run out), for {@code millis}
 * (0: no time limit), at {@code rate} per second (0: closed loop, a new operation as soon as a slot is free).
 */
public record Pace(long maxOps, long millis, double rate) {

    /** Closed loop until the block's operations run out. */
    public static final Pace UNTIL_DONE = new Pace(0, 0, 0);

    public boolean openLoop() {
        return rate > 0;
    }
}
