package dev.cqlbench.result;

/** Total time of one repetition's O operations. */
public record RepetitionTime(int cycle, int repetition, long operations, long totalNanos) {}
