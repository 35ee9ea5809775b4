package dev.cqlbench.scenario.writes;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.WritesRunner;
import dev.cqlbench.scenario.ScenarioPlan;
import java.util.List;

/**
 * Study 04: the same rows written by each pattern at each temporal locality. One cell is a pattern (variant)
 * × a locality (operation label); each repetition of a cell writes {@code writes} new rows into the emptied
 * table, timed from the first write to the last acknowledgement, then reads the table back and compares it
 * with what was acknowledged.
 *
 * @param writes           rows per repetition of a cell (the study: 1,000,000)
 * @param batchSize        B: rows per batch, and the window locality is defined over (the study: 8,000)
 * @param window           W: single inserts in flight for the async pattern (the study: 8,000)
 * @param batchConcurrency batches in flight for the batch patterns (the study: 1, one after another)
 * @param localities       P values, percent (the study: 0, 20, 40, 60, 80)
 * @param warmupWrites     rows written once per worker with every locality's data shape, then discarded
 */
public record WritesPlan(
        int writes,
        int batchSize,
        int window,
        int batchConcurrency,
        List<Integer> localities,
        int repetitions,
        int cycles,
        int warmupWrites,
        long seed,
        String keyspace,
        boolean verify) implements ScenarioPlan {

    public static final String LABEL_PREFIX = "locality-";
    public static final String LOAD_MODEL = "closed-loop";

    public WritesPlan {
        localities = List.copyOf(localities);
        if (writes < 1 || batchSize < 1 || window < 1 || batchConcurrency < 1 || repetitions < 1 || cycles < 1
                || warmupWrites < 0) {
            throw new IllegalArgumentException("writes, batch size, window, batch concurrency, repetitions and cycles "
                    + "must be >= 1, warmup >= 0");
        }
        if (localities.isEmpty() || localities.stream().anyMatch(p -> p < 0 || p > 100)
                || localities.stream().distinct().count() != localities.size()) {
            throw new IllegalArgumentException("localities must be distinct percentages 0..100");
        }
    }

    /**
     * What Cassandra counts against batch_size_fail_threshold for one row of this table (partition update data
     * size), bytes: 8,000 rows of distinct partitions measured 671.875 KiB on Cassandra 5.0.6.
     */
    public static final int BATCH_BYTES_PER_ROW = 86;

    /** The largest batch this plan sends, KiB, as Cassandra sizes it. */
    public int batchKib() {
        return (int) Math.ceil((double) Math.min(batchSize, writes) * BATCH_BYTES_PER_ROW / 1024);
    }

    public static String label(int localityPercent) {
        return LABEL_PREFIX + localityPercent;
    }

    /** The locality of a label, e.g. 40 for {@code locality-40}. */
    public static int locality(String label) {
        return Integer.parseInt(label.substring(LABEL_PREFIX.length()));
    }

    @Override
    public String modeLabel() {
        return LOAD_MODEL;
    }

    @Override
    public int concurrency() {
        return window;
    }

    @Override
    public List<dev.cqlbench.result.ChartSpec> charts() {
        return List.of(dev.cqlbench.result.ChartSpec.curve("writes/s by temporal locality (study 04's figure)",
                        dev.cqlbench.result.ChartSpec.THROUGHPUT, "^" + LABEL_PREFIX + "(?<x>\\d+)$",
                        "temporal locality (%)"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.PERCENTILES,
                        "latency per request (a batch or one insert) by percentile (µs)"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.RESOURCES,
                        "CPU per write and peak memory"));
    }

    @Override
    public List<String> operationLabels() {
        return localities.stream().map(WritesPlan::label).toList();
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return writes;
    }

    /** The rows of one repetition of a cell: the same for every pattern, different for every repetition. */
    public WriteData data(int localityPercent, int cycle, int repetition) {
        long cell = ((long) cycle * 1009 + repetition) * 101 + localityPercent;
        long sensorBase = (cell + 1) << 32;
        long tsBase = 1_600_000_000_000L + (cell % 1000) * 1_000_000_000L;
        return WriteData.generate(seed * 31 + cell, writes, batchSize, localityPercent, sensorBase, tsBase);
    }

    /** Warmup rows: another seed, sensors and times no measured cell uses. */
    public WriteData warmupData(int localityPercent) {
        return WriteData.generate(~seed + localityPercent, warmupWrites, batchSize, localityPercent, -1L << 40,
                1_500_000_000_000L);
    }

    @Override
    public ScenarioRunner runner(Binding binding, String variant, RunListener listener) throws Exception {
        return new WritesRunner(binding.rowWriter(keyspace), this, variant, WritePattern.of(variant), listener);
    }
}
