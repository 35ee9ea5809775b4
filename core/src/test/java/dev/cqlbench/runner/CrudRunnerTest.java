package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.Verification;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The runner's bookkeeping, on an in-memory store (the real bindings are tested against Cassandra). */
class CrudRunnerTest {

    /** A map-backed store; {@code corruptEvery} makes every n-th read return a wrong city. */
    static class MapStore implements AsyncUserCrud {
        final Map<UUID, User> rows = new ConcurrentHashMap<>();
        final AtomicInteger reads = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        int corruptEvery;
        int failInsertEvery;
        final AtomicInteger inserts = new AtomicInteger();
        /** Every n-th update and delete is acknowledged but not applied (0: none). */
        int ignoreWriteEvery;
        final AtomicInteger writes = new AtomicInteger();

        private boolean ignored() {
            return ignoreWriteEvery > 0 && writes.incrementAndGet() % ignoreWriteEvery == 0;
        }

        @Override
        public void insert(User user) {
            if (failInsertEvery > 0 && inserts.incrementAndGet() % failInsertEvery == 0) {
                throw new IllegalStateException("injected");
            }
            rows.put(user.id(), user);
        }

        @Override
        public User read(UUID id) {
            User user = rows.get(id);
            if (user != null && corruptEvery > 0 && reads.incrementAndGet() % corruptEvery == 0) {
                return new User(id, user.firstName(), user.lastName(), "Paris");
            }
            return user;
        }

        @Override
        public void update(User user) {
            if (ignored()) {
                return;
            }
            rows.put(user.id(), user);
        }

        @Override
        public void delete(UUID id) {
            if (ignored()) {
                return;
            }
            rows.remove(id);
        }

