package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.Maps;
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
 * @param at           which second it is
 * @param errorsByKind the second's errors by kind (exception class, or a verification failure); empty when none
 * @param latency      its successful operations' latencies
 * @param client       what the client JVM was doing in the second
 * @param clients      which clients contributed to the second (merged results); empty for one client's own
 */
public record TimelinePoint(@JsonUnwrapped When at, long ops, long errors, Map<String, Long> errorsByKind,
                            @JsonUnwrapped Latency latency, @JsonUnwrapped ClientLoad client, List<Integer> clients) {

    /**
     * Which second a point is.
     *
     * @param second      seconds since the phase began (0 = the first second)
     * @param epochSecond the wall-clock second it began in, seconds since the epoch (0: unknown, older results); exact
     *                    second boundaries when the block began at a whole second, as blocks of clients sharing a
     *                    workload do
     */
    public record When(int cycle, int repetition, int second, long epochSecond) {
    }

    /**
     * A second's latencies.
     *
     * @param histogram the second's latencies, ns, HdrHistogram compressed base64, so that seconds of several clients
     *                  add up exactly; null in older results
     */
    public record Latency(double p50Us, double p99Us, String histogram) {
    }

    /**
     * What the client JVM was doing in a second, so a saturated client shows.
     *
     * @param cpuMillis the client JVM's CPU time in the second, all threads, the JIT compiler's included (-1: unknown)
     * @param gcMillis  the client JVM's garbage collection time in the second
     * @param lagMaxUs  open loop: the most an operation of the second started after its scheduled time, µs (the
     *                  client falling behind its schedule); 0 in closed loop
     */
    public record ClientLoad(long cpuMillis, long gcMillis, double lagMaxUs) {
        public static final ClientLoad UNKNOWN = new ClientLoad(-1, 0, 0);
    }

    public TimelinePoint {
        errorsByKind = errorsByKind == null ? Map.of() : Maps.sorted(errorsByKind);
        client = client == null ? ClientLoad.UNKNOWN : client;
        clients = clients == null ? java.util.List.of() : java.util.List.copyOf(clients);
    }

    public TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us, double p99Us,
                         Map<String, Long> errorsByKind) {
        this(new When(cycle, repetition, second, 0), ops, errors, errorsByKind, new Latency(p50Us, p99Us, null),
                ClientLoad.UNKNOWN, null);
    }

    public TimelinePoint(int cycle, int repetition, int second, long ops, long errors, double p50Us, double p99Us) {
        this(cycle, repetition, second, ops, errors, p50Us, p99Us, Map.of());
    }

    public int cycle() {
        return at.cycle();
    }

    public int repetition() {
        return at.repetition();
    }

    public int second() {
        return at.second();
    }

    public long epochSecond() {
        return at.epochSecond();
    }

    public double p50Us() {
        return latency.p50Us();
    }

    public double p99Us() {
        return latency.p99Us();
    }

    public String histogram() {
        return latency.histogram();
    }

    public long cpuMillis() {
        return client.cpuMillis();
    }

    public long gcMillis() {
        return client.gcMillis();
    }

    public double lagMaxUs() {
        return client.lagMaxUs();
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
            Latency latency = new Latency(
                    known ? h.getValueAtPercentile(50) / 1e3 : points.stream().mapToDouble(TimelinePoint::p50Us).max()
                            .orElse(0),
                    known ? h.getValueAtPercentile(99) / 1e3 : points.stream().mapToDouble(TimelinePoint::p99Us).max()
                            .orElse(0),
                    exact ? HistogramCodec.encode(h) : null);
            out.add(new TimelinePoint(new When(key.cycle(), key.repetition(), second, key.epochSecond()), ops, errors,
                    byKind, latency, new ClientLoad(cpu, gc, lag), who.get(key)));
        });
        return out;
    }
}
