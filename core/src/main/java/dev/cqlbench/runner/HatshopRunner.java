package dev.cqlbench.runner;

import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.Verification;
import dev.cqlbench.scenario.hatshop.HatEvent;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import dev.cqlbench.scenario.hatshop.OrderBook;
import dev.cqlbench.scenario.hatshop.OrderState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Study 03 for one database and model: per cycle, per step, per repetition, the tables are emptied and the
 * stream replayed with {@code concurrency} events in flight (closed loop), the events of one order strictly in
 * stream order. Each event is timed from its start to its completion. Outside the timed replay: every READ is
 * compared with what the stream says the order holds at that point, and the whole database with the state the
 * stream leaves (per-order checksums); the event log is written.
 */
public final class HatshopRunner implements ScenarioRunner {

    /** An order the database holds differently from what the stream implies (or holds, or lacks, wrongly). */
    public static final String STATE_MISMATCH = ErrorCounts.STATE_MISMATCH;

    private static final HatEvent.Type[] TYPES = HatEvent.Type.values();

    private final OrderStore store;
    private final HatshopPlan plan;
    private final String variant;
    private final List<HatEvent> events;
    private final List<HatEvent> warmupEvents;
    private final RunListener listener;
    /** Expected checksum of each READ (by event index); null elsewhere. */
    private final String[] expectedReads;
    /** Expected per-order checksums after each step. */
    private final Map<Integer, SortedMap<UUID, String>> expectedStates = new HashMap<>();
    private final EventLog log;
    private volatile boolean stopRequested;

