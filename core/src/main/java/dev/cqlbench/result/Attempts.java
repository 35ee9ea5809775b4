package dev.cqlbench.result;

import java.util.Map;

/**
 * What an operation's attempts came to, in one cycle ({@link OperationDistribution}) or in all
 * ({@link OperationResult}): how they ended and their full latency distributions.
 */
public interface Attempts {

    Outcomes outcomes();

    Histograms histograms();

    /** Operations attempted. */
    default long count() {
        return outcomes().count();
    }

    /** Operations that failed or read back wrong. */
    default long errors() {
        return outcomes().errors();
    }

    default Map<String, Long> errorsByKind() {
        return outcomes().errorsByKind();
    }

    /** Latencies of successful operations, ns, HdrHistogram compressed base64. */
    default String histogram() {
        return histograms().histogram();
    }

    /** Open loop: service times, ns, HdrHistogram compressed base64; null in closed loop. */
    default String serviceHistogram() {
        return histograms().serviceHistogram();
    }
}
