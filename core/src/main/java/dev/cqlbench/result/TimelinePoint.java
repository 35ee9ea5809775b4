package dev.cqlbench.result;

import java.util.Map;

/**
 * One second of a timed phase: operations completed in it, errors, and the latency percentiles of its
 * successful operations (response time, from the intended start in open loop), with what the client itself was
 * doing then, so a saturated client shows.
 *
 * @param second       seconds since the phase began (0 = the first second)
 * @param errorsByKind the second's errors by kind (exception class, or a verification failure); empty when none
 * @param epochSecond  the wall-clock second it began in, seconds since the epoch (0: unknown, older results); exact
 *                     second boundaries when the block began at a whole second, as blocks of clients sharing a
 *                     workload do
 * @param histogram    the second's latencies, ns, HdrHistogram compressed base64, so that seconds of several clients
 *                     add up exactly; null in older results
 * @param cpuMillis    the client JVM's CPU time in the second, all threads, the JIT compiler's included (-1: unknown)
 * @param gcMillis     the client JVM's garbage collection time in the second
 * @param lagMaxUs     open loop: the most an operation of the second started after its scheduled time, µs (the
 *                     client falling behind its schedule); 0 in closed loop
 * @param clients      which clients contributed to the second (merged results); empty for one client's own
 */
public record TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us,
                            double p99Us, Map<String, Long> errorsByKind, long epochSecond, String histogram,
                            long cpuMillis, long gcMillis, double lagMaxUs, java.util.List<Integer> clients) {

    public TimelinePoint {
        errorsByKind = errorsByKind == null ? Map.of() : Map.copyOf(new java.util.TreeMap<>(errorsByKind));
        clients = clients == null ? java.util.List.of() : java.util.List.copyOf(clients);
    }

    public TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us, double p99Us,
                         Map<String, Long> errorsByKind) {
        this(cycle, repetition, second, ops, errors, p50Us, p99Us, errorsByKind, 0, null, -1, 0, 0, null);
    }

    public TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us, double p99Us) {
        this(cycle, repetition, second, ops, errors, p50Us, p99Us, Map.of());
    }
}
