package dev.cqlbench.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * Operations completed in this JVM so far, successful or not: what a worker's heartbeat reports, so the
 * orchestrator tells a worker making progress (however long its phase) from one that hangs. One uncontended
 * {@link LongAdder} increment per operation.
 */
public final class Liveness {

    private static final LongAdder COMPLETED = new LongAdder();

    private Liveness() {}

    public static void completed() {
        COMPLETED.increment();
    }

    public static long completedSoFar() {
        return COMPLETED.sum();
    }
}
