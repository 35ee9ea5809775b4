package dev.cqlbench.measure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Latencies in nanoseconds for one operation type. Single-writer where one thread records; multi-writer where
 * completions arrive on a library's I/O threads or several dispatching threads: then each writing thread records
 * into its own single-writer recorder (no two threads contend for one histogram's counters), and an interval is the
 * exact sum of theirs. Measured work can also go to an {@link IntervalLog}.
 */
public final class LatencyRecorder {

    private static final int SIGNIFICANT_DIGITS = 3;
    /**
     * The range is fixed up front, 1 ns to an hour, so recording never resizes (and allocates) as longer latencies
     * show up; a latency beyond an hour is recorded as an hour.
     */
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    private final SingleWriterRecorder single;
    /** Multi-writer: each writing thread's own recorder, made on its first value; null when single-writer. */
    private final ThreadLocal<SingleWriterRecorder> perThread;
    private final List<Writer> writers = new CopyOnWriteArrayList<>();

    /** A writing thread's recorder, and the histogram its intervals are taken into. */
    private static final class Writer {
        final Thread thread = Thread.currentThread();
        final SingleWriterRecorder recorder = newRecorder();
        Histogram recycle;
    }
    private final Recorder logged;

    private LatencyRecorder(boolean multipleWriters, Recorder logged) {
        this.single = multipleWriters ? null : newRecorder();
        this.perThread = multipleWriters ? ThreadLocal.withInitial(() -> {
            Writer w = new Writer();
            writers.add(w);
            return w.recorder;
        }) : null;
        this.logged = logged;
    }

    private static SingleWriterRecorder newRecorder() {
        return new SingleWriterRecorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
    }

    public static LatencyRecorder multiWriter() {
        return new LatencyRecorder(true, null);
    }

    /**
     * A recorder of {@code operation}'s measured latencies, which also go to {@code log} under the operation's tag
     * ({@code log} may be null).
     */
    public static LatencyRecorder of(boolean multipleWriters, IntervalLog log, String operation) {
        return new LatencyRecorder(multipleWriters, log == null ? null : log.recorder(operation));
    }

    public void recordNanos(long nanos) {
        long latencyNanos = Math.min(nanos, HIGHEST_NANOS);
        (single != null ? single : perThread.get()).recordValue(latencyNanos);
        if (logged != null) {
            logged.recordValue(latencyNanos);
        }
    }

    /** Everything recorded since the last call; recording may go on meanwhile. */
    public Histogram takeInterval() {
        return takeInterval(null);
    }

    /**
     * The same, reusing {@code recycle} (the histogram this recorder returned last time, or null) so that taking an
     * interval allocates nothing single-writer (multi-writer, the writers' intervals are added into it).
     */
    public Histogram takeInterval(Histogram recycle) {
        if (single != null) {
            return single.getIntervalHistogram(recycle);
        }
        Histogram sum = recycle != null ? recycle : new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
        sum.reset();
        for (Writer w : writers) {
            boolean ended = !w.thread.isAlive(); // before its last interval: nothing it recorded is left behind
            w.recycle = w.recorder.getIntervalHistogram(w.recycle);
            sum.add(w.recycle);
            if (ended) {
                writers.remove(w); // a dispatching thread of an ended block
            }
        }
        return sum;
    }
}
