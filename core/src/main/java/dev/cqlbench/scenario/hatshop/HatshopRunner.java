package dev.cqlbench.scenario.hatshop;

import dev.cqlbench.binding.HatEvent;
import dev.cqlbench.binding.OrderState;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.JitQuietWarmup;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Study 03 for one database and model: per cycle, per step, per repetition, the tables are emptied and the
 * stream replayed with {@code concurrency} events in flight (closed loop), the events of one order strictly in
 * stream order. Each event is timed from its start to its completion. Outside the timed replay: every READ is
 * compared with what the stream says the order holds at that point, and the whole database with the state the
 * stream leaves (per-order checksums); the event log is written.
 */
public final class HatshopRunner implements ScenarioRunner {

    private static final HatEvent.Type[] TYPES = HatEvent.Type.values();

    private final OrderStore store;
    private final HatshopPlan plan;
    private final List<HatEvent> events;
    private final List<HatEvent> warmupEvents;
    private final Instruments instruments;
    /** Expected checksum of each READ (by event index); null elsewhere. */
    private final String[] expectedReads;
    /** Expected per-order checksums after each step. */
    private final Map<Integer, SortedMap<UUID, String>> expectedStates = new HashMap<>();
    private final Path outputDir;
    private final EventLog log;

    /** @param outputDir where the event logs and per-order checksums go, or null for none */
    public HatshopRunner(OrderStore store, HatshopPlan plan, List<HatEvent> events, List<HatEvent> warmupEvents,
                         Instruments instruments, Path outputDir) {
        this.store = store;
        this.plan = plan;
        this.events = List.copyOf(events);
        this.warmupEvents = List.copyOf(warmupEvents);
        this.instruments = instruments;
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
        this.outputDir = outputDir;
        this.log = outputDir == null || !plan.eventLog() ? null
                : EventLog.create(outputDir.resolve("events-" + instruments.variant() + ".csv"));
    }

    @Override
    public void warmup() {
        if (warmupEvents.isEmpty()) {
            return;
        }
        // replays of the warmup stream on emptied tables until the JIT is quiet (at most the default's limit)
        JitQuietWarmup.run(instruments.warmupMillis(), instruments::stopped, round -> {
            reset();
            Tally tally = tally(-1, warmupEvents.size(),
                    Tally.Options.CONCURRENT.perKind(Tally.Totals.SUM_OF_SUCCESSES).warmup());
            replay(tally, 0, warmupEvents, new Replay(warmupEvents.size(), false), r -> { });
        });
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return instruments.each(plan.steps(), step -> runStep(cycle, step));
    }

    /** Per event type and in all, of one step's replays; per type, the time of a replay is its events' times summed. */
    private Tally tally(int cycle, int step, Tally.Options options) {
        List<String> kinds = new ArrayList<>();
        for (HatEvent.Type type : TYPES) {
            kinds.add(HatshopPlan.label(type.name(), step, plan.steps()));
        }
        return new Tally(HatshopPlan.label(HatshopPlan.ALL, step, plan.steps()), cycle, kinds, options,
                options.measured() ? instruments.intervalLog() : null);
    }

