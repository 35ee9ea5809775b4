package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.measure.ServerAudit;
import dev.cqlbench.measure.ServerCounters;
import dev.cqlbench.result.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The measured-block skeleton every scenario's runner uses: one repetition of one operation, its operations sent
 * through an in-flight window ({@link SlotPool}), each timed from its (intended) start to its completion, checked
 * after the clock stops, and recorded in a {@link Tally} (latency if it checked out, else an error of its kind). Around
 * the block: the timed-section events, the worker's own CPU and JIT time, the progress event. A runner only says what
 * one operation is ({@link Dispatcher}).
 *
 * @param <S> the slot type: {@link Slot}, or the runner's own with what its operations need
 */
public final class TimedBlock<S extends Slot> {

    /** The verdict of {@link Dispatcher#settle} for an operation that goes on, on the same slot. */
    public static final String CONTINUED = "(continued)";

    /** What the block's operations are. */
    public interface Dispatcher<S extends Slot> {

        /**
         * Sends the block's next operation on {@code slot} (its clock has started; set its kind, item and weight),
         * completing it through the slot; false when there is nothing left to send. A throw is that operation's
         * failure.
         */
        boolean issue(S slot) throws Exception;

        /**
         * Judges a completed operation, after its clock stopped: null when it checks out, else the kind of error it
         * counts as, or {@link #CONTINUED} when it has sent its next step on the same slot.
         */
        default String settle(S slot, Object result, Throwable failure) {
            return failure == null ? null : ErrorCounts.kindOf(failure);
        }
    }

    /** One operation on item {@code i}, completing through {@code done}. */
    @FunctionalInterface
    public interface ItemOperation {
        void start(long i, Slot done) throws Exception;
    }

    /** Checks item {@code i}'s outcome after the clock stopped: null if right, else an error kind. */
    @FunctionalInterface
    public interface Check {
        String verify(long i, Object result);

        Check NONE = (i, result) -> null;
    }

    /** How a block went: operations sent, and wall time from its first start to its last completion. */
    public record Outcome(long issued, long wallNanos) {}

    private final Tally tally;
    private final Instruments instruments;
    private final int window;
    private final Supplier<S> slots;
    /** The timeline of the block under way when it is watched live (it is told what is sent); else null. */
    private Timeline watched;

    private TimedBlock(Tally tally, Instruments instruments, int window, Supplier<S> slots) {
        if (window < 1) {
            throw new IllegalArgumentException("at least one operation in flight");
        }
        this.tally = tally;
        this.instruments = instruments;
        this.window = window;
        this.slots = slots;
    }

    /** Blocks of {@code tally}'s operation, at most {@code window} in flight. */
    public static TimedBlock<Slot> of(Tally tally, Instruments instruments, int window) {
        return new TimedBlock<>(tally, instruments, window, Slot::new);
    }

    /** The same, with the runner's own slots. */
    public static <S extends Slot> TimedBlock<S> of(Tally tally, Instruments instruments, int window, Supplier<S> slots) {
        return new TimedBlock<>(tally, instruments, window, slots);
    }

    /** Items {@code from .. from+n-1}, in order, each by {@code operation}, each outcome checked by {@code check}. */
    public static Dispatcher<Slot> items(long from, long n, ItemOperation operation, Check check) {
        return new Dispatcher<>() {
            private long next = from;

            @Override
            public boolean issue(Slot slot) throws Exception {
                if (next >= from + n) {
                    return false;
                }
                slot.item = next++;
                operation.start(slot.item, slot);
                return true;
            }

            @Override
            public String settle(Slot slot, Object result, Throwable failure) {
                return failure != null ? ErrorCounts.kindOf(failure) : check.verify(slot.item, result);
            }
        };
    }

    /** Runs repetition {@code repetition} of the tally's operation: the block, and what is measured around it. */
    public Outcome run(int repetition, Pace pace, Dispatcher<S> dispatcher) {
        return runSplit(repetition, pace, List.of(dispatcher), outcome -> { });
    }

