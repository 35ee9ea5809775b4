package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.Workload;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The runner's logic over an in-memory table; driver 4 against a real node is MixesCliIT's. */
class MixesRunnerTest {

    /** A table in memory whose answers arrive after {@code delayMillis} on another thread. */
    static final class MemoryStore implements KeyValueStore {
        final Map<String, String[]> rows = new ConcurrentHashMap<>();
        final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
        long delayMillis;
        boolean loseUpdates;

        private <T> CompletionStage<T> after(java.util.function.Supplier<T> work) {
            CompletableFuture<T> f = new CompletableFuture<>();
            later.schedule(() -> f.complete(work.get()), delayMillis, TimeUnit.MILLISECONDS);
            return f;
        }

        @Override
        public CompletionStage<Void> insert(String key, String[] values) {
            return after(() -> {
                rows.put(key, values.clone());
                return null;
            });
        }

        @Override
        public CompletionStage<String[]> read(String key) {
            return after(() -> rows.get(key));
        }

        @Override
        public CompletionStage<Void> update(String key, int field, String value) {
            return after(() -> {
                if (!loseUpdates) {
                    rows.computeIfPresent(key, (k, r) -> {
                        r[field] = value;
                        return r;
                    });
                } else {
                    rows.remove(key);
                }
                return null;
            });
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count) {
            return after(() -> Math.min(count, rows.size()));
        }

        @Override
        public void truncate() {
            rows.clear();
        }
    }

    private final MemoryStore store = new MemoryStore();

    @AfterEach
    void stop() {
        store.later.shutdownNow();
    }

    private static MixesPlan plan(Workload w, long ops, double rate) {
        return new MixesPlan(List.of(w), List.of(4), ops > 0 ? 0 : 1500, ops, rate, 8, 3, 5, 1, 1, 50, 7, "ycsb");
    }

    private static Workload mix(double read, double update, double insert) {
        return new Workload("m", 300, 3, 5, read, update, insert, 0, 0, "zipfian", 10);
    }

    @Test
    void loadsThenRunsTheMixAndChecksEveryRead() {
        MixesPlan plan = plan(mix(0.6, 0.2, 0.2), 2000, 0);
        MixesRunner runner = new MixesRunner(store, plan, "t", RunListener.NONE);
        runner.warmup();
        assertThat(store.rows).isEmpty();
        List<OperationCycle> cycles = runner.runCycle(0);
        assertThat(cycles).extracting(OperationCycle::operation)
                .containsExactly("m@load", "m@4", "m@4/READ", "m@4/UPDATE", "m@4/INSERT");
        assertThat(cycles.get(0).count()).isEqualTo(300);
        OperationCycle all = cycles.get(1);
        assertThat(all.count()).isEqualTo(2000);
        assertThat(all.errors()).isZero();
        long inserts = cycles.get(4).count();
        assertThat(inserts).isBetween(300L, 500L);
        assertThat(store.rows).hasSize((int) (300 + inserts));
        assertThat(all.notes()).containsEntry("recordsAtEnd", 300 + inserts);
        assertThat(cycles.get(2).count() + cycles.get(3).count() + inserts).isEqualTo(2000);
        assertThat(all.serviceHistogram()).isNull();
    }

    @Test
    void aRecordThatVanishesIsAReadError() {
        store.loseUpdates = true;
        MixesPlan plan = plan(mix(0.5, 0.5, 0), 1000, 0);
        List<OperationCycle> cycles = new MixesRunner(store, plan, "t", RunListener.NONE).runCycle(0);
        assertThat(cycles.get(1).errorsByKind()).containsKey(ErrorCounts.READ_MISSING);
    }

    @Test
    void openLoopKeepsTheScheduleAndCountsFromTheIntendedStart() {
        store.delayMillis = 20; // each operation takes 20 ms; only 4 may be in flight: the schedule falls behind
        MixesPlan plan = plan(mix(1, 0, 0), 0, 400);
        List<OperationCycle> cycles = new MixesRunner(store, plan, "t", RunListener.NONE).runCycle(0);
        OperationCycle all = cycles.get(1);
        // 1.5 s at 400/s is 600 operations intended; 4 in flight × 50/s = 200/s can be served
        assertThat(all.count()).isBetween(250L, 600L);
        long responseP50 = HistogramCodec.decode(all.histogram()).getValueAtPercentile(50);
        long serviceP50 = HistogramCodec.decode(all.serviceHistogram()).getValueAtPercentile(50);
        assertThat(serviceP50).isBetween(15_000_000L, 60_000_000L);
        assertThat(responseP50).as("waiting behind the schedule counts").isGreaterThan(3 * serviceP50);
        assertThat(all.timeline()).isNotEmpty();
        assertThat(all.timeline().get(0).ops()).isBetween(150L, 260L);
    }

    @Test
    void insertsAcknowledgedOutOfOrderOnlyCountOnceContiguous() {
        MixesRunner.Keys keys = new MixesRunner.Keys(10);
        long a = keys.nextInsert();
        long b = keys.nextInsert();
        long c = keys.nextInsert();
        keys.done(c, true);
        keys.done(b, false);
        assertThat(keys.existing()).isEqualTo(10);
        keys.done(a, true);
        assertThat(keys.existing()).isEqualTo(13);
        assertThat(keys.failed).containsExactly(b);
    }
}
