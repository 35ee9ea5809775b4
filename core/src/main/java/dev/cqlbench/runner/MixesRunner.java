package dev.cqlbench.runner;

import dev.cqlbench.binding.Completion;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.scenario.mixes.KeyChooser;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.MixesPlan.Op;
import dev.cqlbench.scenario.mixes.Workload;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Study 05 for one target: per workload, load then run at each concurrency, closed or open loop. Every read is
 * checked (the record exists, every field has its length); errors are counted by kind, never dropped; a
 * per-second timeline of throughput and latency is kept for every run phase. With {@code verify}, what each
 * record must hold is tracked as it is written, and after a workload's last phase every record is read back and
 * compared field by field (untimed).
 *
 * <p>The timed path allocates nothing per operation: rows come from a pool built up front, keys are record numbers
 * (the binding makes the key), and each in-flight operation lives in a {@link Slot} reused from a free list, which
 * is both the in-flight limit and the binding's {@link Completion}.
 */
public final class MixesRunner implements ScenarioRunner {

    /** Distinct field values; a record's expected field is the value's index, {@link Expected#UNKNOWN} if none. */
    private static final int VALUE_POOL = 255;
    /** Rows an insert picks from (a power of two), built up front: field value indexes and the values. */
    private static final int ROWS = 1024;

    private final KeyValueStore store;
    private final MixesPlan plan;
    private final String variant;
    private final RunListener listener;
    private final String[] values;
    private final byte[][] rowIndexes = new byte[ROWS][];
    private final String[][] rows = new String[ROWS][];
    private volatile boolean stopRequested;

    public MixesRunner(KeyValueStore store, MixesPlan plan, String variant, RunListener listener) {
        this.store = store;
        this.plan = plan;
        this.variant = variant;
        this.listener = listener;
        SplittableRandom random = new SplittableRandom(plan.seed());
        values = new String[VALUE_POOL];
        for (int i = 0; i < VALUE_POOL; i++) {
            StringBuilder b = new StringBuilder(plan.fieldLength());
            for (int c = 0; c < plan.fieldLength(); c++) {
                b.append((char) ('!' + random.nextInt(94)));
            }
            values[i] = b.toString();
        }
        for (int r = 0; r < ROWS; r++) {
            rowIndexes[r] = rowIndexes(random);
            rows[r] = values(rowIndexes[r]);
        }
    }

