package dev.cqlbench.scenario.crud;

import dev.cqlbench.result.Block;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.Verification;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.RunListener;
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

        /** Every operation costs about this much CPU, so a repetition's CPU time shows (the OS counts in 10 ms). */
        long cpuNanosPerOperation = 200_000;

        private void work() {
            long until = System.nanoTime() + cpuNanosPerOperation;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }

        private boolean ignored() {
            return ignoreWriteEvery > 0 && writes.incrementAndGet() % ignoreWriteEvery == 0;
        }

        @Override
        public void insert(User user) {
            work();
            if (failInsertEvery > 0 && inserts.incrementAndGet() % failInsertEvery == 0) {
                throw new IllegalStateException("injected");
            }
            rows.put(user.id(), user);
        }

        @Override
        public User read(UUID id) {
            work();
            User user = rows.get(id);
            if (user != null && corruptEvery > 0 && reads.incrementAndGet() % corruptEvery == 0) {
                return new User(id, user.firstName(), user.lastName(), "Paris");
            }
            return user;
        }

        @Override
        public void update(User user) {
            work();
            if (ignored()) {
                return;
            }
            rows.put(user.id(), user);
        }

        @Override
        public void delete(UUID id) {
            work();
            if (ignored()) {
                return;
            }
            rows.remove(id);
        }

        /** Asynchronous operations complete all together, on the calling thread, once this many are pending. */
        int gate = 1;
        private final java.util.List<Runnable> pending = new java.util.ArrayList<>();

        private synchronized <T> CompletionStage<T> async(java.util.function.Supplier<T> work) {
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            CompletableFuture<T> future = new CompletableFuture<>();
            pending.add(() -> {
                inFlight.decrementAndGet();
                future.complete(work.get());
            });
            if (pending.size() == gate) {
                java.util.List<Runnable> release = new java.util.ArrayList<>(pending);
                pending.clear();
                release.forEach(Runnable::run);
            }
            return future;
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
        return options(mode, concurrency).plan();
    }

    /** 50 operations × 3 repetitions × 2 cycles, 10 warmup operations, then {@code more} words. */
    private static CrudOptions options(ExecutionMode mode, int concurrency, String... more) {
        CrudOptions options = new CrudOptions();
        options.with("--ops", "50", "--repetitions", "3", "--cycles", "2", "--warmup-ops", "10", "--mode",
                mode.label(), "--concurrency", Integer.toString(concurrency), "--seed", "42", "--keyspace", "ks");
        options.with(more);
        return options;
    }

    /** Cycle 0 of the sync plan on {@code store}: its distributions. */
    private static List<OperationDistribution> syncCycle(UserCrud store) {
        return runner(store, plan(ExecutionMode.SYNC, 1), "v").runCycle(0).distributions();
    }

    private static CrudRunner runner(UserCrud store, CrudPlan plan, String variant) {
        return new CrudRunner(store, plan, Instruments.quiet(variant));
    }

    @Test
    void runsEveryOperationTypeRTimesOOperationsAndLeavesNothingBehind() {
        MapStore store = new MapStore();
        CrudRunner runner = runner(store, plan(ExecutionMode.SYNC, 1), "v");
        runner.warmup();
        CycleMeasurements cycle = runner.runCycle(0);
        assertThat(cycle.distributions()).extracting(OperationDistribution::operation)
                .containsExactly("write", "read", "update", "delete");
        for (OperationDistribution op : cycle.distributions()) {
            assertThat(op.count()).isEqualTo(150);
            assertThat(op.errors()).isZero();
            List<Block> blocks = cycle.blocks().stream().filter(b -> b.operation().equals(op.operation())).toList();
            assertThat(blocks).extracting(Block::operations).containsExactly(50L, 50L, 50L);
            assertThat(blocks).hasSize(3).allMatch(b -> b.totalNanos() > 0);
            assertThat(HistogramCodec.decode(op.histogram()).getTotalCount()).isEqualTo(150);
            assertThat(blocks).extracting(Block::clientCpuNanos).as("CPU time is measured").doesNotContainNull();
            assertThat(blocks.stream().mapToLong(Block::clientCpuNanos).sum()).isPositive();
        }
        assertThat(store.rows).isEmpty();
    }

    @Test
    void readsThatComeBackWrongAreCountedAndKeptOutOfTheHistogram() {
        MapStore store = new MapStore();
        store.corruptEvery = 10;
        List<OperationDistribution> cycle = syncCycle(store);
        OperationDistribution read = cycle.get(1);
        assertThat(read.errorsByKind()).containsEntry(ErrorCounts.READ_MISMATCH, 15L);
        assertThat(HistogramCodec.decode(read.histogram()).getTotalCount()).isEqualTo(135);
    }

    @Test
    void verifyReadsEveryAcknowledgedWriteBackAndCountsWhatDiffered() {
        MapStore store = new MapStore();
        store.ignoreWriteEvery = 10;
        List<OperationDistribution> cycle = syncCycle(store);
        // write: all 150 read back right; read: its 150 reads checked; update and delete: 15 each not applied
        assertThat(cycle.get(0).counts().verification()).isEqualTo(new Verification(150L, 0, 0));
        assertThat(cycle.get(1).counts().verification().checked()).isEqualTo(150L);
        for (OperationDistribution op : cycle.subList(2, 4)) {
            assertThat(op.counts().verification()).isEqualTo(new Verification(150L, 15L, 0));
            assertThat(op.errorsByKind()).containsEntry(ErrorCounts.ROW_WRONG, 15L);
        }
        CrudPlan unverified = options(ExecutionMode.SYNC, 1, "--warmup-ops", "0", "--no-verify").plan();
        List<OperationDistribution> quiet = runner(new MapStore(), unverified, "v").runCycle(0).distributions();
        assertThat(quiet.get(0).counts().verification().checked()).isZero();
        assertThat(quiet.get(1).counts().verification().checked()).isEqualTo(150L);
    }

    @Test
    void failuresAreCountedByKindNeverDropped() {
        MapStore store = new MapStore();
        store.failInsertEvery = 5;
        List<OperationDistribution> cycle = syncCycle(store);
        assertThat(cycle.get(0).errorsByKind()).containsEntry("IllegalStateException", 30L);
        // the rows never written cannot be read back
        assertThat(cycle.get(1).errorsByKind()).containsEntry(ErrorCounts.READ_MISSING, 30L);
    }

    @Test
    void asyncModeKeepsExactlyConcurrencyOperationsInFlight() {
        MapStore store = new MapStore(); // answers only once 4 are pending: the runner must send 4 without waiting
        store.gate = 4;
        CrudPlan plan = options(ExecutionMode.ASYNC, 4, "--ops", "48", "--warmup-ops", "0").plan();
        List<OperationDistribution> cycle = runner(store, plan, "v").runCycle(1).distributions();
        assertThat(cycle).allMatch(op -> op.count() == 144 && op.errors() == 0);
        assertThat(store.maxInFlight.get()).isEqualTo(4);
        assertThat(store.rows).isEmpty();
    }

    @Test
    void aSubsetOfOperationsOnASharedUserStreamLetsOneVariantReadWhatAnotherWrote() {
        MapStore store = new MapStore();
        String[] small = {"--ops", "20", "--repetitions", "1", "--cycles", "1", "--warmup-ops", "0"};
        CrudPlan write = options(ExecutionMode.SYNC, 1, small).only(List.of(CrudOperation.WRITE)).userStream("shared")
                .plan();
        CrudPlan read = options(ExecutionMode.SYNC, 1, small).only(List.of(CrudOperation.READ)).userStream("shared")
                .plan();
        assertThat(runner(store, write, "writer").runCycle(0).distributions())
                .extracting(OperationDistribution::operation).containsExactly("write");
        List<OperationDistribution> reads = runner(store, read, "reader").runCycle(0).distributions();
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
        assertThatThrownBy(() -> runner(syncOnly, plan(ExecutionMode.ASYNC, 4), "v"))
                .hasMessageContaining("no asynchronous API");
    }

    @Test
    void aStopEndsTheCycleEarlyWithWhatWasDone() {
        MapStore store = new MapStore();
        boolean[] stop = {false};
        Instruments instruments = Instruments.quiet("v").listening(new RunListener() {
            @Override
            public void repetitionDone(String variant, int cycle, String operation,
                                       int repetition, long count, long errors, long totalNanos) {
                stop[0] = true;
            }
        }).stoppedBy(() -> stop[0]);
        CycleMeasurements cycle = new CrudRunner(store, plan(ExecutionMode.SYNC, 1), instruments).runCycle(0);
        assertThat(cycle.blocks()).extracting(Block::operation, Block::operations).containsExactly(tuple("write", 50L));
        assertThat(cycle.distributions().get(1).count()).isZero();
    }
}
