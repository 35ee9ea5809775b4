package dev.cqlbench.result;

import dev.cqlbench.measure.HistogramCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

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
                            long cpuMillis, long gcMillis, double lagMaxUs, List<Integer> clients) {

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

    /**
     * The seconds of clients that ran together, added up by wall-clock second: operations, errors, latencies
     * (exactly, from their histograms, where every client's second has one), the clients' CPU and GC time, the
     * largest lag, and which clients were there.
     */
    public static List<TimelinePoint> together(List<List<TimelinePoint>> clients) {
        record Key(int cycle, int repetition, long epochSecond) {}
        Map<Key, List<TimelinePoint>> bySecond = new TreeMap<>(Comparator.comparingInt(Key::cycle)
                .thenComparingInt(Key::repetition).thenComparingLong(Key::epochSecond));
        Map<Key, List<Integer>> who = new LinkedHashMap<>();
        for (int c = 0; c < clients.size(); c++) {
            for (TimelinePoint p : clients.get(c)) {
                Key key = new Key(p.cycle(), p.repetition(), p.epochSecond());
                bySecond.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
                who.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            }
        }
        Map<Long, Long> firstSecond = new TreeMap<>();
        bySecond.keySet().forEach(k -> firstSecond.merge((long) k.cycle() << 32 | k.repetition(), k.epochSecond(),
                Math::min));
        List<TimelinePoint> out = new ArrayList<>();
        bySecond.forEach((key, points) -> {
            Histogram h = new Histogram(3);
            boolean exact = true;
            long ops = 0;
            long errors = 0;
            long cpu = 0;
            long gc = 0;
            double lag = 0;
            Map<String, Long> byKind = new TreeMap<>();
            for (TimelinePoint p : points) {
                if (p.histogram() == null) {
                    exact = false;
                } else {
                    h.add(HistogramCodec.decode(p.histogram()));
                }
                ops += p.ops();
                errors += p.errors();
                cpu = cpu < 0 || p.cpuMillis() < 0 ? -1 : cpu + p.cpuMillis();
                gc += p.gcMillis();
                lag = Math.max(lag, p.lagMaxUs());
                p.errorsByKind().forEach((k, n) -> byKind.merge(k, n, Long::sum));
            }
            boolean known = exact && h.getTotalCount() > 0;
            int second = (int) (key.epochSecond() - firstSecond.get((long) key.cycle() << 32 | key.repetition()));
            out.add(new TimelinePoint(key.cycle(), key.repetition(), second, ops, errors,
                    known ? h.getValueAtPercentile(50) / 1e3 : points.stream().mapToDouble(TimelinePoint::p50Us).max()
                            .orElse(0),
                    known ? h.getValueAtPercentile(99) / 1e3 : points.stream().mapToDouble(TimelinePoint::p99Us).max()
                            .orElse(0),
                    byKind, key.epochSecond(), exact ? HistogramCodec.encode(h) : null, cpu, gc, lag,
                    who.get(key)));
        });
        return out;
    }
}