    /**
     * The same, then {@code untimed}: what the runner checks once the clock has stopped (rows read back, the
     * database's state); the errors it records count in this repetition's progress report.
     */
    public Outcome run(int repetition, Pace pace, Dispatcher<S> dispatcher, Consumer<Outcome> untimed) {
        return runSplit(repetition, pace, List.of(dispatcher), untimed);
    }

    /**
     * The same with several dispatching threads, one per dispatcher (each with its own operations and key stream):
     * each has its share of the in-flight window, of the operations and of the rate, its schedule interleaved with
     * the others' (see {@link Pace#part}); they record into the same tally, so their results add up exactly.
     */
    public Outcome runSplit(int repetition, Pace pace, List<? extends Dispatcher<S>> dispatchers,
                            Consumer<Outcome> untimed) {
        awaitStart(pace.startAtMillis());
        boolean measured = tally.options().measured();
        RunListener listener = measured ? instruments.listener() : RunListener.NONE;
        long errorsBefore = tally.errors();
        ServerAudit audit = measured && instruments.audit() != null && instruments.audit().covers()
                ? instruments.audit() : null;
        ServerCounters.Counted counted = audit == null ? null : audit.read();
        listener.timedSection(tally.cycle(), tally.label(), repetition, true);
        Timeline timeline = tally.timeline(listener);
        watched = timeline != null && timeline.watched() ? timeline : null;
        if (timeline != null) { // its thread is made before the block's CPU is read, its last second cut after
            timeline.start(tally.cycle(), repetition, pace.openLoop() ? pace.rate() : 0);
        }
        ProcessCpu.CpuTimes cpuBefore = ProcessCpu.read();
        long allocatedBefore = allocatedBytes();
        Outcome outcome;
        ProcessCpu.CpuTimes cpuAfter;
        long allocatedAfter;
        try {
            outcome = dispatch(pace, dispatchers);
        } finally {
            allocatedAfter = allocatedBytes();
            cpuAfter = ProcessCpu.read();
            if (timeline != null) {
                timeline.stop(tally.cycle(), repetition);
            }
        }
        listener.timedSection(tally.cycle(), tally.label(), repetition, false);
        tally.endRepetition(outcome.wallNanos(), Measurement.NONE
                .withClientCpuNanos(cpuBefore.operationsNanos() < 0 ? -1
                        : cpuAfter.operationsNanos() - cpuBefore.operationsNanos())
                .withJitMillis(cpuBefore.compilerNanos() < 0 ? 0
                        : (cpuAfter.compilerNanos() - cpuBefore.compilerNanos()) / 1_000_000)
                .withAllocatedBytes(allocatedBefore < 0 || allocatedAfter < 0 ? -1 : allocatedAfter - allocatedBefore));
        if (audit != null) {
            tally.count(dev.cqlbench.result.OperationCounts.audited(audit.counted(counted, tally.lastCount())));
        }
        untimed.accept(outcome);
        listener.repetitionDone(instruments.variant(), tally.cycle(), tally.label(), repetition, tally.lastCount(),
                tally.errors() - errorsBefore, tally.lastTotal());
        return outcome;
    }

    /**
     * Heap every thread of this JVM has allocated so far, the ended ones' included (HotSpot's counter, which a thread
     * updates as it fills its allocation buffers), bytes; -1 where the JVM cannot tell.
     */
    private static long allocatedBytes() {
        return java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()
                ? t.getTotalThreadAllocatedBytes() : -1;
    }

