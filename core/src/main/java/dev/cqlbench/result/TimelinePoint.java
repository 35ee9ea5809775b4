package dev.cqlbench.result;

/**
 * One second of a timed phase: operations completed in it, errors, and the latency percentiles of its
 * successful operations (response time, from the intended start in open loop).
 *
 * @param second seconds since the phase began (0 = the first second)
 */
public record TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us,
                            double p99Us) {}
