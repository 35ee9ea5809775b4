package dev.cqlbench.runner;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.Verification;
import dev.cqlbench.scenario.writes.WriteData;
import dev.cqlbench.scenario.writes.WritePattern;
import dev.cqlbench.scenario.writes.WritesPlan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Study 04 for one write pattern: per cycle, per locality, per repetition the table is emptied, the cell's rows
 * (generated beforehand) are written, timed from the first request to the last acknowledgement, and then, outside
 * the timed section, the table is read back at consistency ALL and compared row by row with what was
 * acknowledged. Latency is recorded per request: a batch, or a single insert.
 */
public final class WritesRunner implements ScenarioRunner {

    /** Requests sent (batches, or single inserts). */
    public static final String REQUESTS = "requests";
    /** Rows read back and compared. */
    public static final String ROWS_VERIFIED = "rowsVerified";
    /** Rows present although their write failed: applied, but not acknowledged. */
    public static final String ROWS_UNACKNOWLEDGED = "rowsPresentUnacknowledged";
    /** Distinct partitions written (sum over repetitions). */
    public static final String PARTITIONS = "partitions";

    private final RowWriter writer;
    private final WritesPlan plan;
    private final String variant;
    private final WritePattern pattern;
    private final RunListener listener;
    private volatile boolean stopRequested;

    public WritesRunner(RowWriter writer, WritesPlan plan, String variant, WritePattern pattern,
                        RunListener listener) {
        this.writer = writer;
        this.plan = plan;
        this.variant = variant;
        this.pattern = pattern;
        this.listener = listener;
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    /** Each locality's data shape once (batch sizes and groups as measured), then the table is emptied. */
    @Override
    public void warmup() {
        if (plan.warmupWrites() == 0) {
            return;
        }
        for (int locality : plan.localities()) {
            if (stopRequested) {
                return;
            }
            truncate();
            WriteData data = plan.warmupData(locality);
            Outcome outcome = write(data, LatencyRecorder.multiWriter(), new ErrorCounts());
            throwIfRejected(outcome);
        }
        truncate();
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        List<OperationCycle> out = new ArrayList<>();
        for (int locality : plan.localities()) {
            if (stopRequested) {
                break;
            }
            out.add(runCell(cycle, locality));
        }
        return out;
    }

    private OperationCycle runCell(int cycle, int locality) {
        String label = WritesPlan.label(locality);
        LatencyRecorder recorder = LatencyRecorder.multiWriter(label);
        ErrorCounts errors = new ErrorCounts();
        List<Long> counts = new ArrayList<>();
        List<Long> walls = new ArrayList<>();
        Map<String, Long> notes = new TreeMap<>();
        long cpu = 0;
        boolean cpuKnown = true;
        long digest = 0;
        boolean complete = true;
        for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
            WriteData data = plan.data(locality, cycle, repetition);
            truncate();
            long errorsBefore = errors.total();
            listener.timedSection(cycle, label, repetition, true);
            long cpuBefore = ProcessCpu.nanos();
            Outcome outcome = write(data, recorder, errors);
            long cpuAfter = ProcessCpu.nanos();
            listener.timedSection(cycle, label, repetition, false);
            throwIfRejected(outcome);
            cpuKnown &= cpuBefore >= 0;
            cpu += cpuAfter - cpuBefore;
            counts.add((long) outcome.written);
            walls.add(outcome.wallNanos);
            notes.merge(REQUESTS, outcome.requests.sum(), Long::sum);
            notes.merge(PARTITIONS, (long) data.distinctSensors(0, outcome.written), Long::sum);
            complete &= outcome.written == data.size();
            if (!plan.verify()) {
                complete = false;
                listener.repetitionDone(variant, cycle, label, repetition, outcome.written,
                        errors.total() - errorsBefore, outcome.wallNanos);
                continue;
            }
            // outside the timed section: the whole table against what was acknowledged
            WriteData.Verifier verifier = data.verifier();
            try {
                writer.scan(verifier::row);
            } catch (Exception e) {
                throw new IllegalStateException("cannot read the table back after " + label + ": " + e.getMessage(), e);
            }
            long missing = verifier.missing(outcome.acknowledged);
            errors.count(ErrorCounts.ROW_MISSING, missing);
            errors.count(ErrorCounts.ROW_WRONG, verifier.wrong());
            notes.merge(ROWS_VERIFIED, verifier.read(), Long::sum);
            // checked: every row read back, and every acknowledged row that was not there
            notes.merge(Verification.CHECKED, verifier.read() + missing, Long::sum);
            if (missing + verifier.wrong() > 0) {
                notes.merge(Verification.DIFFERED, missing + verifier.wrong(), Long::sum);
            }
            long unacknowledged = verifier.presentUnacknowledged(outcome.acknowledged);
            if (unacknowledged > 0) {
                notes.merge(ROWS_UNACKNOWLEDGED, unacknowledged, Long::sum);
            }
            digest += verifier.checksum();
            listener.repetitionDone(variant, cycle, label, repetition, outcome.written,
                    errors.total() - errorsBefore, outcome.wallNanos);
        }
        Histogram h = recorder.takeInterval();
        // the digest names the table contents of every repetition of this cycle: equal across patterns when every
        // row was written and acknowledged (then the table holds exactly the generated rows)
        String stateDigest = complete && errors.total() == 0 && !counts.isEmpty()
                ? String.format("c%d:%016x", cycle + 1, digest) : null;
        return new OperationCycle(label, cycle, counts.stream().mapToLong(Long::longValue).sum(), errors.total(),
                errors.snapshot(), counts, walls, HistogramCodec.encode(h), cpuKnown ? cpu : -1, stateDigest, notes);
    }

