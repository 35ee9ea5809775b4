package dev.cqlbench.result;

import java.util.function.Function;

/** One per-block figure: its name in reports, and how a block gives it (null where the block does not have it). */
public enum Measure {
    TIME("typical time per operation (µs)", "time", Block::typicalUs),
    CLIENT_CPU("client CPU per operation (µs)", "client CPU", Block::clientCpuUsPerOp),
    SERVER_CPU("server CPU per operation above idle (µs)", "server CPU", Block::serverCpuUsPerOp);

    public final String title;
    public final String word;
    public final Function<Block, Double> perBlock;

    Measure(String title, String word, Function<Block, Double> perBlock) {
        this.title = title;
        this.word = word;
        this.perBlock = perBlock;
    }

    /** The block's figure if it has a positive, finite one. */
    public Double of(Block b) {
        Double v = perBlock.apply(b);
        return v != null && v > 0 && Double.isFinite(v) ? v : null;
    }
}
