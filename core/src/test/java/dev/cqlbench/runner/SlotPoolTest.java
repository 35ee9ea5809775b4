package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The in-flight window under concurrent completions. */
class SlotPoolTest {

    @Test
    void theFreeSlotListNeverHandsOutASlotTwiceNorLosesOne() throws Exception {
        // completions on 3 other threads push slots back while the dispatching thread pops them, as in a run
        int size = 8;
        java.util.concurrent.ExecutorService completers = Executors.newFixedThreadPool(3);
        java.util.Set<Slot> inUse = ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicInteger twice = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicLong settled = new java.util.concurrent.atomic.AtomicLong();
        SlotPool<Slot> pool = new SlotPool<>(size, Slot::new, (slot, result, failure) -> {
            if (!inUse.remove(slot)) {
                twice.incrementAndGet();
            }
            settled.incrementAndGet();
            slot.pool.give(slot);
        });
        try {
            int operations = 300_000;
            for (int i = 0; i < operations; i++) {
                Slot slot = pool.take();
                if (!inUse.add(slot)) {
                    twice.incrementAndGet();
                }
                assertThat(inUse.size()).isLessThanOrEqualTo(size);
                if (i % 5 == 0) {
                    slot.accept(null, null); // completes at once, on the dispatching thread
                } else {
                    completers.execute(() -> slot.accept(null, null));
                }
            }
            pool.drain();
            assertThat(settled.get()).isEqualTo(operations);
            assertThat(twice.get()).isZero();
            assertThat(inUse).isEmpty();
        } finally {
            completers.shutdownNow();
        }
    }
}
