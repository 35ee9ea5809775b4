package dev.cqlbench.result;

import org.HdrHistogram.Histogram;

/** Latency percentiles in microseconds, read off a full histogram recorded in nanoseconds. */
public record LatencySummary(double meanUs, double minUs, double p50Us, double p90Us, double p99Us,
                             double p999Us, double maxUs, double stdDevUs) {

    public static LatencySummary of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(nanos.getMean() / 1e3, nanos.getMinValue() / 1e3,
                nanos.getValueAtPercentile(50) / 1e3, nanos.getValueAtPercentile(90) / 1e3,
                nanos.getValueAtPercentile(99) / 1e3, nanos.getValueAtPercentile(99.9) / 1e3,
                nanos.getMaxValue() / 1e3, nanos.getStdDeviation() / 1e3);
    }
}
