package dev.cqlbench.app.orchestrate;

import java.util.List;

/**
 * What the servers spend when no client asks anything (compaction, gossip, their own timers): read between rounds
 * ({@link #EVERY} rounds apart),
 * while every worker waits, and added up over the run, so the servers' CPU per operation can count only what is
 * above it.
 */
final class IdleBaseline {

    /** How long one idle reading lasts. */
    static final long WINDOW_MILLIS = 250;
    /**
     * Rounds between two readings: the first round's, then every tenth. The idle load moves slowly (compaction,
     * gossip), and a reading every round made a fifth of a round's time.
     */
    static final int EVERY = 10;

    private long cpuNanos;
    private long wallNanos;

    /** Reads the servers' CPU over one idle window (the caller makes sure nothing runs). */
    void measure(ResourceSampler sampler, List<Long> pids) {
        if (pids.isEmpty()) {
            return;
        }
        long before = sampler.cpuNanos(pids);
        long start = System.nanoTime();
        try {
            Thread.sleep(WINDOW_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long after = sampler.cpuNanos(pids);
        long wall = System.nanoTime() - start;
        if (after >= before) { // a node that restarted meanwhile tells nothing
            cpuNanos += after - before;
            wallNanos += wall;
        }
    }

    /** CPU nanoseconds per nanosecond of wall time at idle, over every window so far; 0 before the first. */
    double rate() {
        return wallNanos == 0 ? 0 : (double) cpuNanos / wallNanos;
    }

    /** The idle servers' CPU, percent of one core; null if never read. */
    Double percentOfCore() {
        return wallNanos == 0 ? null : rate() * 100;
    }
}