    /** YCSB's key for record number {@code k}: "user" and a hash, so records spread over the ring. */
    public static String key(long k) {
        return KeyValueStore.key(k);
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    /**
     * Runs the workloads as they will be measured, through the same code: up to {@code warmupOps} records loaded,
     * then {@code warmupOps} operations of each mix at the highest concurrency, closed loop. Then more rounds (a
     * quarter of that each) until two in a row see the JIT compiler spend at most a tenth of their time compiling,
     * or {@code warmupMaxMillis} has passed. The table is emptied at the end; nothing of it is kept.
     */
    @Override
    public void warmup() {
        if (plan.warmupOps() == 0) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(plan.warmupMaxMillis());
        int concurrency = plan.concurrencies().stream().mapToInt(Integer::intValue).max().orElse(1);
        truncate();
        int records = (int) Math.min(plan.workloads().stream().mapToLong(Workload::recordCount).max().orElse(1),
                plan.warmupOps());
        loadRecords(records, null, LatencyRecorder.multiWriter(), new ErrorCounts(), new Keys(0));
        long round = plan.warmupOps();
        int quiet = 0;
        while (!stopRequested) {
            long jitBefore = ProcessCpu.jitMillis();
            long begin = System.nanoTime();
            for (Workload w : plan.workloads()) {
                if (!stopRequested) {
                    List<Op> ops = MixesPlan.ops(w);
                    runPhase(-1, 0, w, concurrency, new Keys(records), new Tally("warmup", ops), ops, null,
                            new Pace(round, 0, 0));
                }
            }
            long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            long jitMillis = jitBefore < 0 ? 0 : ProcessCpu.jitMillis() - jitBefore;
            // two quiet rounds in a row: one can fall in a lull of the compile queue
            quiet = jitMillis * 10 <= wallMillis ? quiet + 1 : 0;
            if (quiet == 2 || plan.warmupMaxMillis() == 0 || System.nanoTime() >= deadline) {
                break;
            }
            round = Math.max(10_000, plan.warmupOps() / 4);
        }
        truncate();
    }

    /** How a phase is driven: up to {@code maxOps} operations (0: no limit), for {@code millis} (0: no limit), at
     * {@code rate} per second (0: closed loop). */
    record Pace(long maxOps, long millis, double rate) {
        boolean openLoop() {
            return rate > 0;
        }
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        List<OperationCycle> out = new ArrayList<>();
        for (Workload w : plan.workloads()) {
            if (stopRequested) {
                break;
            }
            truncate();
            Expected expected = plan.verify() ? new Expected(plan.fieldCount()) : null;
            int loadIndex = out.size();
            Keys keys = new Keys(w.recordCount());
            out.add(load(cycle, w, expected, keys));
            for (int concurrency : plan.concurrencies()) {
                if (stopRequested) {
                    break;
                }
                out.addAll(run(cycle, w, concurrency, keys, expected));
            }
            if (expected != null && !stopRequested) {
                out.set(loadIndex, readBack(out.get(loadIndex), keys, expected));
            }
        }
        return out;
    }

    /**
     * What every record must hold: per record and field, the index of the value last written to it, in the order
     * the writes were sent (the driver stamps each write with a client timestamp as it is sent, so the last one
     * sent wins), or {@link #UNKNOWN} after a write whose outcome is unknown. Writes to one record are recorded
     * under its lock together with sending them, so recording order is timestamp order.
     */
    static final class Expected {
        static final byte UNKNOWN = (byte) 0xFF;
        private static final int CHUNK = 1 << 16;
        private final int fields;
        private final java.util.concurrent.atomic.AtomicReferenceArray<byte[]> chunks =
                new java.util.concurrent.atomic.AtomicReferenceArray<>(1 << 15);
        private final Object[] locks = new Object[256];

        Expected(int fields) {
            this.fields = fields;
            for (int i = 0; i < locks.length; i++) {
                locks[i] = new Object();
            }
        }

        Object lock(long k) {
            return locks[(int) (k & (locks.length - 1))];
        }

        private byte[] chunk(long k) {
            int c = (int) (k / CHUNK);
            byte[] chunk = chunks.get(c);
            if (chunk == null) {
                chunks.compareAndSet(c, null, new byte[CHUNK * fields]);
                chunk = chunks.get(c);
            }
            return chunk;
        }

        /** Caller holds {@link #lock(long)}. */
        void set(long k, int field, byte value) {
            chunk(k)[(int) (k % CHUNK) * fields + field] = value;
        }

        void setRow(long k, byte[] row) {
            synchronized (lock(k)) {
                System.arraycopy(row, 0, chunk(k), (int) (k % CHUNK) * fields, fields);
            }
        }

        void unknown(long k, int field) {
            synchronized (lock(k)) {
                set(k, field, UNKNOWN);
            }
        }

        byte get(long k, int field) {
            synchronized (lock(k)) {
                return chunk(k)[(int) (k % CHUNK) * fields + field];
            }
        }
    }

    /**
     * Untimed: every record that must exist (loaded, or inserted and acknowledged) read back and compared with
     * {@code expected}; the counts and differences go into the workload's load operation.
     */
    private OperationCycle readBack(OperationCycle load, Keys keys, Expected expected) {
        Checked checked = new Checked();
        ErrorCounts errors = new ErrorCounts();
        long records = keys.issued();
        RepetitionLoop.runAsync(0, (int) Math.min(records, Integer.MAX_VALUE), plan.loadConcurrency(), i -> {
            if (keys.failed(i)) {
                return CompletableFuture.completedFuture(SKIPPED);
            }
            return store.readLatest(key(i)).handle((record, failure) -> {
                if (failure != null) {
                    checked.unverifiable.increment();
                    return null;
                }
                checked.checked.increment();
                String wrong = compare(i, record, expected);
                if (wrong != null) {
                    checked.differed.increment();
                    errors.count(wrong);
                }
                return null;
            });
        }, RepetitionLoop.Check.NONE, LatencyRecorder.multiWriter(), new ErrorCounts(), () -> false);
        Map<String, Long> byKind = new java.util.TreeMap<>(load.errorsByKind());
        errors.snapshot().forEach((kind, n) -> byKind.merge(kind, n, Long::sum));
        return new OperationCycle(load.operation(), load.cycle(), load.count(), load.errors() + errors.total(), byKind,
                load.repetitionCounts(), load.repetitionTotalsNanos(), load.histogram(), load.clientCpuNanos(),
                load.stateDigest(), checked.addTo(load.notes()), load.serverCpuNanos(), load.timeline(),
                load.serviceHistogram());
    }

    private static final Object SKIPPED = new Object();

    private String compare(long k, String[] record, Expected expected) {
        if (record == null) {
            return ErrorCounts.ROW_MISSING;
        }
        if (record.length != plan.fieldCount()) {
            return ErrorCounts.ROW_WRONG;
        }
        for (int f = 0; f < record.length; f++) {
            byte want = expected.get(k, f);
            if (want != Expected.UNKNOWN ? !values[want & 0xFF].equals(record[f])
                    : record[f] == null || record[f].length() != plan.fieldLength()) {
                return ErrorCounts.ROW_WRONG;
            }
        }
        return null;
    }

    private void truncate() {
        try {
            store.truncate();
        } catch (Exception e) {
            throw new IllegalStateException("cannot empty the table: " + e.getMessage(), e);
        }
    }

    private byte[] rowIndexes(SplittableRandom random) {
        byte[] row = new byte[plan.fieldCount()];
        for (int f = 0; f < row.length; f++) {
            row[f] = (byte) random.nextInt(VALUE_POOL);
        }
        return row;
    }

    private String[] values(byte[] indexes) {
        String[] row = new String[indexes.length];
        for (int f = 0; f < row.length; f++) {
            row[f] = values[indexes[f] & 0xFF];
        }
        return row;
    }

    /** Loads the workload's records; those whose insert failed go to {@code keys.failed}. */
    private OperationCycle load(int cycle, Workload w, Expected expected, Keys keys) {
        String label = MixesPlan.loadLabel(w.name());
        LatencyRecorder recorder = LatencyRecorder.multiWriter(label);
        ErrorCounts errors = new ErrorCounts();
        listener.timedSection(cycle, label, 0, true);
        long cpu = ProcessCpu.nanos();
        RepetitionLoop.Repetition done = loadRecords(w.recordCount(), expected, recorder, errors, keys);
        cpu = cpu < 0 ? -1 : ProcessCpu.nanos() - cpu;
        listener.timedSection(cycle, label, 0, false);
        listener.repetitionDone(variant, cycle, label, 0, done.count(), errors.total(), done.totalNanos());
        return new OperationCycle(label, cycle, done.count(), errors.total(), errors.snapshot(), List.of(done.count()),
                List.of(done.totalNanos()), HistogramCodec.encode(recorder.takeInterval()), cpu);
    }

    /**
     * Inserts records 0 … n-1, {@link MixesPlan#loadConcurrency()} at a time, each with a row of the pool; what
     * each must hold goes to {@code expected} (if any), and those whose insert failed to {@code keys.failed}: they
     * may or may not be there, so neither read checks nor the read-back expect them.
     */
    private RepetitionLoop.Repetition loadRecords(int n, Expected expected, LatencyRecorder recorder,
                                                  ErrorCounts errors, Keys keys) {
        if (expected != null) {
            for (long k = 0; k < n; k++) {
                expected.setRow(k, rowIndexes[(int) (k & (ROWS - 1))]);
            }
        }
        SlotPool pool = new SlotPool(plan.loadConcurrency(), (slot, result, failure) -> {
            long end = System.nanoTime();
            if (failure != null) {
                keys.fail(slot.k);
                errors.count(failure);
            } else {
                recorder.recordNanos(end - slot.start);
            }
            return false;
        });
        long begin = System.nanoTime();
        int done = 0;
        for (int i = 0; i < n && !stopRequested; i++) {
            Slot slot = pool.take();
            slot.k = i;
            slot.start = System.nanoTime();
            try {
                store.insert(i, rows[i & (ROWS - 1)], slot);
            } catch (RuntimeException e) {
                slot.accept(null, e);
            }
            done++;
        }
        pool.drain();
        return new RepetitionLoop.Repetition(done, System.nanoTime() - begin);
    }

    /**
     * What a slot's operation does when the binding reports its outcome. True when the operation has sent its next
     * step (a read-modify-write's update) with the same slot; otherwise the slot is freed.
     */
    @FunctionalInterface
    interface Settle {
        boolean settle(Slot slot, Object result, Throwable failure);
    }

    /** One operation in flight: what its outcome needs. Reused for another operation once it has settled. */
    static final class Slot implements Completion {
        private final SlotPool pool;
        private Slot next;
        Op op;
        long k;
        int field;
        byte value;
        long from;
        long start;
        /** A read-modify-write: true until its read has completed; then the record it read. */
        boolean reading;
        Object record;

        Slot(SlotPool pool) {
            this.pool = pool;
        }

        @Override
        public void accept(Object result, Throwable failure) {
            boolean continued = false;
            try {
                continued = pool.settle.settle(this, result, failure);
            } finally {
                if (!continued) {
                    record = null;
                    pool.give(this);
                }
            }
        }
    }

    /**
     * The free slots: a lock-free stack that the completing threads push onto and the one dispatching thread pops
     * from (a single popper cannot suffer ABA), parking while it is empty. The number of slots is the in-flight
     * limit. Nothing is allocated per operation.
     */
    static final class SlotPool {
        private final AtomicReference<Slot> head = new AtomicReference<>();
        private final int size;
        final Settle settle;
        private final Thread dispatcher = Thread.currentThread();
        private volatile boolean parked;

        SlotPool(int size, Settle settle) {
            this.size = size;
            this.settle = settle;
            for (int i = 0; i < size; i++) {
                give(new Slot(this));
            }
        }

        /**
         * A free slot, waiting for one if all are in flight (dispatching thread only). Like a semaphore's
         * uninterruptible acquire: an interrupt does not end the wait (it would spin), it is kept for the caller.
         */
        Slot take() {
            boolean interrupted = false;
            while (true) {
                Slot s = head.get();
                if (s != null) {
                    if (head.compareAndSet(s, s.next)) {
                        s.next = null;
                        if (interrupted) {
                            Thread.currentThread().interrupt();
                        }
                        return s;
                    }
                    continue;
                }
                parked = true;
                if (head.get() == null) {
                    LockSupport.park(this);
                    interrupted |= Thread.interrupted();
                }
                parked = false;
            }
        }

        void give(Slot s) {
            Slot h;
            do {
                h = head.get();
                s.next = h;
            } while (!head.compareAndSet(h, s));
            if (parked) {
                LockSupport.unpark(dispatcher);
            }
        }

        /** Waits until every operation has settled (dispatching thread only). */
        void drain() {
            Slot[] all = new Slot[size];
            for (int i = 0; i < size; i++) {
                all[i] = take();
            }
            for (Slot s : all) {
                give(s);
            }
        }
    }

    /**
     * Records known to exist: the loaded ones and the inserts acknowledged without a gap. Inserts acknowledged
     * ahead of a gap are marked in a bitmap until the gap closes (nothing allocated per insert).
     */
    static final class Keys {
        private static final int CHUNK_WORDS = 1 << 12;
        private volatile long existing;
        private long next;
        /** Bits of the inserts acknowledged ahead of {@link #existing}, in chunks of {@link #CHUNK_WORDS} words. */
        private final List<long[]> ahead = new ArrayList<>();
        final Set<Long> failed = ConcurrentHashMap.newKeySet();
        private volatile boolean anyFailed;

        Keys(long loaded) {
            existing = loaded;
            next = loaded;
        }

        long existing() {
            return existing;
        }

        /** The next record number to insert (dispatching thread only). */
        long nextInsert() {
            return next++;
        }

        /** Record numbers used so far: loaded and inserted (read once the phases are over). */
        synchronized long issued() {
            return next;
        }

        /** Record {@code k}'s write failed: it may or may not be there. */
        void fail(long k) {
            failed.add(k);
            anyFailed = true;
        }

        boolean failed(long k) {
            return anyFailed && failed.contains(k);
        }

        synchronized void done(long k, boolean ok) {
            if (!ok) {
                fail(k);
            }
            if (k != existing) {
                flip(k, true);
                return;
            }
            long e = existing + 1;
            while (flip(e, false)) {
                e++;
            }
            existing = e;
        }

        /** Sets (or clears) record {@code k}'s bit; returns whether it was set. */
        private boolean flip(long k, boolean set) {
            long word = k >>> 6;
            int c = (int) (word / CHUNK_WORDS);
            while (ahead.size() <= c) {
                ahead.add(null);
            }
            long[] chunk = ahead.get(c);
            if (chunk == null) {
                if (!set) {
                    return false;
                }
                chunk = new long[CHUNK_WORDS];
                ahead.set(c, chunk);
            }
            int i = (int) (word % CHUNK_WORDS);
            long bit = 1L << (k & 63);
            boolean was = (chunk[i] & bit) != 0;
            chunk[i] = set ? chunk[i] | bit : chunk[i] & ~bit;
            return was;
        }
    }

    /** Latencies, counts and errors of one run phase (all its repetitions), per operation type and overall. */
    private final class Tally {
        final Map<Op, LatencyRecorder> response = new EnumMap<>(Op.class);
        final Map<Op, LatencyRecorder> service = new EnumMap<>(Op.class);
        final Map<Op, ErrorCounts> errors = new EnumMap<>(Op.class);
        final Map<Op, LongAdder> count = new EnumMap<>(Op.class);
        final Map<Op, List<Long>> repetitionCounts = new EnumMap<>(Op.class);
        final ErrorCounts allErrors = new ErrorCounts();
        final List<Long> allCounts = new ArrayList<>();
        final List<Long> walls = new ArrayList<>();
        final List<TimelinePoint> timeline = new ArrayList<>();
        final LatencyRecorder second = LatencyRecorder.multiWriter();
        final LongAdder secondOps = new LongAdder();
        /** {@link #allErrors} at the last tick: each second's errors are the difference (ticks only). */
        private Map<String, Long> errorsAtLastTick = Map.of();

        Tally(String phase, List<Op> ops) {
            for (Op op : ops) {
                response.put(op, LatencyRecorder.multiWriter(MixesPlan.opLabel(phase, op)));
                if (plan.openLoop()) {
                    service.put(op, LatencyRecorder.multiWriter()); // service time differs only in an open loop
                }
                errors.put(op, new ErrorCounts());
                count.put(op, new LongAdder());
                repetitionCounts.put(op, new ArrayList<>());
            }
        }

        void ok(Op op, long responseNanos, long serviceNanos) {
            count.get(op).increment();
            response.get(op).recordNanos(responseNanos);
            if (plan.openLoop()) {
                service.get(op).recordNanos(serviceNanos);
            }
            second.recordNanos(responseNanos);
            secondOps.increment();
        }

        void failed(Op op, String kind) {
            count.get(op).increment();
            errors.get(op).count(kind);
            allErrors.count(kind);
        }

        synchronized void tick(int cycle, int repetition, int at) {
            Histogram h = second.takeInterval();
            long ops = secondOps.sumThenReset();
            // a failure counted while the snapshot is taken lands in this second or the next, never lost or doubled
            Map<String, Long> now = allErrors.snapshot();
            Map<String, Long> byKind = new java.util.TreeMap<>();
            now.forEach((kind, n) -> {
                long added = n - errorsAtLastTick.getOrDefault(kind, 0L);
                if (added > 0) {
                    byKind.put(kind, added);
                }
            });
            errorsAtLastTick = now;
            long errs = byKind.values().stream().mapToLong(Long::longValue).sum();
            if (ops == 0 && errs == 0 && h.getTotalCount() == 0) {
                return;
            }
            timeline.add(new TimelinePoint(cycle, repetition, at, ops, errs,
                    h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(50) / 1e3,
                    h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e3, byKind));
        }
    }

    private List<OperationCycle> run(int cycle, Workload w, int concurrency, Keys keys, Expected expected) {
        String phase = MixesPlan.label(w.name(), concurrency);
        List<Op> ops = MixesPlan.ops(w);
        Tally tally = new Tally(phase, ops);
        long cpu = 0;
        boolean cpuKnown = true;
        long jit = 0;
        for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
            long errorsBefore = tally.allErrors.total();
            listener.timedSection(cycle, phase, repetition, true);
            long cpuBefore = ProcessCpu.nanos();
            long jitBefore = ProcessCpu.jitMillis();
            long[] done = runPhase(cycle, repetition, w, concurrency, keys, tally, ops, expected,
                    new Pace(plan.ops(), plan.durationMillis(), plan.rate()));
            cpuKnown &= cpuBefore >= 0;
            cpu += ProcessCpu.nanos() - cpuBefore;
            if (jitBefore >= 0) {
                jit += ProcessCpu.jitMillis() - jitBefore;
            }
            listener.timedSection(cycle, phase, repetition, false);
            long sum = 0;
            for (Op op : ops) {
                long n = tally.count.get(op).sumThenReset();
                tally.repetitionCounts.get(op).add(n);
                sum += n;
            }
            tally.allCounts.add(sum);
            tally.walls.add(done[1]);
            listener.repetitionDone(variant, cycle, phase, repetition, sum, tally.allErrors.total() - errorsBefore,
                    done[1]);
        }
        List<OperationCycle> out = new ArrayList<>();
        Histogram all = new Histogram(3);
        Histogram allService = plan.openLoop() ? new Histogram(3) : null;
        for (Op op : ops) {
            Histogram h = tally.response.get(op).takeInterval();
            all.add(h);
            Histogram s = plan.openLoop() ? tally.service.get(op).takeInterval() : null;
            if (s != null) {
                allService.add(s);
            }
            ErrorCounts e = tally.errors.get(op);
            List<Long> counts = tally.repetitionCounts.get(op);
            out.add(new OperationCycle(MixesPlan.opLabel(phase, op), cycle, counts.stream().mapToLong(Long::longValue)
                    .sum(), e.total(), e.snapshot(), counts, tally.walls, HistogramCodec.encode(h), -1, null, Map.of(),
                    -1, List.of(), s == null ? null : HistogramCodec.encode(s)));
        }
        out.add(0, new OperationCycle(phase, cycle, tally.allCounts.stream().mapToLong(Long::longValue).sum(),
                tally.allErrors.total(), tally.allErrors.snapshot(), tally.allCounts, tally.walls,
                HistogramCodec.encode(all), cpuKnown ? cpu : -1, null, Map.of("recordsAtEnd", keys.existing(),
                        ProcessCpu.JIT_MILLIS, jit), -1,
                tally.timeline, allService == null ? null : HistogramCodec.encode(allService)));
        return out;
    }