    public HatshopRunner(OrderStore store, HatshopPlan plan, String variant, List<HatEvent> events,
                         List<HatEvent> warmupEvents, RunListener listener) {
        this.store = store;
        this.plan = plan;
        this.variant = variant;
        this.events = List.copyOf(events);
        this.warmupEvents = List.copyOf(warmupEvents);
        this.listener = listener;
        this.expectedReads = new String[events.size()];
        OrderBook book = new OrderBook();
        for (int i = 0; i < events.size(); i++) {
            HatEvent e = events.get(i);
            book.apply(e);
            if (e.type() == HatEvent.Type.READ) {
                expectedReads[i] = book.get(e.orderId()).checksum();
            }
            if (plan.steps().contains(i + 1)) {
                expectedStates.put(i + 1, OrderBook.checksums(book.orders()));
            }
        }
        Path dir = plan.outputDir() == null ? null : Path.of(plan.outputDir());
        this.log = dir == null || !plan.eventLog() ? null : EventLog.create(dir.resolve("events-" + variant + ".csv"));
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    @Override
    public void warmup() {
        if (warmupEvents.isEmpty()) {
            return;
        }
        reset();
        replay(warmupEvents, false, new Tally());
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        List<OperationCycle> results = new ArrayList<>();
        for (int step : plan.steps()) {
            if (stopRequested) {
                break;
            }
            results.addAll(runStep(cycle, step));
        }
        return results;
    }

    private List<OperationCycle> runStep(int cycle, int step) {
        List<HatEvent> stream = events.subList(0, step);
        Tally tally = new Tally();
        String digest = null;
        long cpuBefore = ProcessCpu.nanos();
        for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
            reset();
            boolean logged = log != null && HatshopPlan.logged(cycle, repetition);
            long errorsBefore = tally.allErrors.total();
            Map<String, Long> countersBefore = store.counters();
            Replay replay = replay(stream, logged, tally);
            tally.endRepetition(replay);
            store.counters().forEach((kind, n) -> {
                long added = n - countersBefore.getOrDefault(kind, 0L);
                if (added != 0) {
                    tally.notes.merge(kind, added, Long::sum);
                }
            });
            // outside the timed replay: reads, then the whole database, against the stream
            long checked = 0;
            long differed = 0;
            for (int i = 0; i < replay.dispatched; i++) {
                if (expectedReads[i] != null && replay.failures[i] == null) {
                    OrderState read = (OrderState) replay.results[i];
                    String kind = read == null ? ErrorCounts.READ_MISSING
                            : read.checksum().equals(expectedReads[i]) ? null : ErrorCounts.READ_MISMATCH;
                    checked++;
                    if (kind != null) {
                        differed++;
                        tally.errors.get(HatEvent.Type.READ).count(kind);
                        tally.allErrors.count(kind);
                    }
                }
            }
            if (replay.dispatched == step) {
                SortedMap<UUID, String> actual = OrderBook.checksums(readAll());
                digest = OrderBook.digest(actual);
                SortedMap<UUID, String> expected = expectedStates.get(step);
                int differences = OrderBook.differences(expected, actual, Integer.MAX_VALUE).size();
                for (int d = 0; d < differences; d++) {
                    tally.allErrors.count(STATE_MISMATCH);
                }
                java.util.Set<UUID> orders = new java.util.HashSet<>(expected.keySet());
                orders.addAll(actual.keySet());
                checked += orders.size();
                differed += differences;
                if (plan.outputDir() != null && step == plan.steps().get(plan.steps().size() - 1)) {
                    EventLog.writeChecksums(Path.of(plan.outputDir()).resolve("orders-" + variant + ".csv"), actual);
                }
            }
            tally.notes.merge(Verification.CHECKED, checked, Long::sum);
            if (differed > 0) {
                tally.notes.merge(Verification.DIFFERED, differed, Long::sum);
            }
            if (logged) {
                log.append(testId(cycle, step, repetition), variant, stream, replay);
            }
            listener.repetitionDone(variant, cycle, HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()), repetition,
                    replay.dispatched, tally.allErrors.total() - errorsBefore, replay.wallNanos);
        }
        long cpu = cpuBefore < 0 ? -1 : ProcessCpu.nanos() - cpuBefore;
        return tally.toCycles(cycle, step, cpu, digest);
    }

    private String testId(int cycle, int step, int repetition) {
        return "c" + (cycle + 1) + "-n" + step + "-r" + (repetition + 1);
    }

    private void reset() {
        try {
            store.reset();
        } catch (Exception e) {
            throw new IllegalStateException("cannot empty the tables before a replay: " + e.getMessage(), e);
        }
    }

    private List<OrderState> readAll() {
        try {
            return store.readAll();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the orders back: " + e.getMessage(), e);
        }
    }

    /** One timed replay: what each event returned, and when it started and took, indexed by event. */
    static final class Replay {
        final Object[] results;
        final Throwable[] failures;
        final long[] startOffsets;
        final long[] latencies;
        long startEpochNanos;
        int dispatched;
        long wallNanos;

        Replay(int n, boolean logged) {
            results = new Object[n];
            failures = new Throwable[n];
            startOffsets = logged ? new long[n] : null;
            latencies = logged ? new long[n] : null;
        }
    }

    private Replay replay(List<HatEvent> stream, boolean logged, Tally tally) {
        int n = stream.size();
        int window = plan.concurrency();
        Replay replay = new Replay(n, logged);
        Semaphore permits = new Semaphore(window);
        ConcurrentHashMap<UUID, CompletableFuture<Void>> tails = new ConcurrentHashMap<>();
        java.time.Instant wallStart = java.time.Instant.now();
        long begin = System.nanoTime();
        replay.startEpochNanos = wallStart.getEpochSecond() * 1_000_000_000L + wallStart.getNano();
        int i = 0;
        for (; i < n && !stopRequested; i++) {
            permits.acquireUninterruptibly();
            HatEvent event = stream.get(i);
            UUID order = event.orderId();
            CompletableFuture<Void> done = new CompletableFuture<>();
            CompletableFuture<Void> previous = tails.put(order, done);
            int index = i;
            Runnable start = () -> start(index, event, begin, replay, tally, permits, done);
            if (previous == null) {
                start.run();
            } else {
                previous.thenRun(start);
            }
            done.thenRun(() -> tails.remove(order, done));
        }
        permits.acquireUninterruptibly(window);
        replay.wallNanos = System.nanoTime() - begin;
        replay.dispatched = i;
        permits.release(window);
        return replay;
    }

    private void start(int index, HatEvent event, long begin, Replay replay, Tally tally, Semaphore permits,
                       CompletableFuture<Void> done) {
        long start = System.nanoTime();
        CompletionStage<?> stage;
        try {
            stage = execute(event);
        } catch (Throwable t) {
            stage = CompletableFuture.failedFuture(t);
        }
        stage.whenComplete((result, failure) -> {
            long latency = System.nanoTime() - start;
            try {
                replay.results[index] = result;
                replay.failures[index] = failure;
                if (replay.latencies != null) {
                    replay.startOffsets[index] = start - begin;
                    replay.latencies[index] = latency;
                }
                tally.record(event.type(), latency, failure);
            } finally {
                permits.release();
                done.complete(null);
            }
        });
    }

    private CompletionStage<?> execute(HatEvent event) {
        Object data = event.data();
        return switch (event.type()) {
            case CREATE -> store.create((HatEvent.Order) data);
            case READ -> store.read(event.orderId());
            case UPDATE_STATUS -> store.updateStatus((HatEvent.StatusChange) data);
            case UPDATE_ATTRIBUTES -> store.updateAttributes((HatEvent.AttributeChange) data);
            case UPDATE_COLUMN -> store.updateColumn((HatEvent.ColumnChange) data);
            case DELETE -> store.delete(event.orderId());
        };
    }

    /** Latencies, counts and errors of one step, per event type and over all events. */
    private final class Tally {
        final Map<HatEvent.Type, LatencyRecorder> recorders = new EnumMap<>(HatEvent.Type.class);
        final Map<HatEvent.Type, ErrorCounts> errors = new EnumMap<>(HatEvent.Type.class);
        final LongAdder[] count = new LongAdder[TYPES.length];
        final LongAdder[] okNanos = new LongAdder[TYPES.length];
        final Map<HatEvent.Type, List<Long>> repetitionCounts = new EnumMap<>(HatEvent.Type.class);
        final Map<HatEvent.Type, List<Long>> repetitionTotals = new EnumMap<>(HatEvent.Type.class);
        final ErrorCounts allErrors = new ErrorCounts();
        final List<Long> allCounts = new ArrayList<>();
        final List<Long> allWalls = new ArrayList<>();
        final Histogram all = new Histogram(3);
        final Map<String, Long> notes = new java.util.TreeMap<>();

        Tally() {
            for (HatEvent.Type type : TYPES) {
                recorders.put(type, LatencyRecorder.multiWriter(type.name()));
                errors.put(type, new ErrorCounts());
                count[type.ordinal()] = new LongAdder();
                okNanos[type.ordinal()] = new LongAdder();
                repetitionCounts.put(type, new ArrayList<>());
                repetitionTotals.put(type, new ArrayList<>());
            }
        }

        void record(HatEvent.Type type, long latencyNanos, Throwable failure) {
            count[type.ordinal()].increment();
            if (failure != null) {
                errors.get(type).count(failure);
                allErrors.count(failure);
            } else {
                recorders.get(type).recordNanos(latencyNanos);
                okNanos[type.ordinal()].add(latencyNanos);
            }
        }

        void endRepetition(Replay replay) {
            for (HatEvent.Type type : TYPES) {
                repetitionCounts.get(type).add(count[type.ordinal()].sumThenReset());
                repetitionTotals.get(type).add(okNanos[type.ordinal()].sumThenReset());
            }
            allCounts.add((long) replay.dispatched);
            allWalls.add(replay.wallNanos);
        }

        List<OperationCycle> toCycles(int cycle, int step, long cpuNanos, String digest) {
            List<OperationCycle> out = new ArrayList<>();
            for (HatEvent.Type type : TYPES) {
                String label = HatshopPlan.label(type.name(), step, plan.steps());
                if (plan.operationsPerRepetition(label) == 0) {
                    continue;
                }
                Histogram h = recorders.get(type).takeInterval();
                all.add(h);
                ErrorCounts e = errors.get(type);
                out.add(new OperationCycle(label, cycle, repetitionCounts.get(type).stream().mapToLong(Long::longValue)
                        .sum(), e.total(), e.snapshot(), repetitionCounts.get(type), repetitionTotals.get(type),
                        HistogramCodec.encode(h), -1));
            }
            out.add(new OperationCycle(HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()), cycle,
                    allCounts.stream().mapToLong(Long::longValue).sum(), allErrors.total(), allErrors.snapshot(),
                    allCounts, allWalls, HistogramCodec.encode(all), cpuNanos, digest, notes));
            return out;
        }
    }
}
