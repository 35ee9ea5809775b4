package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.IntervalLog;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.Outcomes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What one operation measured over the timed blocks (repetitions) of one cycle: per kind (the operation types a
 * block mixes: a mix's READ and UPDATE, a replay's event types) and in all. Blocks record into it; the runner counts
 * what only it knows ({@link #count}), then takes the cycle's measurements ({@link #total()}, {@link #kind(int)}): the
 * blocks, and the distribution over them.
 */
public final class Tally {

    /** How a repetition's total time is counted. */
    public enum Totals {
        /** Wall time from the block's first start to its last completion (concurrent operations). */
        WALL,
        /** The sum of the operations' own times: the study's stopwatch, for one operation at a time. */
        SUM,
        /** The sum of the successful operations' times (per kind of a replay: a failed event says nothing of its type). */
        SUM_OF_SUCCESSES
    }

    /** How a tally records. Only measured tallies tell the listener and feed the interval log. */
    public record Options(boolean measured, boolean multipleWriters, boolean openLoop, boolean timeline,
                          Totals total, Totals perKind) {

        /** Measured, multi-writer, closed loop, no timeline, wall time. */
        public static final Options CONCURRENT = new Options(true, true, false, false, Totals.WALL, Totals.WALL);
        /** Measured, one operation at a time on the dispatching thread, summed times. */
        public static final Options ONE_AT_A_TIME = new Options(true, false, false, false, Totals.SUM, Totals.SUM);

        public Options warmup() {
            return new Options(false, multipleWriters, openLoop, false, total, perKind);
        }

        public Options withTimeline() {
            return new Options(measured, multipleWriters, openLoop, true, total, perKind);
        }

        public Options openLoop(boolean open) {
            return new Options(measured, multipleWriters, open, timeline, total, perKind);
        }

        public Options perKind(Totals totals) {
            return new Options(measured, multipleWriters, openLoop, timeline, total, totals);
        }
    }

    private final String label;
    private final int cycle;
    private final List<String> kinds;
    private final Options options;
    private final LatencyRecorder[] response;
    private final LatencyRecorder[] service;
    private final ErrorCounts[] errors;
    private final LongAdder[] count;
    private final LongAdder[] sumNanos;
    private final LongAdder[] failedNanos;
    private final List<List<Block>> kindBlocks = new ArrayList<>();
    private final ErrorCounts allErrors = new ErrorCounts();
    private final List<Block> blocks = new ArrayList<>();
    private final List<Histogram> kept = new ArrayList<>();
    private final Histogram[] intervals;
    private final Histogram[] serviceIntervals;
    private final Histogram block = new Histogram(3);
    private final List<Histogram> keptService = new ArrayList<>();
    private OperationCounts counts = OperationCounts.NONE;
    /** Set before a block's operations start ({@link #timeline(RunListener)}), read as they complete. */
    private Timeline timeline;
    /** Per kind: the last second's latencies (recycled), and the seconds of the block under way added up. */
    private final Histogram[] seconds;
    private final Histogram[] secondsInBlock;

    /**
     * @param kinds the operation labels of the kinds a block records (one, the tally's own label, for a block of one
     *              operation type)
     * @param log   where measured latencies also go ({@code --hdr-log}), or null
     */
    public Tally(String label, int cycle, List<String> kinds, Options options, IntervalLog log) {
        this.label = label;
        this.cycle = cycle;
        this.kinds = List.copyOf(kinds);
        this.options = options;
        int n = kinds.size();
        response = new LatencyRecorder[n];
        service = new LatencyRecorder[n];
        errors = new ErrorCounts[n];
        count = new LongAdder[n];
        sumNanos = new LongAdder[n];
        failedNanos = new LongAdder[n];
        intervals = new Histogram[n];
        serviceIntervals = new Histogram[n];
        for (int k = 0; k < n; k++) {
            response[k] = LatencyRecorder.of(options.multipleWriters(), options.measured() ? log : null, kinds.get(k));
            // service time differs from response time only in an open loop
            service[k] = options.openLoop() ? LatencyRecorder.multiWriter() : null;
            errors[k] = new ErrorCounts();
            count[k] = new LongAdder();
            sumNanos[k] = new LongAdder();
            failedNanos[k] = new LongAdder();
            kindBlocks.add(new ArrayList<>());
            kept.add(new Histogram(3));
            keptService.add(options.openLoop() ? new Histogram(3) : null);
        }
        timeline = options.timeline() ? new Timeline(this, true) : null;
        seconds = new Histogram[n];
        secondsInBlock = new Histogram[n];
    }

    /** A tally of one operation type, labelled {@code label}. */
    public static Tally of(String label, int cycle, Options options, IntervalLog log) {
        return new Tally(label, cycle, List.of(label), options, log);
    }

    public String label() {
        return label;
    }

    public int cycle() {
        return cycle;
    }

    Options options() {
        return options;
    }

    /**
     * The timeline of its next block, watched by {@code listener} when it asks to watch ({@link RunListener#live}):
     * made then for a measured tally that keeps none (its points are not kept: the result is the same watched or
     * not); null when it keeps none and nobody watches.
     */
    Timeline timeline(RunListener listener) {
        boolean watched = options.measured() && listener.live();
        if (timeline == null && watched) {
            timeline = new Timeline(this, false);
        }
        if (timeline != null) {
            timeline.watch(watched ? listener : null);
        }
        return timeline;
    }

    List<String> kinds() {
        return kinds;
    }

    ErrorCounts allErrors() {
        return allErrors;
    }

    ErrorCounts errors(int k) {
        return errors[k];
    }

    /** Operations of kind k completed in the block under way so far, successful or not, as the result counts them. */
    long completedInBlock(int k) {
        return count[k].sum();
    }

    /**
     * Kind k's successful latencies since the last call (a second of its timeline), kept for the block's own: the
     * histogram is reused by the next call. One caller at a time: the timeline's ticker, then the runner's thread.
     */
    Histogram takeSecond(int k) {
        seconds[k] = response[k].takeInterval(seconds[k]);
        if (secondsInBlock[k] == null) {
            secondsInBlock[k] = new Histogram(3);
        }
        secondsInBlock[k].add(seconds[k]);
        return seconds[k];
    }

    /** An operation of kind {@code k} succeeded and checked out. */
    void ok(int k, long responseNanos, long serviceNanos, int weight, long latencyNanos) {
        count[k].add(weight);
        sumNanos[k].add(latencyNanos);
        response[k].recordNanos(responseNanos);
        if (service[k] != null) {
            service[k].recordNanos(serviceNanos);
        }
        if (responseNanos > serviceNanos && timeline != null) { // open loop: it started late
            timeline.late(responseNanos - serviceNanos);
        }
    }

    /** An operation of kind {@code k} failed, or read back wrong: {@code weight} errors of that kind. */
    void failed(int k, String errorKind, int weight, long latencyNanos) {
        count[k].add(weight);
        sumNanos[k].add(latencyNanos);
        failedNanos[k].add(latencyNanos); // kept apart on the failure path, so the successes' path adds nothing more
        errors[k].count(errorKind, weight);
        allErrors.count(errorKind, weight);
    }

    /** A difference found outside the timed blocks (a read checked afterwards, a row read back): an error of kind k. */
    public void error(int k, String errorKind, long n) {
        errors[k].count(errorKind, n);
        allErrors.count(errorKind, n);
    }

    /** A difference found outside the timed blocks that belongs to no kind (the whole database's state). */
    public void errorOfAll(String errorKind, long n) {
        allErrors.count(errorKind, n);
    }

    /** Adds what the runner counted besides timings and errors (checks, requests, what the servers counted, …). */
    public synchronized void count(OperationCounts more) {
        counts = counts.plus(more);
    }

    /** Every error so far, of every kind. */
    public long errors() {
        return allErrors.total();
    }

    /**
     * A block ended: what the operations did becomes a block of the operation in all and one of each kind, with its
     * typical time per operation; {@code reading} is what the timed block read around the operations (the worker's
     * CPU, the JIT compiler's time), the operation in all's alone (kinds share its block). Typical: for operations one
     * at a time (summed totals) the median of the block's latencies, which one GC pause cannot move; for concurrent
     * operations (wall totals) the wall time per operation, the inverse of throughput.
     */
    void endRepetition(long wallNanos, Measurement reading) {
        int repetition = blocks.size();
        long all = 0;
        long sum = 0;
        long okSum = 0;
        block.reset();
        for (int k = 0; k < kinds.size(); k++) {
            long n = count[k].sumThenReset();
            long s = sumNanos[k].sumThenReset();
            long ok = s - failedNanos[k].sumThenReset();
            Histogram latencies = response[k].takeInterval(intervals[k]);
            if (secondsInBlock[k] != null) { // a timeline took the block's seconds: they are its latencies too
                latencies.add(secondsInBlock[k]);
                secondsInBlock[k].reset();
            }
            intervals[k] = latencies;
            kept.get(k).add(latencies);
            block.add(latencies);
            if (service[k] != null) {
                serviceIntervals[k] = service[k].takeInterval(serviceIntervals[k]);
                keptService.get(k).add(serviceIntervals[k]);
            }
            all += n;
            sum += s;
            okSum += ok;
            long kindTotal = total(options.perKind(), s, ok, wallNanos);
            kindBlocks.get(k).add(Block.builder().operation(kinds.get(k)).cycle(cycle).repetition(repetition)
                    .measured(Measurement.of(n, kindTotal)
                            .withTypicalNanos(typical(options.perKind(), latencies, kindTotal, n))).build());
        }
        long total = total(options.total(), sum, okSum, wallNanos);
        Block measured = Block.builder().operation(label).cycle(cycle).repetition(repetition)
                .measured(reading.withOperations(all).withTotalNanos(total)
                        .withTypicalNanos(typical(options.total(), block, total, all))
                        .withTailNanos(block.getTotalCount() == 0 ? -1 : block.getValueAtPercentile(99))).build();
        blocks.add(measured);
    }

    private static long typical(Totals how, Histogram latencies, long total, long n) {
        if (how == Totals.WALL) {
            return n == 0 ? -1 : total / n;
        }
        return latencies.getTotalCount() == 0 ? -1 : latencies.getValueAtPercentile(50);
    }

    private static long total(Totals how, long sum, long okSum, long wallNanos) {
        return switch (how) {
            case WALL -> wallNanos;
            case SUM -> sum;
            case SUM_OF_SUCCESSES -> okSum;
        };
    }

    /** Operations of the last repetition. */
    long lastCount() {
        return blocks.isEmpty() ? 0 : blocks.get(blocks.size() - 1).operations();
    }

    /** Total time of the last repetition. */
    long lastTotal() {
        return blocks.isEmpty() ? 0 : blocks.get(blocks.size() - 1).totalNanos();
    }

    /**
     * The operation in all, under the tally's label: its blocks, each with the worker's CPU read around it, and the
     * distribution over them: every kind's successful latencies, every error, the timeline and the counts, the JIT
     * compiler's time during the blocks among them (what tells when a JVM has settled).
     */
    public CycleMeasurements total() {
        return total(null);
    }

    /** The same, with what the database held after the cycle as one checksum ({@code stateDigest}, or null). */
    public CycleMeasurements total(String stateDigest) {
        if (timeline != null) {
            timeline.flushErrors(); // what was found wrong after its last block goes out before the cycle's result
        }
        Histogram all = new Histogram(3);
        Histogram allService = options.openLoop() ? new Histogram(3) : null;
        for (int k = 0; k < kinds.size(); k++) {
            all.add(histogram(k));
            if (allService != null) {
                allService.add(serviceHistogram(k));
            }
        }
        return CycleMeasurements.of(blocks, OperationDistribution.builder(label, cycle)
                .outcomes(new Outcomes(sum(blocks), allErrors.total(), allErrors.snapshot()))
                .histograms(new Histograms(HistogramCodec.encode(all),
                allService == null ? null : HistogramCodec.encode(allService))).counts(counted())
                .timeline(timeline == null || !options.timeline() ? List.of() : timeline.points())
                .stateDigest(stateDigest).build());
    }

    private synchronized OperationCounts counted() {
        return counts;
    }

    /**
     * One kind alone, under its own label: its share of every block (no CPU of its own: the kinds share their
     * operation's blocks) and its distribution. Call once per kind, after {@link #total()}.
     */
    public CycleMeasurements kind(int k) {
        Histogram service = options.openLoop() ? serviceHistogram(k) : null;
        return CycleMeasurements.of(kindBlocks.get(k), OperationDistribution.builder(kinds.get(k), cycle).kind(true)
                .outcomes(new Outcomes(sum(kindBlocks.get(k)), errors[k].total(), errors[k].snapshot()))
                .histograms(new Histograms(HistogramCodec.encode(histogram(k)),
                service == null ? null : HistogramCodec.encode(service))).build());
    }

    /** Kind k's latencies over every block. */
    private Histogram histogram(int k) {
        return kept.get(k);
    }

    private Histogram serviceHistogram(int k) {
        return keptService.get(k);
    }

    private static long sum(List<Block> values) {
        return values.stream().mapToLong(Block::operations).sum();
    }
}