    private void truncate() {
        try {
            writer.truncate();
        } catch (Exception e) {
            throw new IllegalStateException("cannot empty the table before writing: " + e.getMessage(), e);
        }
    }

    private void throwIfRejected(Outcome outcome) {
        BatchRejectedException rejected = outcome.rejected.get();
        if (rejected != null) {
            throw new BatchRejectedException("Cassandra rejected " + (pattern == WritePattern.LOGGED_BATCH
                    ? "a LOGGED" : "an UNLOGGED") + " batch of up to " + plan.batchSize() + " rows (~" + plan.batchKib()
                    + " KiB; server said: " + rejected.getMessage() + "): lower --batch-size, or raise the cluster's "
                    + "batch_size_fail_threshold (nodes cqlbench starts: --batch-size-fail-threshold KIB)");
        }
    }

    /** One timed write of a cell's rows. */
    private static final class Outcome {
        final BitSet acknowledged;
        final LongAdder requests = new LongAdder();
        final AtomicReference<BatchRejectedException> rejected = new AtomicReference<>();
        /** Rows sent (written by the dispatching thread only). */
        int written;
        long wallNanos;

        Outcome(int n) {
            acknowledged = new BitSet(n);
        }

        synchronized void acknowledge(int[] indices, int count) {
            for (int k = 0; k < count; k++) {
                acknowledged.set(indices[k]);
            }
        }

        synchronized void acknowledge(int i) {
            acknowledged.set(i);
        }
    }

    private Outcome write(WriteData data, LatencyRecorder recorder, ErrorCounts errors) {
        Outcome outcome = new Outcome(data.size());
        if (pattern == WritePattern.ASYNC) {
            writeAsync(data, recorder, errors, outcome);
        } else {
            writeBatches(data, recorder, errors, outcome);
        }
        return outcome;
    }

    private boolean halted(Outcome outcome) {
        return stopRequested || outcome.rejected.get() != null;
    }

    /** At most W single inserts in flight (a sliding window; the study waited for each 8,000 to finish). */
    private void writeAsync(WriteData data, LatencyRecorder recorder, ErrorCounts errors, Outcome outcome) {
        int window = plan.window();
        Semaphore inFlight = new Semaphore(window);
        long begin = System.nanoTime();
        int i = 0;
        for (; i < data.size() && !halted(outcome); i++) {
            inFlight.acquireUninterruptibly();
            int row = i;
            long start = System.nanoTime();
            CompletionStage<Void> stage;
            try {
                stage = writer.insert(data, row);
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            outcome.requests.increment();
            stage.whenComplete((ok, failure) -> {
                long latency = System.nanoTime() - start;
                if (failure == null) {
                    recorder.recordNanos(latency);
                    outcome.acknowledge(row);
                } else {
                    errors.count(failure);
                }
                inFlight.release();
            });
        }
        inFlight.acquireUninterruptibly(window);
        outcome.wallNanos = System.nanoTime() - begin;
        outcome.written = i;
    }

    /**
     * Each window of B rows as one batch (logged, unlogged) or one batch per replica set (token-aware), at most
     * {@code batchConcurrency} batches in flight. Grouping by replica set is part of the timed work, as in the
     * study.
     */
    private void writeBatches(WriteData data, LatencyRecorder recorder, ErrorCounts errors, Outcome outcome) {
        int concurrency = plan.batchConcurrency();
        Semaphore inFlight = new Semaphore(concurrency);
        boolean logged = pattern == WritePattern.LOGGED_BATCH;
        long begin = System.nanoTime();
        int from = 0;
        while (from < data.size() && !halted(outcome)) {
            int to = Math.min(data.size(), from + plan.batchSize());
            List<int[]> groups;
            if (pattern == WritePattern.TOKEN_AWARE_BATCH) {
                groups = writer.groupByReplicaSet(data, from, to);
            } else {
                int[] all = new int[to - from];
                for (int k = 0; k < all.length; k++) {
                    all[k] = from + k;
                }
                groups = List.of(all);
            }
            for (int[] group : groups) {
                if (halted(outcome)) {
                    break;
                }
                inFlight.acquireUninterruptibly();
                long start = System.nanoTime();
                CompletionStage<Void> stage;
                try {
                    stage = writer.batch(data, group, group.length, logged);
                } catch (RuntimeException e) {
                    stage = CompletableFuture.failedFuture(e);
                }
                outcome.requests.increment();
                outcome.written += group.length;
                stage.whenComplete((ok, failure) -> {
                    long latency = System.nanoTime() - start;
                    if (failure == null) {
                        recorder.recordNanos(latency);
                        outcome.acknowledge(group, group.length);
                    } else {
                        Throwable cause = unwrap(failure);
                        if (cause instanceof BatchRejectedException rejected) {
                            outcome.rejected.compareAndSet(null, rejected);
                        }
                        errors.count(ErrorCounts.kindOf(cause), group.length);
                    }
                    inFlight.release();
                });
            }
            from = to;
        }
        inFlight.acquireUninterruptibly(concurrency);
        outcome.wallNanos = System.nanoTime() - begin;
    }

    private static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while (c instanceof CompletionException && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }
}
