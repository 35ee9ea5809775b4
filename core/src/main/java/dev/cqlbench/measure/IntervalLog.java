package dev.cqlbench.measure;

import java.io.FileNotFoundException;
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
 * HdrHistogram plotters. Latencies in ns. Only measured work is logged: tagged recorders record here once the
 * worker has warmed up ({@link #arm()}). Off unless the worker JVM has the {@link #PROPERTY} system property.
 */
public final class IntervalLog {

    /** The directory the worker writes {@code <variant>.hlog} to. */
    public static final String PROPERTY = "cqlbench.hdrLog";

    private static volatile IntervalLog active;

    private final Map<String, Recorder> recorders = new ConcurrentHashMap<>();
    private final HistogramLogWriter writer;
    private final PrintStream file;
    private final ScheduledExecutorService ticker;
    private volatile boolean armed;

    private IntervalLog(Path file) throws FileNotFoundException {
        this.file = new PrintStream(file.toFile());
        this.writer = new HistogramLogWriter(this.file);
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

    /** Starts logging to {@code <dir>/<variant>.hlog} when the system property asks for it. */
    public static synchronized void startIfRequested(String variant) throws java.io.IOException {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || dir.isBlank() || active != null) {
            return;
        }
        Path directory = Files.createDirectories(Path.of(dir));
        active = new IntervalLog(directory.resolve(variant.replaceAll("[^A-Za-z0-9._@-]", "_") + ".hlog"));
        Runtime.getRuntime().addShutdownHook(new Thread(IntervalLog::stop, "cqlbench-hdr-log-close"));
    }

    /** From now on tagged recorders' values are logged (call after warmup). */
    public static void arm() {
        IntervalLog log = active;
        if (log != null) {
            log.armed = true;
        }
    }

    /** Writes the last interval and closes the file. */
    public static synchronized void stop() {
        IntervalLog log = active;
        if (log != null) {
            active = null;
            log.ticker.shutdown();
            log.flush();
            log.file.close();
        }
    }

    static void record(String tag, long nanos) {
        IntervalLog log = active;
        if (log != null && log.armed) {
            log.recorders.computeIfAbsent(tag, t -> new Recorder(3)).recordValue(nanos);
        }
    }

    /** A tag HdrHistogram's log format accepts: no commas or white space. */
    static String tag(String label) {
        return label.replaceAll("[,\\s]", "_");
    }

    private synchronized void flush() {
        recorders.forEach((tag, recorder) -> {
            Histogram interval = recorder.getIntervalHistogram();
            if (interval.getTotalCount() > 0) {
                interval.setTag(tag);
                writer.outputIntervalHistogram(interval);
            }
        });
        file.flush();
    }
}
