package dev.cqlbench.scenario.writes;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
import java.util.List;

/**
 * Study 04: the same rows written by each pattern at each temporal locality. One cell is a pattern (variant)
 * × a locality (operation label); each repetition of a cell writes {@code writes} new rows into the emptied
 * table, timed from the first write to the last acknowledgement, then reads the table back and compares it
 * with what was acknowledged. Built (and validated) by {@link WritesOptions}.
 *
 * @param writes           rows per repetition of a cell (the study: 1,000,000)
 * @param batchSize        B: rows per batch, and the window locality is defined over (the study: 8,000)
 * @param window           W: single inserts in flight for the async pattern (the study: 8,000)
 * @param batchConcurrency batches in flight for the batch patterns (the study: 1, one after another)
 * @param localities       P values, percent (the study: 0, 20, 40, 60, 80)
 * @param repeats          the repetitions, cycles and seed; its warmup: rows written once per worker with every
 *                         locality's data shape, then discarded
 */
public record WritesPlan(
        int writes,
        int batchSize,
        int window,
        int batchConcurrency,
        List<Integer> localities,
        @JsonUnwrapped Repeats repeats,
        boolean verify,
        ClientShard client) implements RepeatedPlan {

    public static final String LOAD_MODEL = "closed-loop";

    public WritesPlan {
        localities = List.copyOf(localities);
        client = client == null ? ClientShard.ALONE : client;
    }

    /**
     * Whether row {@code i} of a cell is this client's to write and read back: when clients share the workload, the
     * cell's windows of {@code batchSize} rows are dealt out in turn (window w to client w mod N), so every batch is
     * the batch one client alone would send.
     */
    public boolean owns(int i) {
        return !client.shared() || (i / batchSize) % client.count() == client.index();
    }

    /** How many of a cell's {@code writes} rows are this client's. */
    public int ownRows() {
        return ownRows(writes);
    }

    /** How many of {@code rows} rows are this client's. */
    public int ownRows(int rows) {
        int own = 0;
        for (int from = 0; from < rows; from += batchSize) {
            if (owns(from)) {
                own += Math.min(batchSize, rows - from);
            }
        }
        return own;
    }

    /** The same plan for the whole workload, as one client alone would run it. */
    @Override
    public WritesPlan whole() {
        return new WritesPlan(writes, batchSize, window, batchConcurrency, localities, repeats, verify,
                client.whole());
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
        return "locality-" + localityPercent;
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
    public List<String> operationLabels() {
        return localities.stream().map(WritesPlan::label).toList();
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return ownRows();
    }

    /** The rows of one repetition of a cell: the same for every pattern, different for every repetition. */
    public WriteData data(int localityPercent, int cycle, int repetition) {
        long cell = ((long) cycle * 1009 + repetition) * 101 + localityPercent;
        long sensorBase = (cell + 1) << 32;
        long tsBase = 1_600_000_000_000L + (cell % 1000) * 1_000_000_000L;
        return WriteData.generate(seed() * 31 + cell, writes, batchSize, localityPercent, sensorBase, tsBase);
    }

    /** Warmup rows: another seed, sensors and times no measured cell uses. */
    public WriteData warmupData(int localityPercent) {
        return WriteData.generate(~seed() + localityPercent, warmup(), batchSize, localityPercent, -1L << 40,
                1_500_000_000_000L);
    }
}
