package dev.cqlbench.result;

import java.util.List;

/**
 * CPU and memory of one process, or of several added up (the nodes of a cluster), while a variant was measured
 * (its cycles only, not set-up or warmup).
 *
 * @param pid          the process, or the first of several
 * @param cpuSeconds   user + system CPU time used during the variant's cycles
 * @param peakRssBytes largest resident set size sampled during them (several processes: the sum of their peaks)
 * @param cpuUsPerOp   cpuSeconds per operation measured, µs
 * @param parts        each process's own usage when this adds up several; empty for one process
 */
public record ProcessUsage(long pid, double cpuSeconds, long peakRssBytes, double cpuUsPerOp, List<ProcessUsage> parts) {

    public ProcessUsage {
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    public ProcessUsage(long pid, double cpuSeconds, long peakRssBytes, double cpuUsPerOp) {
        this(pid, cpuSeconds, peakRssBytes, cpuUsPerOp, List.of());
    }

    /** Several processes as one: CPU and peak RSS added up, each kept in {@link #parts()}. */
    public static ProcessUsage sum(List<ProcessUsage> usages) {
        if (usages.size() == 1) {
            return usages.get(0);
        }
        return new ProcessUsage(usages.get(0).pid(), usages.stream().mapToDouble(ProcessUsage::cpuSeconds).sum(),
                usages.stream().mapToLong(ProcessUsage::peakRssBytes).sum(),
                usages.stream().mapToDouble(ProcessUsage::cpuUsPerOp).sum(), usages);
    }
}
