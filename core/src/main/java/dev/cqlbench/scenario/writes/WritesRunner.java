package dev.cqlbench.scenario.writes;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Study 04 for one write pattern: per cycle, per locality, per repetition the table is emptied, the cell's rows
 * (generated beforehand) are written, timed from the first request to the last acknowledgement, and then, outside
 * the timed section, the table is read back at consistency ALL and compared row by row with what was
 * acknowledged. Latency is recorded per request: a batch, or a single insert.
 */
public record WritesRunner(RowWriter writer, WritesPlan plan, WritePattern pattern, Instruments instruments)
        implements ScenarioRunner {

    /**
     * Each locality's data shape once (batch sizes and groups as measured), then the table is emptied. Clients
     * sharing the workload write their own windows of it and leave the table to the first repetition's emptying.
     */
    @Override
    public void warmup() {
        if (plan.warmup() == 0) {
            return;
        }
        for (int locality : plan.localities()) {
            if (instruments.stopped()) {
                return;
            }
            warmupEmpty();
            Tally tally = Tally.of(WritesPlan.label(locality), -1, Tally.Options.CONCURRENT.warmup(), null);
            Written written = new Written();
            write(tally, 0, plan.warmupData(locality), written, 0, outcome -> throwIfRejected(written));
        }
        warmupEmpty();
    }

    /** Empties the table around warmups, unless other clients may be writing it meanwhile. */
    private void warmupEmpty() {
        if (!plan.client().shared()) {
            truncate();
        }
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return runCycle(cycle, true);
    }

    /**
     * The cycle; outside the run's first round ({@code everyRow} false) one repetition in
     * {@link ScenarioRunner#SAMPLE_EVERY}, in turn, reads the whole table back (its scan costs as much as the
     * writes), and a cell none of whose repetitions did names no digest.
     */
    @Override
    public CycleMeasurements runCycle(int cycle, boolean everyRow) {
        return instruments.each(plan.localities(), locality -> runCell(cycle, locality, everyRow));
    }

    private CycleMeasurements runCell(int cycle, int locality, boolean everyRow) {
        String label = WritesPlan.label(locality);
        Tally tally = Tally.of(label, cycle, Tally.Options.CONCURRENT, instruments.intervalLog());
        Cell cell = new Cell();
        for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
            WriteData data = plan.data(locality, cycle, repetition);
            String step = "c" + (cycle + 1) + "-" + label + "-r" + (repetition + 1);
            long start = emptied(step);
            if (instruments.stopped()) {
                break;
            }
            Written written = new Written();
            boolean scan = ScenarioRunner.sampled(repetition, cycle, everyRow);
            write(tally, repetition, data, written, start, outcome -> {
                meet(step + "-written"); // every client's rows are in before any reads the table back
                check(tally, label, data, written, cell, scan);
            });
        }
        // the digest names the table contents of every repetition of this cycle: equal across patterns when every
        // row was written and acknowledged (then the table holds exactly the generated rows)
        // clients sharing the workload: the first one's digest is the whole table's, the others' would repeat it
        String stateDigest = cell.complete && tally.errors() == 0 && cell.repetitions > 0
                && plan.client().index() == 0 ? String.format("c%d:%016x", cycle + 1, cell.digest) : null;
        return tally.total(stateDigest);
    }

    /** What a cell's repetitions add up to. */
    private static final class Cell {
        long digest;
        boolean complete = true;
        int repetitions;
    }

    /**
     * After a repetition's clock stopped: a rejected batch ends the pattern; else the whole table is read back
     * ({@code scan}).
     */
    private void check(Tally tally, String label, WriteData data, Written written, Cell cell, boolean scan) {
        throwIfRejected(written);
        cell.repetitions++;
        // distinct partitions written; when clients share the cell, its own once: what every client's rows add up to
        long partitions = !plan.client().shared() ? data.distinctSensors(0, written.rows)
                : plan.client().index() == 0 ? data.distinctSensors(0, data.size()) : 0;
        tally.count(OperationCounts.written(written.requests, partitions, 0));
        cell.complete &= written.rows == plan.ownRows(data.size());
        if (!plan.verify() || !scan) {
            cell.complete = false;
            return;
        }
        WriteData.Verifier verifier = plan.client().shared()
                ? data.verifier(plan::owns, plan.client().index() == 0) : data.verifier();
        try {
            writer.scan(verifier::row);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the table back after " + label + ": " + e.getMessage(), e);
        }
        long missing = verifier.missing(written.acknowledged);
        tally.error(0, ErrorCounts.ROW_MISSING, missing);
        tally.error(0, ErrorCounts.ROW_WRONG, verifier.wrong());
        // checked: every row read back, and every acknowledged row that was not there
        tally.count(OperationCounts.checked(verifier.read() + missing, missing + verifier.wrong(), 0)
                .plus(OperationCounts.written(0, 0, verifier.presentUnacknowledged(written.acknowledged))));
        cell.digest += verifier.checksum();
    }

    /**
     * The table emptied for a repetition; when clients share the workload, once every client has checked the
     * previous one (client 0 empties it) and all have met again: the instant they all start writing, else 0.
     */
    private long emptied(String step) {
        if (!plan.client().shared()) {
            truncate();
            return 0;
        }
        meet(step + "-ready");
        if (plan.client().index() == 0 && !instruments.stopped()) {
            truncate();
        }
        return meet(step + "-emptied");
    }

    /** Waits for every client at {@code step} (at once for a client alone); the instant they start together. */
    private long meet(String step) {
        return instruments.barrier() == null ? 0 : instruments.barrier().await(step);
    }

    private void truncate() {
        try {
            writer.truncate();
        } catch (Exception e) {
            throw new IllegalStateException("cannot empty the table before writing: " + e.getMessage(), e);
        }
    }

    private void throwIfRejected(Written written) {
        BatchRejectedException rejected = written.rejected.get();
        if (rejected != null) {
            throw new BatchRejectedException("Cassandra rejected " + (pattern == WritePattern.LOGGED_BATCH
                    ? "a LOGGED" : "an UNLOGGED") + " batch of up to " + plan.batchSize() + " rows (~" + plan.batchKib()
                    + " KiB; server said: " + rejected.getMessage() + "): lower --batch-size, or raise the cluster's "
                    + "batch_size_fail_threshold (nodes cqlbench starts: --batch-size-fail-threshold KIB)");
        }
    }

    /** What one timed write of a cell's rows sent and had acknowledged. */
    private static final class Written {
        final BitSet acknowledged = new BitSet();
        final AtomicReference<BatchRejectedException> rejected = new AtomicReference<>();
        /** Rows sent (by the dispatching thread only). */
        int rows;
        long requests;

        synchronized void acknowledge(int[] indices) {
            for (int i : indices) {
                acknowledged.set(i);
            }
        }

        synchronized void acknowledge(int i) {
            acknowledged.set(i);
        }
    }

    /** A request in flight: a single insert (its row is the slot's item) or a batch of rows. */
    private static final class Request extends Slot {
        int[] rows;
    }

    /** This client's rows of {@code data}, timed, starting at {@code startAtMillis} (0: at once). */
    private void write(Tally tally, int repetition, WriteData data, Written written, long startAtMillis,
                       Consumer<TimedBlock.Outcome> check) {
        Pace pace = new Pace(0, 0, 0, 0, startAtMillis);
        if (pattern == WritePattern.ASYNC) {
            TimedBlock.of(tally, instruments, plan.window(), Request::new).run(repetition, pace,
                    singleInserts(data, written), check);
        } else {
            TimedBlock.of(tally, instruments, plan.batchConcurrency(), Request::new).run(repetition, pace,
                    batches(data, written), check);
        }
    }

    /** The first row at or after {@code row} that is this client's ({@code size} when none is left). */
    private int ownFrom(int row, int size) {
        int r = row;
        while (r < size && !plan.owns(r)) {
            r = (r / plan.batchSize() + 1) * plan.batchSize();
        }
        return Math.min(r, size);
    }

    /** Single inserts, at most W in flight (a sliding window; the study waited for each 8,000 to finish). */
    private TimedBlock.Dispatcher<Request> singleInserts(WriteData data, Written written) {
        return new TimedBlock.Dispatcher<>() {
            private int next;

            @Override
            public boolean issue(Request slot) {
                next = ownFrom(next, data.size());
                if (next >= data.size()) {
                    return false;
                }
                int row = next++;
                written.rows++;
                slot.item = row;
                written.requests++;
                writer.insert(data, row).whenComplete(slot);
                return true;
            }

            @Override
            public String settle(Request slot, Object result, Throwable failure) {
                if (failure != null) {
                    return ErrorCounts.kindOf(failure);
                }
                written.acknowledge((int) slot.item);
                return null;
            }
        };
    }

    /**
     * Each window of B rows as one batch (logged, unlogged) or one batch per replica set (token-aware). Grouping by
     * replica set is part of the timed work, as in the study. A rejected batch stops the writing.
     */
    private TimedBlock.Dispatcher<Request> batches(WriteData data, Written written) {
        boolean logged = pattern == WritePattern.LOGGED_BATCH;
        return new TimedBlock.Dispatcher<>() {
            private List<int[]> groups = List.of();
            private int next;
            private int from;

            @Override
            public boolean issue(Request slot) {
                if (written.rejected.get() != null) {
                    return false;
                }
                if (next == groups.size()) {
                    from = ownFrom(from, data.size());
                    if (from >= data.size()) {
                        return false;
                    }
                    int to = Math.min(data.size(), from + plan.batchSize());
                    groups = pattern == WritePattern.TOKEN_AWARE_BATCH ? writer.groupByReplicaSet(data, from, to)
                            : List.of(range(from, to));
                    next = 0;
                    from = to;
                }
                int[] group = groups.get(next++);
                slot.rows = group;
                slot.weight = group.length;
                written.requests++;
                written.rows += group.length;
                writer.batch(data, group, group.length, logged).whenComplete(slot);
                return true;
            }

            @Override
            public String settle(Request slot, Object result, Throwable failure) {
                if (failure == null) {
                    written.acknowledge(slot.rows);
                    return null;
                }
                Throwable cause = unwrap(failure);
                if (cause instanceof BatchRejectedException rejected) {
                    written.rejected.compareAndSet(null, rejected);
                }
                return ErrorCounts.kindOf(cause);
            }
        };
    }

    private static int[] range(int from, int to) {
        int[] all = new int[to - from];
        for (int k = 0; k < all.length; k++) {
            all[k] = from + k;
        }
        return all;
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while (c instanceof CompletionException && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }
}
