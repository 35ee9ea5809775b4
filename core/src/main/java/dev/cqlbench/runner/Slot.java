package dev.cqlbench.runner;

import dev.cqlbench.binding.Completion;

/**
 * One operation in flight: its clock, what it is, and the binding's {@link Completion} for it. A block reuses its
 * slots (a runner may extend this class with what its operations need), so timing an operation allocates nothing.
 * A binding calls {@link #accept} once per operation, on whichever thread completes it.
 */
public class Slot implements Completion {

    SlotPool<?> pool;
    Slot next;
    /** When its latency counts from: the intended start in an open loop, else when it was sent. */
    public long from;
    /** When it was sent. */
    public long start;
    /** Which of the tally's kinds it is (index); 0 for a single-kind block. */
    public int kind;
    /** Which item it works on: an index, a record number. */
    public long item;
    /** Operations it counts for: 1, or the rows of a batch. */
    public int weight = 1;

    /** The operation starts only now (it waited for another to finish): its clock starts again. */
    public final void restart() {
        start = System.nanoTime();
        from = start;
    }

    @Override
    public final void accept(Object result, Throwable failure) {
        pool.settle(this, result, failure);
    }
}
