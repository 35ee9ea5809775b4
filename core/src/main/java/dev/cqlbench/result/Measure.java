package dev.cqlbench.result;

import java.util.function.Function;

/**
 * One per-block figure: its name in reports, what its table shows, its summary.csv columns, and how a block gives it
 * from what it measured ({@link Measurement}; null where the block does not have it). Every report table, summary.csv
 * column, estimate and comparison of a per-block figure is made from this list, so a figure a block measures joins
 * them all by being named here.
 */
public enum Measure {
    TIME("typical time per operation (µs)", "time",
            "median latency of each block (one at a time), or its wall time per operation (concurrent)", "typical_us",
            Measurement::typicalUs),
    CLIENT_CPU("client CPU per operation (µs)", "client CPU",
            "the worker JVM's CPU (every thread) during each block ÷ its operations", "client_cpu_block_us",
            Measurement::clientCpuUsPerOp),
    SERVER_CPU("server CPU per operation above idle (µs)", "server CPU",
            "every node's CPU during each block, less its idle baseline, ÷ the block's operations",
            "server_cpu_block_us", Measurement::serverCpuUsPerOp),
    ALLOCATION("heap allocated per operation (bytes)", "allocation",
            "what the worker JVM's threads allocated during each block ÷ its operations: the garbage each operation "
                    + "leaves the collector", "alloc_bytes_per_op", Measurement::allocatedBytesPerOp),
    TAIL("p99 latency of each block (µs)", "p99",
            "the 99th percentile of each block's latencies: the tail, compared block against block as time is",
            "p99_block_us", Measurement::tailUs);

    public final String title;
    public final String word;
    /** What a block's figure is, for the line above its table. */
    public final String how;
    /** The first of its four summary.csv columns (value, interval's ends, precision). */
    public final String column;
    public final Function<Measurement, Double> perBlock;

    Measure(String title, String word, String how, String column, Function<Measurement, Double> perBlock) {
        this.title = title;
        this.word = word;
        this.how = how;
        this.column = column;
        this.perBlock = perBlock;
    }

    /** The block's figure if it has a positive, finite one. */
    public Double of(Block b) {
        Double v = perBlock.apply(b.measured());
        return v != null && v > 0 && Double.isFinite(v) ? v : null;
    }
}
