package dev.cqlbench.measure;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Latencies in nanoseconds for one operation type. Single-writer where one thread records, multi-writer where
 * completions arrive on a library's I/O threads. Measured work can also go to an {@link IntervalLog}.
 */
public final class LatencyRecorder {

    private static final int SIGNIFICANT_DIGITS = 3;
    /**
     * The range is fixed up front, 1 ns to an hour, so recording never resizes (and allocates) as longer latencies
     * show up; a latency beyond an hour is recorded as an hour.
     */
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    private final SingleWriterRecorder single;
    private final Recorder multi;
    private final Recorder logged;

    private LatencyRecorder(boolean multipleWriters, Recorder logged) {
        this.single = multipleWriters ? null : new SingleWriterRecorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
        this.multi = multipleWriters ? new Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS) : null;
        this.logged = logged;
    }

    public static LatencyRecorder singleWriter() {
        return new LatencyRecorder(false, null);
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
        if (single != null) {
            single.recordValue(latencyNanos);
        } else {
            multi.recordValue(latencyNanos);
        }
        if (logged != null) {
            logged.recordValue(latencyNanos);
        }
    }

    /** Everything recorded since the last call; recording may go on meanwhile. */
    public Histogram takeInterval() {
        return single != null ? single.getIntervalHistogram() : multi.getIntervalHistogram();
    }

    /**
     * The same, reusing {@code recycle} (the histogram this recorder returned last time, or null) so that taking an
     * interval allocates nothing.
     */
    public Histogram takeInterval(Histogram recycle) {
        return single != null ? single.getIntervalHistogram(recycle) : multi.getIntervalHistogram(recycle);
    }
}
