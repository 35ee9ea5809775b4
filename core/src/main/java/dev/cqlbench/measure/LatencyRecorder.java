package dev.cqlbench.measure;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Latencies in nanoseconds for one operation type and one repetition. Single-writer for sync runs (one
 * thread records), multi-writer for async runs (callbacks complete on the library's I/O threads).
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
    private final String tag;

    private LatencyRecorder(boolean multipleWriters, String operation) {
        this.single = multipleWriters ? null : new SingleWriterRecorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
        this.multi = multipleWriters ? new Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS) : null;
        this.tag = operation == null ? null : IntervalLog.tag(operation);
    }

    public static LatencyRecorder singleWriter() {
        return new LatencyRecorder(false, null);
    }

    public static LatencyRecorder multiWriter() {
        return new LatencyRecorder(true, null);
    }

    /** A recorder of {@code operation}'s measured latencies, which also go to the --hdr-log interval log. */
    public static LatencyRecorder singleWriter(String operation) {
        return new LatencyRecorder(false, operation);
    }

    /** A recorder of {@code operation}'s measured latencies, which also go to the --hdr-log interval log. */
    public static LatencyRecorder multiWriter(String operation) {
        return new LatencyRecorder(true, operation);
    }

    public void recordNanos(long nanos) {
        Liveness.completed();
        long latencyNanos = Math.min(nanos, HIGHEST_NANOS);
        if (single != null) {
            single.recordValue(latencyNanos);
        } else {
            multi.recordValue(latencyNanos);
        }
        if (tag != null) {
            IntervalLog.record(tag, latencyNanos);
        }
    }

    /** Everything recorded since the last call; recording may go on meanwhile. */
    public Histogram takeInterval() {
        return single != null ? single.getIntervalHistogram() : multi.getIntervalHistogram();
    }
}
