package dev.cqlbench.runner;

import dev.cqlbench.binding.Closer;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.TimelinePoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import org.HdrHistogram.Histogram;

/**
 * The per-second throughput, latency and errors by kind of a tally's timed blocks, and the client's own CPU, garbage
 * collection and schedule lag in each: a ticker thread cuts a point every second of a block, and the block's last,
 * partial second when it ends. Each point keeps its second's histogram and wall-clock second, so that the seconds
 * of clients sharing a workload add up exactly.
 *
 * <p>It records nothing of its own per operation (but an open loop's lag): each second it takes what the tally
 * recorded since the last ({@link Tally#takeSecond}, its counts and errors), so a second costs the operations
 * nothing. Watched live ({@link #watch}), every second also goes to the listener as a {@link LiveSecond}, per
 * operation kind, with the operations in flight. A timeline made only to be watched keeps no points ({@code keep}
 * false): the result stays what it is without watching. Counts are cumulative sums read at each tick, never reset
 * under concurrent adds, so every operation lands in exactly one second.
 */
final class Timeline {

    private final Tally tally;
    private final int kinds;
    private final boolean keep;
    private final long[] completedAtLastTick;
    private final LongAccumulator secondLag = new LongAccumulator(Math::max, 0);
    private long cpuAtLastTick;
    private long gcAtLastTick;
    private long startEpochSecond;
    private final List<TimelinePoint> points = new ArrayList<>();
    /** The tally's errors at the last tick: each second's errors are the difference. */
    private Map<String, Long> errorsAtLastTick = Map.of();
    private final List<Map<String, Long>> kindErrorsAtLastTick = new ArrayList<>();
    /** What each dispatching thread of the block under way has sent so far (operations as the tally counts them). */
    private final List<AtomicLong> sent = new CopyOnWriteArrayList<>();
    /** Each kind's operations and failures when the block began: what settled since is the difference. */
    private final long[] completedAtStart;
    private volatile RunListener listener;
    /** Whether a block has begun: before, there is no last second to count errors from. */
    private boolean started;
    private int lastRepetition;
    private double intendedRate;
    private ScheduledExecutorService ticker;
    private int at;

    /** @param keep whether it keeps points for the result */
    Timeline(Tally tally, boolean keep) {
        this.tally = tally;
        this.kinds = tally.kinds().size();
        this.keep = keep;
        completedAtLastTick = new long[kinds];
        completedAtStart = new long[kinds];
        for (int k = 0; k < kinds; k++) {
            kindErrorsAtLastTick.add(Map.of());
        }
    }

    /** Its seconds go to {@code watcher} as they close from the next block on; null: nobody watches. */
    void watch(RunListener watcher) {
        listener = watcher;
    }

    /** Whether its seconds are watched (then the block tells it what it sends). */
    boolean watched() {
        return listener != null;
    }

    /** An operation started {@code lagNanos} after its scheduled time (open loop). */
    void late(long lagNanos) {
        secondLag.accumulate(lagNanos);
    }

    /**
     * Where a dispatching thread of the block under way publishes what it has sent so far ({@code lazySet}: a plain
     * store, nothing on the hot path waits); registered before it sends anything.
     */
    AtomicLong sender() {
        AtomicLong cell = new AtomicLong();
        sent.add(cell);
        return cell;
    }

    /**
     * Watched: the errors the tally was told of since the last second closed (rows read back wrong once a block
     * ended, a database's state checked) go to the listener as a second of no operations, under the kind they were
     * counted for, or under the tally's label when they belong to no kind; the result counts them so too.
     */
    synchronized void flushErrors() {
        RunListener watcher = listener;
        if (watcher == null || !started) {
            return;
        }
        Map<String, Long> all = tally.allErrors().snapshot();
        Map<String, Long> ofNoKind = since(all, errorsAtLastTick);
        errorsAtLastTick = all;
        List<LiveSecond.Kind> live = new ArrayList<>();
        for (int k = 0; k < kinds; k++) {
            Map<String, Long> added = kindErrorsSinceLastTick(k);
            added.forEach((kind, n) -> ofNoKind.merge(kind, -n, Long::sum));
            if (!added.isEmpty()) {
                live.add(new LiveSecond.Kind(tally.kinds().get(k), 0, added, null));
            }
        }
        ofNoKind.values().removeIf(n -> n <= 0);
        if (!ofNoKind.isEmpty()) {
            live.add(new LiveSecond.Kind(tally.label(), 0, ofNoKind, null));
        }
        if (!live.isEmpty()) {
            watcher.second(new LiveSecond(tally.cycle(), lastRepetition, System.currentTimeMillis() / 1000, live, 0,
                    0, 0));
        }
    }