    private CycleMeasurements runStep(int cycle, int step) {
        List<HatEvent> stream = events.subList(0, step);
        Tally tally = tally(cycle, step, Tally.Options.CONCURRENT.perKind(Tally.Totals.SUM_OF_SUCCESSES));
        String digest = null;
        for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
            reset();
            boolean logged = log != null && HatshopPlan.logged(cycle, repetition);
            Map<String, Long> countersBefore = store.counters();
            Replay replay = replay(tally, repetition, stream, new Replay(step, logged), r -> check(tally, step, r));
            Map<String, Long> added = new java.util.TreeMap<>();
            store.counters().forEach((kind, n) -> {
                if (n - countersBefore.getOrDefault(kind, 0L) != 0) {
                    added.put(kind, n - countersBefore.getOrDefault(kind, 0L));
                }
            });
            tally.count(OperationCounts.stored(added));
            if (replay.digest != null) {
                digest = replay.digest;
            }
            if (logged) {
                log.append(testId(cycle, step, repetition), instruments.variant(), stream, replay);
            }
        }
        CycleMeasurements all = tally.total(digest);
        CycleMeasurements out = CycleMeasurements.NONE;
        for (HatEvent.Type type : TYPES) {
            String label = HatshopPlan.label(type.name(), step, plan.steps());
            if (plan.operationsPerRepetition(label) > 0) {
                out = out.and(tally.kind(type.ordinal()));
            }
        }
        return out.and(all);
    }

    /**
     * Outside the timed replay: its reads, then the whole database (after a complete replay), against the stream;
     * sets the replay's digest of the orders it left.
     */
    private void check(Tally tally, int step, Replay replay) {
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
                    tally.error(HatEvent.Type.READ.ordinal(), kind, 1);
                }
            }
        }
        if (replay.dispatched == step) {
            SortedMap<UUID, String> actual = OrderBook.checksums(readAll());
            replay.digest = OrderBook.digest(actual);
            SortedMap<UUID, String> expected = expectedStates.get(step);
            int differences = OrderBook.differences(expected, actual, Integer.MAX_VALUE).size();
            tally.errorOfAll(ErrorCounts.STATE_MISMATCH, differences);
            Set<UUID> orders = new HashSet<>(expected.keySet());
            orders.addAll(actual.keySet());
            checked += orders.size();
            differed += differences;
            if (outputDir != null && step == plan.steps().get(plan.steps().size() - 1)) {
                EventLog.writeChecksums(outputDir.resolve("orders-" + instruments.variant() + ".csv"), actual);
            }
        }
        tally.count(OperationCounts.checked(checked, differed, 0));
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

    /** An event in flight; it may wait for the order's previous event before it starts. */
    private static final class EventSlot extends Slot {
        CompletableFuture<Void> done;
    }

    /** One timed replay of {@code stream}, the events of each order one after another. */
    private Replay replay(Tally tally, int repetition, List<HatEvent> stream, Replay replay,
                          Consumer<Replay> check) {
        ConcurrentHashMap<UUID, CompletableFuture<Void>> tails = new ConcurrentHashMap<>();
        TimedBlock.of(tally, instruments, plan.concurrency(), EventSlot::new).run(repetition,
                Pace.UNTIL_DONE, new TimedBlock.Dispatcher<>() {
                    private int next;

                    @Override
                    public boolean issue(EventSlot slot) {
                        if (next >= stream.size()) {
                            return false;
                        }
                        int index = next++;
                        if (index == 0) { // the replay's clock starts with its first event
                            Instant wallStart = Instant.now();
                            replay.startEpochNanos = wallStart.getEpochSecond() * 1_000_000_000L + wallStart.getNano();
                            replay.begin = slot.start;
                        }
                        HatEvent event = stream.get(index);
                        slot.item = index;
                        slot.kind = event.type().ordinal();
                        UUID order = event.orderId();
                        CompletableFuture<Void> done = new CompletableFuture<>();
                        slot.done = done;
                        CompletableFuture<Void> previous = tails.put(order, done);
                        if (previous == null) {
                            start(slot, event);
                        } else {
                            previous.thenRun(() -> {
                                slot.restart();
                                start(slot, event);
                            });
                        }
                        done.thenRun(() -> tails.remove(order, done));
                        return true;
                    }

                    @Override
                    public String settle(EventSlot slot, Object result, Throwable failure) {
                        int index = (int) slot.item;
                        try {
                            replay.results[index] = result;
                            replay.failures[index] = failure;
                            if (replay.latencies != null) {
                                replay.startOffsets[index] = slot.start - replay.begin;
                                replay.latencies[index] = System.nanoTime() - slot.start;
                            }
                            return failure == null ? null : ErrorCounts.kindOf(failure);
                        } finally {
                            slot.done.complete(null); // the order's next event starts whatever happened here
                        }
                    }
                }, outcome -> {
                    replay.dispatched = (int) outcome.issued();
                    replay.wallNanos = outcome.wallNanos();
                    check.accept(replay);
                });
        return replay;
    }

    private void start(EventSlot slot, HatEvent event) {
        CompletionStage<?> stage;
        try {
            stage = execute(event);
        } catch (Throwable t) {
            stage = CompletableFuture.failedFuture(t);
        }
        stage.whenComplete(slot);
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
}
