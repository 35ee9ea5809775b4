package dev.cqlbench.runner;

import dev.cqlbench.measure.Liveness;
import java.util.function.BooleanSupplier;

/**
 * Work outside any timed block that still wants many operations in flight (reading every record back): items
 * {@code 0 .. n-1} through an in-flight window, nothing timed or recorded; each completion counts for the heartbeat.
 */
public final class Untimed {

    private Untimed() {}

    /** Runs {@code operation} on every item, at most {@code window} in flight; returns when all have completed. */
    public static void forEach(long n, int window, TimedBlock.ItemOperation operation, Liveness liveness,
                               BooleanSupplier stop) {
        SlotPool<Slot> pool = new SlotPool<>(window, Slot::new, (slot, result, failure) -> {
            liveness.completed();
            slot.pool.give(slot);
        });
        for (long i = 0; i < n && !stop.getAsBoolean(); i++) {
            Slot slot = pool.take();
            slot.item = i;
            try {
                operation.start(i, slot);
            } catch (Exception e) {
                slot.accept(null, e);
            }
        }
        pool.drain();
    }
}