    /** A block begins: a point every second from now; {@code rate} the open loop's schedule (0: closed loop). */
    void start(int cycle, int repetition, double rate) {
        flushErrors(); // those found after the last block, before its counts start anew
        started = true;
        lastRepetition = repetition;
        at = 0;
        intendedRate = rate;
        sent.clear();
        errorsAtLastTick = tally.allErrors().snapshot();
        for (int k = 0; k < kinds; k++) {
            completedAtLastTick[k] = tally.completedInBlock(k);
            completedAtStart[k] = completedAtLastTick[k];
            kindErrorsAtLastTick.set(k, tally.errors(k).snapshot());
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
        Closer.awaitTermination(ticker, Duration.ofSeconds(5));
        tick(cycle, repetition);
    }

    private synchronized void tick(int cycle, int repetition) {
        int second = at++;
        Histogram all = new Histogram(3);
        long ops = 0;
        List<LiveSecond.Kind> live = new ArrayList<>(kinds);
        for (int k = 0; k < kinds; k++) {
            // failures first: an operation counted in the tally after them is a success of this second, or of the next
            Map<String, Long> failed = kindErrorsSinceLastTick(k);
            long now = tally.completedInBlock(k);
            long completed = now - completedAtLastTick[k];
            completedAtLastTick[k] = now;
            Histogram h = tally.takeSecond(k);
            all.add(h);
            ops += h.getTotalCount();
            live.add(new LiveSecond.Kind(tally.kinds().get(k), completed, failed,
                    h.getTotalCount() == 0 ? null : HistogramCodec.encode(h)));
        }
        // a failure counted while the snapshot is taken lands in this second or the next, never lost or doubled
        Map<String, Long> now = tally.allErrors().snapshot();
        Map<String, Long> byKind = since(now, errorsAtLastTick);
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
        if (!keep || ops == 0 && errs == 0) {
            return;
        }
        points.add(new TimelinePoint(new TimelinePoint.When(cycle, repetition, second, startEpochSecond + second), ops,
                errs, byKind, new TimelinePoint.Latency(ops == 0 ? 0 : all.getValueAtPercentile(50) / 1e3,
                        ops == 0 ? 0 : all.getValueAtPercentile(99) / 1e3, HistogramCodec.encode(all)),
                new TimelinePoint.ClientLoad(cpuMillis, gcMillis, lag / 1e3), List.of()));
    }

    /**
     * Operations sent and not settled in the block under way, as of one instant: what was sent, read between two
     * reads of what settled that agree (settled read after sent: never more than were in flight at any instant).
     */
    private long inFlight() {
        long sentSoFar = 0;
        long after = 0;
        for (int tries = 0; tries < 10; tries++) {
            long before = settled();
            sentSoFar = sent.stream().mapToLong(AtomicLong::get).sum();
            after = settled();
            if (before == after) {
                break;
            }
        }
        return Math.max(0, sentSoFar - after);
    }

    /** Operations settled since the block began, successful or not. */
    private long settled() {
        long n = 0;
        for (int k = 0; k < kinds; k++) {
            n += tally.completedInBlock(k) - completedAtStart[k];
        }
        return n;
    }

    /** Kind k's errors by kind since the last tick (then the new last tick). */
    private Map<String, Long> kindErrorsSinceLastTick(int k) {
        Map<String, Long> now = tally.errors(k).snapshot();
        Map<String, Long> added = since(now, kindErrorsAtLastTick.get(k));
        kindErrorsAtLastTick.set(k, now);
        return added;
    }

    /** What the counts {@code now} added to those {@code before}, by kind; the kinds that grew only. */
    private static Map<String, Long> since(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> out = new TreeMap<>();
        now.forEach((kind, n) -> {
            long added = n - before.getOrDefault(kind, 0L);
            if (added > 0) {
                out.put(kind, added);
            }
        });
        return out;
    }

    synchronized List<TimelinePoint> points() {
        return List.copyOf(points);
    }
}
