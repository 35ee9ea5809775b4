package dev.cqlbench.runner;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The in-flight window: its free slots on a lock-free stack that completing threads push onto and the one
 * dispatching thread pops from (a single popper cannot suffer ABA), parking while it is empty. The number of slots is
 * the in-flight limit; nothing is allocated per operation.
 */
final class SlotPool<S extends Slot> {

    /** What happens when a slot's operation completes: the block settles it and gives the slot back. */
    @FunctionalInterface
    interface Settler<S extends Slot> {
        void settle(S slot, Object result, Throwable failure);
    }

    private final AtomicReference<Slot> head = new AtomicReference<>();
    private final int size;
    private final Settler<S> settler;
    private final Thread dispatcher = Thread.currentThread();
    private volatile boolean parked;

    SlotPool(int size, Supplier<S> slots, Settler<S> settler) {
        this.size = size;
        this.settler = settler;
        for (int i = 0; i < size; i++) {
            S slot = slots.get();
            slot.pool = this;
            give(slot);
        }
    }

    @SuppressWarnings("unchecked")
    void settle(Slot slot, Object result, Throwable failure) {
        settler.settle((S) slot, result, failure);
    }

    /**
     * A free slot, waiting for one if all are in flight (dispatching thread only). Like a semaphore's
     * uninterruptible acquire: an interrupt does not end the wait (it would spin), it is kept for the caller.
     */
    @SuppressWarnings("unchecked")
    S take() {
        boolean interrupted = false;
        while (true) {
            Slot s = head.get();
            if (s != null) {
                if (head.compareAndSet(s, s.next)) {
                    s.next = null;
                    if (interrupted) {
                        Thread.currentThread().interrupt();
                    }
                    return (S) s;
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