        private <T> CompletionStage<T> async(java.util.function.Supplier<T> work) {
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return work.get();
                } finally {
                    inFlight.decrementAndGet();
                }
            });
        }

        @Override
        public CompletionStage<?> insertAsync(User user) {
            return async(() -> { insert(user); return null; });
        }

        @Override
        public CompletionStage<User> readAsync(UUID id) {
            return async(() -> read(id));
        }

        @Override
        public CompletionStage<?> updateAsync(User user) {
            return async(() -> { update(user); return null; });
        }

        @Override
        public CompletionStage<?> deleteAsync(UUID id) {
            return async(() -> { delete(id); return null; });
        }
    }

    private static CrudPlan plan(ExecutionMode mode, int concurrency) {
        return new CrudPlan(50, 3, 2, 10, mode, concurrency, 42, "ks");
    }

    @Test
    void runsEveryOperationTypeRTimesOOperationsAndLeavesNothingBehind() {
        MapStore store = new MapStore();
        CrudRunner runner = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), "v", RunListener.NONE);
        runner.warmup();
        List<OperationCycle> cycle = runner.runCycle(0);
        assertThat(cycle).extracting(OperationCycle::operation).containsExactly("write", "read", "update", "delete");
        for (OperationCycle op : cycle) {
            assertThat(op.count()).isEqualTo(150);
            assertThat(op.errors()).isZero();
            assertThat(op.repetitionCounts()).containsExactly(50L, 50L, 50L);
            assertThat(op.repetitionTotalsNanos()).hasSize(3).allMatch(n -> n > 0);
            assertThat(HistogramCodec.decode(op.histogram()).getTotalCount()).isEqualTo(150);
            assertThat(op.clientCpuNanos()).as("CPU time is measured").isNotNegative();
        }
        assertThat(store.rows).isEmpty();
    }

    @Test
    void readsThatComeBackWrongAreCountedAndKeptOutOfTheHistogram() {
        MapStore store = new MapStore();
        store.corruptEvery = 10;
        List<OperationCycle> cycle = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), "v", RunListener.NONE)
                .runCycle(0);
        OperationCycle read = cycle.get(1);
        assertThat(read.errorsByKind()).containsEntry(ErrorCounts.READ_MISMATCH, 15L);
        assertThat(HistogramCodec.decode(read.histogram()).getTotalCount()).isEqualTo(135);
    }

    @Test
    void verifyReadsEveryAcknowledgedWriteBackAndCountsWhatDiffered() {
        MapStore store = new MapStore();
        store.ignoreWriteEvery = 10;
        List<OperationCycle> cycle = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), "v", RunListener.NONE)
                .runCycle(0);
        // write: all 150 read back right; read: its 150 reads checked; update and delete: 15 each not applied
        assertThat(cycle.get(0).notes()).containsEntry(Verification.CHECKED, 150L)
                .doesNotContainKey(Verification.DIFFERED);
        assertThat(cycle.get(1).notes()).containsEntry(Verification.CHECKED, 150L);
        for (OperationCycle op : cycle.subList(2, 4)) {
            assertThat(op.notes()).containsEntry(Verification.CHECKED, 150L).containsEntry(Verification.DIFFERED, 15L);
            assertThat(op.errorsByKind()).containsEntry(ErrorCounts.ROW_WRONG, 15L);
        }
        CrudPlan p = plan(ExecutionMode.SYNC, 1);
        CrudPlan unverified = new CrudPlan(p.operations(), p.repetitions(), p.cycles(), 0, p.mode(), 1, p.seed(),
                p.keyspace(), List.of(), null, false);
        List<OperationCycle> quiet = new CrudRunner(new MapStore(), unverified, "v", RunListener.NONE).runCycle(0);
        assertThat(quiet.get(0).notes()).doesNotContainKey(Verification.CHECKED);
        assertThat(quiet.get(1).notes()).containsEntry(Verification.CHECKED, 150L);
    }

    @Test
    void failuresAreCountedByKindNeverDropped() {
        MapStore store = new MapStore();
        store.failInsertEvery = 5;
        List<OperationCycle> cycle = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), "v", RunListener.NONE)
                .runCycle(0);
        assertThat(cycle.get(0).errorsByKind()).containsEntry("IllegalStateException", 30L);
        // the rows never written cannot be read back
        assertThat(cycle.get(1).errorsByKind()).containsEntry(ErrorCounts.READ_MISSING, 30L);
    }

    @Test
    void asyncModeKeepsAtMostConcurrencyOperationsInFlight() {
        MapStore store = new MapStore();
        List<OperationCycle> cycle = new CrudRunner(store, plan(ExecutionMode.ASYNC, 4), "v", RunListener.NONE)
                .runCycle(1);
        assertThat(cycle).allMatch(op -> op.count() == 150 && op.errors() == 0);
        assertThat(store.maxInFlight.get()).isBetween(1, 4);
        assertThat(store.rows).isEmpty();
    }

    @Test
    void aSubsetOfOperationsOnASharedUserStreamLetsOneVariantReadWhatAnotherWrote() {
        MapStore store = new MapStore();
        CrudPlan write = new CrudPlan(20, 1, 1, 0, ExecutionMode.SYNC, 1, 7, "ks",
                List.of(dev.cqlbench.scenario.crud.CrudOperation.WRITE), "shared");
        CrudPlan read = new CrudPlan(20, 1, 1, 0, ExecutionMode.SYNC, 1, 7, "ks",
                List.of(dev.cqlbench.scenario.crud.CrudOperation.READ), "shared");
        assertThat(new CrudRunner(store, write, "writer", RunListener.NONE).runCycle(0))
                .extracting(OperationCycle::operation).containsExactly("write");
        List<OperationCycle> reads = new CrudRunner(store, read, "reader", RunListener.NONE).runCycle(0);
        assertThat(reads).singleElement().satisfies(op -> {
            assertThat(op.count()).isEqualTo(20);
            assertThat(op.errors()).isZero();
        });
        assertThat(store.rows).hasSize(20);
    }

    @Test
    void asyncModeNeedsAnAsyncApi() {
        UserCrud syncOnly = new UserCrud() {
            public void insert(User user) { }
            public User read(UUID id) { return null; }
            public void update(User user) { }
            public void delete(UUID id) { }
        };
        assertThatThrownBy(() -> new CrudRunner(syncOnly, plan(ExecutionMode.ASYNC, 4), "v", RunListener.NONE))
                .hasMessageContaining("no asynchronous API");
    }

    @Test
    void aStopEndsTheCycleEarlyWithWhatWasDone() {
        MapStore store = new MapStore();
        CrudRunner[] runner = new CrudRunner[1];
        runner[0] = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), "v", new RunListener() {
            @Override
            public void repetitionDone(String variant, int cycle, String operation,
                                       int repetition, long count, long errors, long totalNanos) {
                runner[0].requestStop();
            }
        });
        List<OperationCycle> cycle = runner[0].runCycle(0);
        assertThat(cycle.get(0).repetitionCounts()).containsExactly(50L);
        assertThat(cycle.get(1).count()).isZero();
    }
}
