package dev.cqlbench.app.orchestrate;

import dev.cqlbench.result.ProcessUsage;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * CPU time and resident memory of other processes (worker JVMs, embedded Cassandra), read from the OS with
 * OSHI. CPU is the difference of two readings; peak RSS is the largest of readings taken every 250 ms by a
 * background thread while a window is open. One window at a time: variants are measured one after another.
 */
public final class ResourceSampler implements AutoCloseable {

    private static final long INTERVAL_MILLIS = 250;

    private final OperatingSystem os = new SystemInfo().getOperatingSystem();
    private final Map<Long, Long> peakRss = new ConcurrentHashMap<>();
    private final Thread sampler;
    private volatile boolean closed;

    public ResourceSampler() {
        sampler = new Thread(this::sample, "cqlbench-resource-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** CPU milliseconds so far and current RSS of a process. */
    public record Sample(long pid, long cpuMillis, long rssBytes) {}

    /** Opens a window on these processes: their peak RSS is tracked from now on. */
    public Map<Long, Sample> begin(long... pids) {
        Map<Long, Sample> start = new ConcurrentHashMap<>();
        for (long pid : pids) {
            Sample reading = read(pid);
            if (reading != null) {
                start.put(pid, reading);
                peakRss.put(pid, reading.rssBytes());
            }
        }
        return start;
    }

    /** Closes the window for one process: CPU used since {@code start}, peak RSS seen. */
    public Sample end(Sample start) {
        Sample now = read(start.pid());
        Long peak = peakRss.remove(start.pid());
        long rss = Math.max(peak == null ? 0 : peak, now == null ? 0 : now.rssBytes());
        long cpu = now == null ? 0 : now.cpuMillis() - start.cpuMillis();
        return new Sample(start.pid(), cpu, rss);
    }

    /** Adds up windows into the usage a result records. */
    public static ProcessUsage usage(long pid, long cpuMillis, long peakRssBytes, long operations) {
        return new ProcessUsage(pid, cpuMillis / 1e3, peakRssBytes,
                operations == 0 ? 0 : cpuMillis * 1e3 / operations);
    }

    /**
     * CPU nanoseconds so far of these processes added up, as precisely as the OS tells (the scheduler's nanoseconds
     * on Linux, OSHI's milliseconds elsewhere); those gone count 0.
     */
    public long cpuNanos(java.util.List<Long> pids) {
        long sum = 0;
        for (long pid : pids) {
            long precise = dev.cqlbench.measure.ProcessCpu.nanos(pid);
            if (precise >= 0) {
                sum += precise;
            } else {
                Sample reading = read(pid);
                sum += reading == null ? 0 : reading.cpuMillis() * 1_000_000L;
            }
        }
        return sum;
    }

    private Sample read(long pid) {
        OSProcess process = os.getProcess((int) pid);
        if (process == null) {
            return null;
        }
        return new Sample(pid, process.getUserTime() + process.getKernelTime(), process.getResidentSetSize());
    }

    private void sample() {
        while (!closed) {
            for (Long pid : peakRss.keySet()) {
                Sample reading = read(pid);
                if (reading != null) {
                    peakRss.computeIfPresent(pid, (k, peak) -> Math.max(peak, reading.rssBytes()));
                }
            }
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        sampler.interrupt();
    }
}