    /** One timed run phase; returns {operations issued, wall nanos from start to the last completion}. */
    private long[] runPhase(int cycle, int repetition, Workload w, int concurrency, Keys keys, Tally tally,
                            List<Op> ops, Expected expected, Pace pace) {
        SplittableRandom random = new SplittableRandom(plan.seed() * 31 + cycle * 1009L + repetition * 7L
                + concurrency);
        long space = w.recordCount() + (long) Math.ceil(w.insert() * expectedOps(concurrency) * 2);
        KeyChooser chooser = new KeyChooser(w.distribution(), space, random.nextLong());
        SlotPool pool = new SlotPool(concurrency, (slot, result, failure) ->
                settle(slot, result, failure, keys, tally, expected));
        long begin = System.nanoTime();
        long deadline = pace.millis() > 0 ? begin + TimeUnit.MILLISECONDS.toNanos(pace.millis()) : Long.MAX_VALUE;
        double interval = pace.openLoop() ? 1e9 / pace.rate() : 0;
        java.util.concurrent.ScheduledExecutorService ticker =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "cqlbench-timeline");
                    t.setDaemon(true);
                    return t;
                });
        int[] second = {0};
        ticker.scheduleAtFixedRate(() -> tally.tick(cycle, repetition, second[0]++), 1, 1, TimeUnit.SECONDS);
        long issued = 0;
        try {
            while (!stopRequested) {
                if (pace.maxOps() > 0 && issued >= pace.maxOps()) {
                    break;
                }
                long intended;
                if (pace.openLoop()) {
                    intended = begin + (long) (issued * interval);
                    if (intended >= deadline) {
                        break;
                    }
                    long wait;
                    while ((wait = intended - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                    }
                } else if (System.nanoTime() >= deadline) {
                    break;
                } else {
                    intended = 0;
                }
                Slot slot = pool.take();
                slot.start = System.nanoTime();
                slot.from = pace.openLoop() ? intended : slot.start;
                issue(slot, choose(w, random), w, keys, chooser, random, expected);
                issued++;
            }
            pool.drain();
            return new long[] {issued, System.nanoTime() - begin};
        } finally {
            ticker.shutdownNow();
            try {
                // a tick under way finishes first: the last, partial second comes after it, in order
                ticker.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            tally.tick(cycle, repetition, second[0]);
        }
    }

    private long expectedOps(int concurrency) {
        if (plan.ops() > 0) {
            return plan.ops();
        }
        double seconds = plan.durationMillis() / 1000.0;
        return (long) Math.min(1e9, plan.openLoop() ? plan.rate() * seconds : 50_000 * seconds);
    }

    private static Op choose(Workload w, SplittableRandom random) {
        double r = random.nextDouble();
        if ((r -= w.read()) < 0) {
            return Op.READ;
        }
        if ((r -= w.update()) < 0) {
            return Op.UPDATE;
        }
        if ((r -= w.insert()) < 0) {
            return Op.INSERT;
        }
        if ((r -= w.scan()) < 0) {
            return Op.SCAN;
        }
        return w.readModifyWrite() > 0 ? Op.READ_MODIFY_WRITE : MixesPlan.ops(w).get(0);
    }

    /** Sends one operation; its outcome goes to {@link #settle} through the slot. */
    private void issue(Slot slot, Op op, Workload w, Keys keys, KeyChooser chooser, SplittableRandom random,
                       Expected expected) {
        long k = op == Op.INSERT ? keys.nextInsert() : chooser.next(Math.max(1, keys.existing()));
        slot.op = op;
        slot.k = k;
        slot.field = op == Op.UPDATE || op == Op.READ_MODIFY_WRITE ? random.nextInt(plan.fieldCount()) : -1;
        slot.reading = op == Op.READ_MODIFY_WRITE;
        try {
            switch (op) {
                case READ, READ_MODIFY_WRITE -> {
                    if (op == Op.READ_MODIFY_WRITE) {
                        slot.value = (byte) random.nextInt(VALUE_POOL);
                    }
                    store.read(k, slot);
                }
                case UPDATE -> {
                    slot.value = (byte) random.nextInt(VALUE_POOL);
                    update(slot, expected);
                }
                case INSERT -> {
                    int r = random.nextInt(ROWS);
                    if (expected != null) {
                        expected.setRow(k, rowIndexes[r]);
                    }
                    store.insert(k, rows[r], slot);
                }
                case SCAN -> store.scan(k, 1 + random.nextInt(w.maxScanLength()), slot);
                default -> throw new IllegalStateException(op.toString());
            }
        } catch (RuntimeException e) {
            slot.reading = false;
            slot.accept(null, e);
        }
    }

    /** An operation's outcome: checked, then counted and timed, or counted as an error of its kind. */
    private boolean settle(Slot slot, Object result, Throwable failure, Keys keys, Tally tally, Expected expected) {
        long end = System.nanoTime();
        Op op = slot.op;
        long k = slot.k;
        if (slot.reading) {
            slot.reading = false;
            if (failure == null) {
                // a read-modify-write's read came back: its update goes out on the same slot
                slot.record = result;
                try {
                    update(slot, expected);
                    return true;
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
        } else if (op == Op.READ_MODIFY_WRITE && failure == null) {
            result = slot.record;
        }
        if (op == Op.INSERT) {
            keys.done(k, failure == null);
        }
        if (failure != null && slot.field >= 0 && expected != null) {
            // the update may or may not have been applied
            expected.unknown(k, slot.field);
        }
        String wrong = failure != null ? ErrorCounts.kindOf(failure)
                : (op == Op.READ || op == Op.READ_MODIFY_WRITE) && !keys.failed(k) ? check((String[]) result) : null;
        if (wrong == null) {
            tally.ok(op, end - slot.from, end - slot.start);
        } else {
            tally.failed(op, wrong);
        }
        return false;
    }

    /** Sends the slot's update and, with verification on, records it as the cell's last write in the same step. */
    private void update(Slot slot, Expected expected) {
        String value = values[slot.value & 0xFF];
        if (expected == null) {
            store.update(slot.k, slot.field, value, slot);
            return;
        }
        synchronized (expected.lock(slot.k)) {
            expected.set(slot.k, slot.field, slot.value);
            store.update(slot.k, slot.field, value, slot);
        }
    }

    /** Null when the record read back whole: every field present with its length. */
    private String check(String[] record) {
        if (record == null) {
            return ErrorCounts.READ_MISSING;
        }
        if (record.length != plan.fieldCount()) {
            return ErrorCounts.READ_MISMATCH;
        }
        for (String field : record) {
            if (field == null || field.length() != plan.fieldLength()) {
                return ErrorCounts.READ_MISMATCH;
            }
        }
        return null;
    }
}
