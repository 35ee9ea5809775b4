package dev.cqlbench.scenario.hatshop;

/** One timed replay: what each event returned, and when it started and took, indexed by event. */
final class Replay {
    final Object[] results;
    final Throwable[] failures;
    final long[] startOffsets;
    final long[] latencies;
    long startEpochNanos;
    long begin;
    int dispatched;
    long wallNanos;
    /** The orders a complete replay left, as one checksum; null otherwise. */
    String digest;

    /** @param logged whether the event log needs each event's start and time */
    Replay(int n, boolean logged) {
        results = new Object[n];
        failures = new Throwable[n];
        startOffsets = logged ? new long[n] : null;
        latencies = logged ? new long[n] : null;
    }
}
