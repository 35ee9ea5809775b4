package dev.cqlbench.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Latencies in nanoseconds for one operation type and one repetition. Single-writer for sync runs (one
 * thread records), multi-writer for async runs (callbacks complete on the library's I/O threads).
 */
public final class LatencyRecorder {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final SingleWriterRecorder single;
    private final Recorder multi;

    private LatencyRecorder(boolean multipleWriters) {
        this.single = multipleWriters ? null : new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        this.multi = multipleWriters ? new Recorder(SIGNIFICANT_DIGITS) : null;
    }

    public static LatencyRecorder singleWriter() {
        return new LatencyRecorder(false);
    }

    public static LatencyRecorder multiWriter() {
        return new LatencyRecorder(true);
    }

    public void recordNanos(long latencyNanos) {
        if (single != null) {
            single.recordValue(latencyNanos);
        } else {
            multi.recordValue(latencyNanos);
        }
    }

    /** Everything recorded since the last call; recording may go on meanwhile. */
    public Histogram takeInterval() {
        return single != null ? single.getIntervalHistogram() : multi.getIntervalHistogram();
    }
}
