package dev.cqlbench.result;

import java.util.Map;

/**
 * One second of a timed phase: operations completed in it, errors, and the latency percentiles of its
 * successful operations (response time, from the intended start in open loop).
 *
 * @param second       seconds since the phase began (0 = the first second)
 * @param errorsByKind the second's errors by kind (exception class, or a verification failure); empty when none
 */
public record TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us,
                            double p99Us, Map<String, Long> errorsByKind) {

    public TimelinePoint {
        errorsByKind = errorsByKind == null ? Map.of() : Map.copyOf(new java.util.TreeMap<>(errorsByKind));
    }

    public TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us, double p99Us) {
        this(cycle, repetition, second, ops, errors, p50Us, p99Us, Map.of());
    }
}
