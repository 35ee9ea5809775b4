package dev.cqlbench.result;

/**
 * CPU and memory of one process while a variant was measured (its cycles only, not set-up or warmup).
 *
 * @param cpuSeconds   user + system CPU time used during the variant's cycles
 * @param peakRssBytes largest resident set size sampled during them
 * @param cpuUsPerOp   cpuSeconds per operation measured, µs
 */
public record ProcessUsage(long pid, double cpuSeconds, long peakRssBytes, double cpuUsPerOp) {}
