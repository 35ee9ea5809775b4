package dev.cqlbench.scenario.mixes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.Verification;
import dev.cqlbench.runner.Instruments;
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

    /**
     * A table in memory whose answers arrive after {@code delayMillis} on another thread, applied in any order;
     * as in Cassandra with client timestamps, each write is stamped when it is sent and the latest stamp wins.
     */
    static final class MemoryStore implements KeyValueStore {
        final Map<String, String[]> rows = new ConcurrentHashMap<>();
        final Map<String, long[]> stamps = new ConcurrentHashMap<>();
        final java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        final ScheduledExecutorService later = Executors.newScheduledThreadPool(2);
        long delayMillis;
        boolean loseUpdates;
        /** Acknowledges the n-th update (counting from 1) without applying it; 0 for none. */
        long dropUpdate;
        /** Every n-th insert fails without storing anything (0: none). */
        int failInsertEvery;
        final java.util.concurrent.atomic.AtomicInteger inserts = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicLong updates = new java.util.concurrent.atomic.AtomicLong();

        private <T> CompletionStage<T> after(java.util.function.Supplier<T> work) {
            CompletableFuture<T> f = new CompletableFuture<>();
            later.schedule(() -> f.complete(work.get()), delayMillis, TimeUnit.MILLISECONDS);
            return f;
        }

        @Override
        public CompletionStage<Void> insert(String key, String[] values) {
            if (failInsertEvery > 0 && inserts.incrementAndGet() % failInsertEvery == 0) {
                return CompletableFuture.failedFuture(new IllegalStateException("injected"));
            }
            long stamp = clock.incrementAndGet();
            return after(() -> {
                synchronized (this) {
                    long[] s = new long[values.length];
                    java.util.Arrays.fill(s, stamp);
                    rows.put(key, values.clone());
                    stamps.put(key, s);
                }
                return null;
            });
        }

        @Override
        public CompletionStage<String[]> read(String key) {
            return after(() -> rows.get(key));
        }

        @Override
        public CompletionStage<Void> update(String key, int field, String value) {
            long stamp = clock.incrementAndGet();
            boolean drop = updates.incrementAndGet() == dropUpdate;
            return after(() -> {
                synchronized (this) {
                    if (loseUpdates) {
                        rows.remove(key);
                    } else if (!drop && rows.containsKey(key) && stamps.get(key)[field] < stamp) {
                        rows.get(key)[field] = value;
                        stamps.get(key)[field] = stamp;
                    }
                }
                return null;
            });
        }

        final java.util.concurrent.atomic.AtomicLong updatesAll = new java.util.concurrent.atomic.AtomicLong();

        /** Every field, each stamped as an update of its own would be. */
        @Override
        public CompletionStage<Void> updateAll(String key, String[] values) {
            updatesAll.incrementAndGet();
            long stamp = clock.incrementAndGet();
            return after(() -> {
                synchronized (this) {
                    for (int f = 0; rows.containsKey(key) && f < values.length; f++) {
                        if (stamps.get(key)[f] < stamp) {
                            rows.get(key)[f] = values[f];
                            stamps.get(key)[f] = stamp;
                        }
                    }
                }
                return null;
            });
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count) {
            return after(() -> Math.min(count, rows.size()));
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count, int field) {
            oneFieldScans.incrementAndGet();
            return after(() -> Math.min(count, rows.size()));
        }

        final java.util.concurrent.atomic.AtomicLong oneFieldScans = new java.util.concurrent.atomic.AtomicLong();

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

    /** The mix {@code w}, at 4 in flight: {@code ops} operations, or 1.5 s when 0; open loop at a rate above 0. */
    private static MixesOptions options(Workload w, long ops, double rate, String... more) {
        MixesOptions options = new MixesOptions().workloadsGiven(List.of(w));
        options.with("--concurrency", "4", "--load-concurrency", "8", "--repetitions", "1", "--cycles", "1",
                "--warmup-ops", "50", "--warmup-max-s", "0", "--seed", "7");
        options.with(ops > 0 ? new String[] {"--ops", Long.toString(ops)} : new String[] {"--duration", "1500ms"});
        if (rate > 0) {
            options.with("--rate", Double.toString(rate));
        }
        options.with(more);
        return options;
    }

    private static MixesPlan plan(Workload w, long ops, double rate) {
        return options(w, ops, rate).plan();
    }

    private static MixesRunner runner(KeyValueStore store, MixesPlan plan) {
        return new MixesRunner(store, plan, Instruments.quiet("t"));
    }

    private static Workload mix(double read, double update, double insert) {
        return new Workload("m", new Workload.Records(300, 3, 5), new Workload.Proportions(read, update, insert, 0, 0),
                "zipfian", 10);
    }

    @Test
    void loadsThenRunsTheMixAndChecksEveryRead() {
        MixesPlan plan = plan(mix(0.6, 0.2, 0.2), 2000, 0);
        MixesRunner runner = runner(store, plan);
        runner.warmup();
        assertThat(store.updates.get()).as("the warmup runs the mix itself, through the measured code").isPositive();
        assertThat(store.rows).isEmpty();
        CycleMeasurements measured = runner.runCycle(0);
        List<OperationDistribution> cycles = measured.distributions();
        assertThat(cycles).extracting(OperationDistribution::operation)
                .containsExactly("m@load", "m@4", "m@4/READ", "m@4/UPDATE", "m@4/INSERT");
        assertThat(measured.blocks()).extracting(Block::operation)
                .containsExactly("m@load", "m@4", "m@4/READ", "m@4/UPDATE", "m@4/INSERT");
        assertThat(measured.blocks()).as("the kinds share their phase's block: no CPU of their own")
                .filteredOn(b -> b.operation().contains("/")).extracting(Block::clientCpuNanos).containsOnlyNulls();
        assertThat(cycles.get(0).count()).isEqualTo(300);
        OperationDistribution all = cycles.get(1);
        assertThat(all.count()).isEqualTo(2000);
        assertThat(all.errors()).isZero();
        long inserts = cycles.get(4).count();
        assertThat(inserts).isBetween(300L, 500L);
        assertThat(store.rows).hasSize((int) (300 + inserts));
        assertThat(all.counts().recordsAtEnd()).isEqualTo(300 + inserts);
        assertThat(cycles.get(2).count() + cycles.get(3).count() + inserts).isEqualTo(2000);
        assertThat(all.serviceHistogram()).isNull();
    }

    @Test
    void readsOfOneFieldUpdatesOfEveryFieldAndValuesOfManyLengthsAreRunAndVerifiedAsTheFileSays() {
        java.util.Properties p = new java.util.Properties();
        String[] keys = {"recordcount=300", "fieldcount=3", "fieldlength=20", "readproportion=0.5",
                "updateproportion=0.3", "scanproportion=0.2", "requestdistribution=zipfian", "readallfields=false",
                "writeallfields=true", "fieldlengthdistribution=uniform", "minscanlength=5", "maxscanlength=9"};
        for (String key : keys) {
            p.setProperty(key.substring(0, key.indexOf('=')), key.substring(key.indexOf('=') + 1));
        }
        MixesPlan plan = plan(WorkloadFile.of("shaped", p), 2000, 0);
        store.updates.set(0);
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();
        assertThat(cycles).extracting(OperationDistribution::operation)
                .containsExactly("shaped@load", "shaped@4", "shaped@4/READ", "shaped@4/UPDATE", "shaped@4/SCAN");
        OperationDistribution all = cycles.get(1);
        assertThat(all.errors()).as(all.errorsByKind().toString()).isZero();
        assertThat(store.updates.get()).as("no update of one field").isZero();
        assertThat(store.updatesAll.get()).isEqualTo(cycles.get(3).count()).isPositive();
        assertThat(store.oneFieldScans.get()).as("readallfields=false: scans read one field too")
                .isEqualTo(cycles.get(4).count()).isPositive();
        // every record read back whole: each all-field update noted as the row it wrote, in the same step
        assertThat(cycles.get(0).counts().verification()).isEqualTo(new Verification(300L, 0, 0));
        java.util.Set<Integer> lengths = new java.util.TreeSet<>();
        store.rows.values().forEach(row -> java.util.Arrays.stream(row).forEach(f -> lengths.add(f.length())));
        assertThat(lengths).as("uniform over 1..fieldlength").hasSizeGreaterThan(10).allMatch(l -> l >= 1 && l <= 20);
    }

    @Test
    void threeDispatchingThreadsDoTheSameWorkloadAsOne() {
        MixesPlan plan = options(mix(0.6, 0.2, 0.2), 2001, 0, "--threads", "3").plan();
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();

        OperationDistribution all = cycles.get(1);
        assertThat(all.count()).as("the operations split 667 each, not one lost or doubled").isEqualTo(2001);
        assertThat(all.errors()).as(all.errorsByKind().toString()).isZero();
        long inserts = cycles.get(4).count();
        // every insert got its own record: the table holds the loaded ones and each insert once, all read back right
        assertThat(store.rows).hasSize((int) (300 + inserts));
        assertThat(cycles.get(0).counts().verification()).isEqualTo(new Verification(300 + inserts, 0, 0));
        assertThat(dev.cqlbench.measure.HistogramCodec.decode(all.histogram()).getTotalCount()).isEqualTo(2001);
    }

    @Test
    void verificationReadsEveryRecordBackAndFindsALostUpdate() {
        MixesPlan plan = plan(mix(0.2, 0.6, 0.2), 3000, 0);
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();
        long records = 300 + cycles.get(4).count();
        assertThat(cycles.get(0).counts().verification()).isEqualTo(new Verification(records, 0, 0));
        assertThat(cycles.get(0).errors()).isZero();

        store.dropUpdate = store.updates.get() + 1; // the next run's only update: acknowledged, never applied
        store.rows.clear();
        cycles = runner(store, plan(mix(0, 1, 0), 1, 0)).runCycle(0).distributions();
        OperationDistribution load = cycles.get(0);
        assertThat(load.counts().verification()).isEqualTo(new Verification(300L, 1L, 0));
        assertThat(load.errorsByKind()).containsEntry(ErrorCounts.ROW_WRONG, 1L);
    }

    @Test
    void aRecordWhoseLoadFailedIsNeitherReadCheckedNorExpected() {
        store.failInsertEvery = 50;
        List<OperationDistribution> cycles = runner(store, plan(mix(0.5, 0.5, 0), 2000, 0))
                .runCycle(0).distributions();
        OperationDistribution load = cycles.get(0);
        assertThat(load.errorsByKind()).containsExactly(Map.entry("IllegalStateException", 6L));
        assertThat(load.counts().verification()).isEqualTo(new Verification(294L, 0, 0));
        assertThat(cycles.get(1).errors()).as("reads of the 6 missing records are not errors").isZero();
    }

    @Test
    void withoutVerifyNothingIsReadBack() {
        MixesPlan plan = options(mix(0.5, 0.5, 0), 500, 0, "--warmup-ops", "0", "--no-verify").plan();
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();
        assertThat(cycles.get(0).counts().verification().checked()).isZero();
    }

    @Test
    void aRecordThatVanishesIsAReadError() {
        store.loseUpdates = true;
        MixesPlan plan = plan(mix(0.5, 0.5, 0), 1000, 0);
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();
        assertThat(cycles.get(1).errorsByKind()).containsKey(ErrorCounts.READ_MISSING);
        // the timeline's seconds carry the same errors, by kind, none lost
        Map<String, Long> perSecond = new java.util.TreeMap<>();
        cycles.get(1).timeline().forEach(p -> {
            assertThat(p.errorsByKind().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(p.errors());
            p.errorsByKind().forEach((kind, n) -> perSecond.merge(kind, n, Long::sum));
        });
        assertThat(perSecond).isEqualTo(cycles.get(1).errorsByKind());
    }

    @Test
    void openLoopKeepsTheScheduleAndCountsFromTheIntendedStart() {
        // each read takes at least 20 ms and only 4 may be in flight: at most 200/s can be served, the schedule asks
        // for 400/s, so every operation after the first few starts behind its intended time, by more and more
        store.delayMillis = 20;
        MixesPlan plan = plan(mix(1, 0, 0), 200, 400);
        List<OperationDistribution> cycles = runner(store, plan).runCycle(0).distributions();
        OperationDistribution all = cycles.get(1);
        assertThat(all.count()).isEqualTo(200);
        long responseP50 = HistogramCodec.decode(all.histogram()).getValueAtPercentile(50);
        long serviceP50 = HistogramCodec.decode(all.serviceHistogram()).getValueAtPercentile(50);
        assertThat(serviceP50).as("service time: the store's own").isGreaterThanOrEqualTo(19_000_000L);
        // the median operation was intended at 250 ms but could not start before its 25th turn of 4 (500 ms and
        // more): its response time holds that wait, whatever the host's speed, its service time does not
        assertThat(responseP50).as("waiting behind the schedule counts").isGreaterThan(3 * serviceP50);
        assertThat(all.timeline()).isNotEmpty();
        assertThat(all.timeline().stream().mapToLong(p -> p.ops()).sum()).isEqualTo(200);
    }

    @Test
    void insertsAcknowledgedOutOfOrderOnlyCountOnceContiguous() {
        Keys keys = new Keys(10);
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

    @Test
    void insertsAcknowledgedInReverseAcrossManyBitmapChunksAllCount() {
        Keys keys = new Keys(0);
        int n = 600_000;
        for (int i = 0; i < n; i++) {
            keys.nextInsert();
        }
        for (int k = n - 1; k > 0; k--) {
            keys.done(k, true);
        }
        assertThat(keys.existing()).isZero();
        keys.done(0, true);
        assertThat(keys.existing()).isEqualTo(n);
        keys.done(n, true); // the next insert, acknowledged at once, extends it; no bit of before is left set
        assertThat(keys.existing()).isEqualTo(n + 1L);
    }

    /** Answers every call at once on the calling thread, through the calls the timed path makes. */
    static final class InstantStore implements KeyValueStore {
        private final String[] record;
        private static final Integer ONE = 1;

        InstantStore(int fields, int length) {
            record = new String[fields];
            java.util.Arrays.fill(record, "x".repeat(length));
        }

        @Override
        public CompletionStage<Void> insert(String key, String[] values) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<String[]> read(String key) {
            return CompletableFuture.completedFuture(record);
        }

        @Override
        public CompletionStage<Void> update(String key, int field, String value) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> updateAll(String key, String[] values) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count) {
            return CompletableFuture.completedFuture(ONE);
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count, int field) {
            return CompletableFuture.completedFuture(ONE);
        }

        @Override
        public void insert(long key, String[] values, dev.cqlbench.binding.Completion done) {
            done.accept(null, null);
        }

        @Override
        public void read(long key, dev.cqlbench.binding.Completion done) {
            done.accept(record, null);
        }

        @Override
        public void update(long key, int field, String value, dev.cqlbench.binding.Completion done) {
            done.accept(null, null);
        }

        @Override
        public void scan(long key, int count, dev.cqlbench.binding.Completion done) {
            done.accept(ONE, null);
        }

        @Override
        public void truncate() {
        }
    }

    /** Bytes the calling thread allocates for one cycle of {@code ops} operations of the mix (after a first one). */
    private static long allocatedForCycle(Workload w, long ops, boolean verify) {
        MixesPlan plan = new MixesOptions().workloadsGiven(List.of(w)).with("--concurrency", "16", "--ops",
                Long.toString(ops), "--load-concurrency", "16", "--repetitions", "1", "--cycles", "1", "--warmup-ops",
                "0", "--warmup-max-s", "0", verify ? "--verify" : "--no-verify", "--seed", "3").plan();
        MixesRunner runner = runner(new InstantStore(4, 10), plan);
        runner.runCycle(0);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        List<OperationDistribution> cycle = runner.runCycle(1).distributions();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(cycle.get(1).count()).isEqualTo(ops);
        return allocated;
    }

    @Test
    void theTimedPathAllocatesNothingPerOperation() {
        // per cycle there is a fixed cost (histograms, the timeline's thread, the load); per operation there must be
        // none: 68 times the operations, the same bytes (within what a timeline tick or two allocates)
        for (Workload w : List.of(mix(0.5, 0.5, 0), mix(1, 0, 0), mix(0, 0, 1))) {
            Workload sized = w.withSizes(1000, 4, 10);
            for (boolean verify : new boolean[] {true, false}) {
                if (verify && sized.insert() > 0) {
                    continue; // verification keeps a byte per field of each record written: state, not garbage
                }
                long small = allocatedForCycle(sized, 30_000, verify);
                long large = allocatedForCycle(sized, 2_030_000, verify);
                double perOp = (large - small) / 2_000_000.0;
                System.out.printf("%s verify=%s: %d B per cycle of 30k operations, %d B of 2,030k: %.3f B per op%n",
                        w.name() + "(" + w.read() + "/" + w.update() + "/" + w.insert() + ")", verify, small, large,
                        perOp);
                // any object allocated per operation is 16 bytes or more; below 1 byte per operation only what grows
                // with the cycle's duration remains (timeline ticks, a slow machine's longer cycle)
                assertThat(perOp).as("bytes allocated per operation, %s verify=%s", w, verify).isLessThan(1.0);
            }
        }
    }
}
