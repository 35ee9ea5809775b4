package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.TimelinePoint;
import java.util.ArrayList;
import java.util.HashMap;
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
 *
 * <p>Watched live ({@link #watch}), every second also goes to the listener as a {@link LiveSecond}, per operation
 * kind, with the operations in flight. A timeline made only to be watched keeps no points ({@code keep} false): the
 * result stays what it is without watching. Counts are cumulative sums read at each tick, never reset under
 * concurrent adds, so every operation lands in exactly one second.
 */
final class Timeline {

    private final List<String> kinds;
    private final boolean keep;
    private final LatencyRecorder[] second;
    private final LongAdder[] okOps;
    private final long[] okAtLastTick;
    private final LongAccumulator secondLag = new LongAccumulator(Math::max, 0);
    private long cpuAtLastTick;
    private long gcAtLastTick;
    private long startEpochSecond;
    private final ErrorCounts errors;
    private final ErrorCounts[] kindErrors;
    private final List<TimelinePoint> points = new ArrayList<>();
    /** {@link #errors} at the last tick: each second's errors are the difference. */
    private Map<String, Long> errorsAtLastTick = Map.of();
    private final List<Map<String, Long>> kindErrorsAtLastTick = new ArrayList<>();
    private final LongAdder started = new LongAdder();
    private final LongAdder settled = new LongAdder();
    private volatile RunListener listener;
    private double intendedRate;
    private ScheduledExecutorService ticker;
    private int at;

    /**
     * @param errors     every error of the tally (the points' errors by kind)
     * @param kindErrors each kind's errors, in the order of {@code kinds} (the live seconds')
     * @param keep       whether it keeps points for the result
     */
    Timeline(ErrorCounts errors, List<String> kinds, ErrorCounts[] kindErrors, boolean keep) {
        this.errors = errors;
        this.kinds = List.copyOf(kinds);
        this.kindErrors = kindErrors;
        this.keep = keep;
        int n = kinds.size();
        second = new LatencyRecorder[n];
        okOps = new LongAdder[n];
        okAtLastTick = new long[n];
        for (int k = 0; k < n; k++) {
            second[k] = LatencyRecorder.multiWriter();
            okOps[k] = new LongAdder();
            kindErrorsAtLastTick.add(Map.of());
        }
    }

    /** Its seconds go to {@code watcher} as they close from the next block on; null: nobody watches. */
    void watch(RunListener watcher) {
        listener = watcher;
    }

    /** Whether its seconds are watched (then the block counts the operations it sends and settles). */
    boolean watched() {
        return listener != null;
    }

    /** A successful operation of kind k: its response time, how late it started, the operations it counts for. */
    void ok(int k, long responseNanos, long lagNanos, int weight) {
        second[k].recordNanos(responseNanos);
        okOps[k].add(weight);
        if (lagNanos > 0) {
            secondLag.accumulate(lagNanos);
        }
    }

    /** An operation was sent (watched timelines only). */
    void started() {
        started.increment();
    }

    /** An operation settled, successful or not (watched timelines only). */
    void settled() {
        settled.increment();
    }

    /** A block begins: a point every second from now; {@code rate} the open loop's schedule (0: closed loop). */
    void start(int cycle, int repetition, double rate) {
        at = 0;
        intendedRate = rate;
        errorsAtLastTick = errors.snapshot();
        for (int k = 0; k < kinds.size(); k++) {
            okAtLastTick[k] = okOps[k].sum();
            kindErrorsAtLastTick.set(k, kindErrors[k].snapshot());
            second[k].takeInterval(); // nothing recorded between blocks belongs to this one
        }
        startEpochSecond = System.currentTimeMillis() / 1000;
        cpuAtLastTick = ProcessCpu.processNanos();
        gcAtLastTick = ProcessCpu.gcMillis();
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
        Histogram all = new Histogram(3);
        long ops = 0;
        List<LiveSecond.Kind> live = new ArrayList<>(kinds.size());
        for (int k = 0; k < kinds.size(); k++) {
            Histogram h = this.second[k].takeInterval();
            all.add(h);
            long now = okOps[k].sum();
            long ok = now - okAtLastTick[k];
            okAtLastTick[k] = now;
            ops += ok;
            Map<String, Long> failed = added(kindErrors[k].snapshot(), kindErrorsAtLastTick, k);
            long failures = failed.values().stream().mapToLong(Long::longValue).sum();
            live.add(new LiveSecond.Kind(kinds.get(k), ok + failures, failed,
                    h.getTotalCount() == 0 ? null : HistogramCodec.encode(h)));
        }
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
        long gc = ProcessCpu.gcMillis();
        long gcMillis = gc - gcAtLastTick;
        gcAtLastTick = gc;
        long lag = secondLag.getThenReset();
        RunListener watcher = listener;
        if (watcher != null) {
            watcher.second(new LiveSecond(cycle, repetition, startEpochSecond + second, live, inFlight(), lag / 1e9,
                    intendedRate));
        }
        long errs = byKind.values().stream().mapToLong(Long::longValue).sum();
        if (!keep || ops == 0 && errs == 0 && all.getTotalCount() == 0) {
            return;
        }
        points.add(new TimelinePoint(cycle, repetition, second, ops, errs,
                all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(50) / 1e3,
                all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(99) / 1e3, byKind, startEpochSecond + second,
                HistogramCodec.encode(all), cpuMillis, gcMillis, lag / 1e3, List.of()));
    }

    /**
     * Operations sent and not settled, as of one instant: what was sent, read between two reads of what settled that
     * agree (settled read after sent: never more than were in flight at any instant, so never above the window).
     */
    private long inFlight() {
        long sent = 0;
        long after = 0;
        for (int tries = 0; tries < 10; tries++) {
            long before = settled.sum();
            sent = started.sum();
            after = settled.sum();
            if (before == after) {
                break;
            }
        }
        return Math.max(0, sent - after);
    }

    /** What {@code now} added to kind k's counts since the last tick (then the new last tick). */
    private static Map<String, Long> added(Map<String, Long> now, List<Map<String, Long>> atLastTick, int k) {
        Map<String, Long> before = atLastTick.get(k);
        Map<String, Long> out = new HashMap<>();
        now.forEach((kind, n) -> {
            long added = n - before.getOrDefault(kind, 0L);
            if (added > 0) {
                out.put(kind, added);
            }
        });
        atLastTick.set(k, now);
        return out;
    }

    synchronized List<TimelinePoint> points() {
        return List.copyOf(points);
    }
}
