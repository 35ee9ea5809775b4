package dev.cqlbench.measure;

import java.util.concurrent.atomic.LongAdder;

/**
 * Operations a worker has completed so far, successful or not, timed or not (a read-back is progress too): what its
 * heartbeat reports, so the orchestrator tells a worker making progress (however long its phase) from one that
 * hangs. The worker makes one and hands it to its runner; one uncontended {@link LongAdder} increment per operation.
 */
public final class Liveness {

    private final LongAdder completed = new LongAdder();

    public void completed() {
        completed.increment();
    }

    /** A planned wait (for a start instant shared with other clients) goes on: alive, as an operation would say. */
    public void waiting() {
        completed.increment();
    }

    public long completedSoFar() {
        return completed.sum();
    }
}
