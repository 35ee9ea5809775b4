package dev.cqlbench.measure;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

/**
 * {@code --hdr-log}: a standard HdrHistogram interval log per worker, one interval per second per operation type
 * (tagged with the operation's label), readable by HdrHistogram's HistogramLogReader / HistogramLogProcessor and
 * HdrHistogram plotters. Latencies in ns. The worker opens one when its setup asks for it and hands it to the
 * recorders of measured work only ({@link LatencyRecorder}), so warmup never reaches it.
 */
public final class IntervalLog implements AutoCloseable {

    private final Map<String, Recorder> recorders = new ConcurrentHashMap<>();
    private final HistogramLogWriter writer;
    private final PrintStream file;
    private final ScheduledExecutorService ticker;
    private boolean closed;

    private IntervalLog(PrintStream file) {
        this.file = file;
        this.writer = new HistogramLogWriter(file);
        long now = System.currentTimeMillis();
        writer.outputLogFormatVersion();
        writer.outputComment("cqlbench interval log: latencies in ns, one interval per second per operation (Tag)");
        writer.outputStartTime(now);
        writer.setBaseTime(now);
        writer.outputLegend();
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cqlbench-hdr-log");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(this::flush, 1, 1, TimeUnit.SECONDS);
    }

    /** Logs to {@code <dir>/<variant>.hlog}. */
    public static IntervalLog open(Path dir, String variant) throws IOException {
        Path directory = Files.createDirectories(dir);
        Path file = directory.resolve(variant.replaceAll("[^A-Za-z0-9._@-]", "_") + ".hlog");
        return new IntervalLog(new PrintStream(file.toFile()));
    }

    /** The recorder of {@code operation}'s interval histograms (one per tag). */
    Recorder recorder(String operation) {
        return recorders.computeIfAbsent(tag(operation), t -> new Recorder(3));
    }

    /** A tag HdrHistogram's log format accepts: no commas or white space. */
    static String tag(String label) {
        return label.replaceAll("[,\\s]", "_");
    }

    private synchronized void flush() {
        if (closed) {
            return;
        }
        recorders.forEach((tag, recorder) -> {
            Histogram interval = recorder.getIntervalHistogram();
            if (interval.getTotalCount() > 0) {
                interval.setTag(tag);
                writer.outputIntervalHistogram(interval);
            }
        });
        file.flush();
    }

    /** Writes the last interval and closes the file. */
    @Override
    public void close() {
        ticker.shutdown();
        flush();
        synchronized (this) {
            closed = true;
            file.close();
        }
    }
}
