package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import dev.cqlbench.result.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The per-second throughput, latency and errors by kind of a tally's timed blocks, and the client's own CPU, garbage
 * collection and schedule lag in each: a ticker thread cuts a point every second of a block, and the block's last,
 * partial second when it ends. Each point keeps its second's histogram and wall-clock second, so that the seconds
 * of clients sharing a workload add up exactly.
 */
final class Timeline {

    private final LatencyRecorder second = LatencyRecorder.multiWriter();
    private final LongAdder secondOps = new LongAdder();
    private final LongAccumulator secondLag = new LongAccumulator(Math::max, 0);
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
    private long cpuAtLastTick;
    private long gcAtLastTick;
    private long startEpochSecond;
    private final ErrorCounts errors;
    private final List<TimelinePoint> points = new ArrayList<>();
    /** {@link #errors} at the last tick: each second's errors are the difference. */
    private Map<String, Long> errorsAtLastTick = Map.of();
    private ScheduledExecutorService ticker;
    private int at;

    Timeline(ErrorCounts errors) {
        this.errors = errors;
    }

    /** A successful operation: its response time, and how late after its scheduled time it started. */
    void ok(long responseNanos, long lagNanos) {
        second.recordNanos(responseNanos);
        secondOps.increment();
        if (lagNanos > 0) {
            secondLag.accumulate(lagNanos);
        }
    }

    /** A block begins: a point every second from now. */
    void start(int cycle, int repetition) {
        at = 0;
        errorsAtLastTick = errors.snapshot();
        startEpochSecond = System.currentTimeMillis() / 1000;
        cpuAtLastTick = ProcessCpu.processNanos();
        gcAtLastTick = gcMillis();
        secondLag.reset();
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cqlbench-timeline");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(() -> tick(cycle, repetition), 1, 1, TimeUnit.SECONDS);
    }

    /** The block ended: a tick under way finishes first, then the last, partial second, in order. */
    void stop(int cycle, int repetition) {
        ticker.shutdownNow();
        try {
            ticker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tick(cycle, repetition);
    }

    private synchronized void tick(int cycle, int repetition) {
        int second = at++;
        Histogram h = this.second.takeInterval();
        long ops = secondOps.sumThenReset();
        // a failure counted while the snapshot is taken lands in this second or the next, never lost or doubled
        Map<String, Long> now = errors.snapshot();
        Map<String, Long> byKind = new TreeMap<>();
        now.forEach((kind, n) -> {
            long added = n - errorsAtLastTick.getOrDefault(kind, 0L);
            if (added > 0) {
                byKind.put(kind, added);
            }
        });
        errorsAtLastTick = now;
        long cpu = ProcessCpu.processNanos();
        long cpuMillis = cpu < 0 || cpuAtLastTick < 0 ? -1 : (cpu - cpuAtLastTick) / 1_000_000;
        cpuAtLastTick = cpu;
        long gc = gcMillis();
        long gcMillis = gc - gcAtLastTick;
        gcAtLastTick = gc;
        long lag = secondLag.getThenReset();
        long errs = byKind.values().stream().mapToLong(Long::longValue).sum();
        if (ops == 0 && errs == 0 && h.getTotalCount() == 0) {
            return;
        }
        points.add(new TimelinePoint(cycle, repetition, second, ops, errs,
                h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(50) / 1e3,
                h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e3, byKind, startEpochSecond + second,
                HistogramCodec.encode(h), cpuMillis, gcMillis, lag / 1e3, List.of()));
    }

    private long gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    synchronized List<TimelinePoint> points() {
        return List.copyOf(points);
    }
}