    /** Waits for the wall-clock instant {@code startAtMillis} (if any and not passed), alive and stoppable. */
    private void awaitStart(long startAtMillis) {
        long wait;
        while (startAtMillis > 0 && (wait = startAtMillis - System.currentTimeMillis()) > 0 && !instruments.stopped()) {
            instruments.liveness().waiting();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Math.min(wait, 200)));
        }
    }

    private Outcome dispatch(Pace pace, List<? extends Dispatcher<S>> dispatchers) {
        int n = (int) Math.min(Math.min(dispatchers.size(), window), pace.maxOps() > 0 ? pace.maxOps() : window);
        long begin = System.nanoTime();
        if (n == 1) {
            long issued = loop(pace, dispatchers.get(0), window, begin);
            return new Outcome(issued, System.nanoTime() - begin);
        }
        long[] issued = new long[n];
        Throwable[] failed = new Throwable[n];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            int part = t;
            int share = window / n + (t < window % n ? 1 : 0);
            Thread thread = new Thread(() -> {
                try {
                    issued[part] = loop(pace.part(part, n), dispatchers.get(part), share, begin);
                } catch (Throwable e) {
                    failed[part] = e;
                }
            }, "cqlbench-dispatch-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the dispatching threads ran", e);
            }
        }
        for (Throwable e : failed) {
            if (e instanceof Error error) {
                throw error;
            }
            if (e != null) {
                throw new IllegalStateException("a dispatching thread failed: " + e, e);
            }
        }
        return new Outcome(java.util.Arrays.stream(issued).sum(), System.nanoTime() - begin);
    }

    /** One dispatching thread's operations, from {@code begin}, at most {@code window} in flight; how many it sent. */
    private long loop(Pace pace, Dispatcher<S> dispatcher, int window, long begin) {
        SlotPool<S> pool = new SlotPool<>(window, slots, (slot, result, failure) -> settle(dispatcher, slot, result,
                failure));
        long deadline = pace.millis() > 0 ? begin + TimeUnit.MILLISECONDS.toNanos(pace.millis()) : Long.MAX_VALUE;
        double interval = pace.openLoop() ? 1e9 / pace.rate() : 0;
        long issued = 0;
        // watched live: what this thread has sent, as the tally counts operations, for the in-flight gauge
        java.util.concurrent.atomic.AtomicLong published = watched == null ? null : watched.sender();
        long weight = 0;
        while (!instruments.stopped()) {
            if (pace.maxOps() > 0 && issued >= pace.maxOps()) {
                break;
            }
            long intended = 0;
            if (pace.openLoop()) {
                intended = begin + (long) ((issued + pace.phase()) * interval);
                if (intended >= deadline) {
                    break;
                }
                long wait;
                while ((wait = intended - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
            } else if (System.nanoTime() >= deadline) {
                break;
            }
            S slot = pool.take();
            slot.kind = 0;
            slot.weight = 1;
            slot.start = System.nanoTime();
            slot.from = pace.openLoop() ? intended : slot.start;
            boolean sent;
            try {
                sent = dispatcher.issue(slot);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable e) { // a library's own Error is that operation's failure, as an exception is
                slot.accept(null, e);
                sent = true;
            }
            if (!sent) {
                pool.give(slot);
                break;
            }
            issued++;
            if (published != null) {
                // after it settled, maybe (at once, or on another thread): what settled may briefly exceed this
                published.lazySet(weight += slot.weight);
            }
        }
        pool.drain();
        return issued;
    }

    private void settle(Dispatcher<S> dispatcher, S slot, Object result, Throwable failure) {
        long end = System.nanoTime();
        String verdict;
        try {
            verdict = dispatcher.settle(slot, result, failure);
        } catch (RuntimeException e) {
            verdict = ErrorCounts.kindOf(e);
        }
        if (verdict == CONTINUED) {
            return;
        }
        if (verdict == null) {
            tally.ok(slot.kind, end - slot.from, end - slot.start, slot.weight, end - slot.start);
        } else {
            tally.failed(slot.kind, verdict, slot.weight, end - slot.start);
        }
        instruments.liveness().completed();
        slot.pool.give(slot);
    }
}
