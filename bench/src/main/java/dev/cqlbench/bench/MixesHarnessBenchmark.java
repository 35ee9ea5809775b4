package dev.cqlbench.bench;

import dev.cqlbench.binding.Completion;
import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.scenario.mixes.MixesOptions;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.MixesRunner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the mixes runner costs per operation when the database costs nothing: a store whose every call completes
 * at once, so one thread does all of cqlbench's own work per operation — choosing the operation and the key,
 * building the key and the values, the in-flight limit, the per-operation, per-second and timeline recording.
 * The figure is the harness's share of the client CPU a real run reports.
 */
public class MixesHarnessBenchmark extends Measured {

    static final int RECORDS = 1_000;
    static final int OPS = 2_000_000;

    /**
     * A table that answers every call at once, through the allocation-free calls the runner makes; a read returns a
     * whole record of the plan's shape.
     */
    static final class NoopStore implements KeyValueStore {
        private final String[] fields;
        private final CompletableFuture<String[]> record;
        private static final Integer SCANNED_COUNT = 1;
        private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
        private static final CompletableFuture<Integer> SCANNED = CompletableFuture.completedFuture(1);

        NoopStore(int fields, int length) {
            String[] r = new String[fields];
            for (int f = 0; f < fields; f++) {
                r[f] = "x".repeat(length);
            }
            this.fields = r;
            record = CompletableFuture.completedFuture(r);
        }

        @Override
        public CompletionStage<Void> insert(String key, String[] values) {
            return DONE;
        }

        @Override
        public CompletionStage<String[]> read(String key) {
            return record;
        }

        @Override
        public CompletionStage<Void> update(String key, int field, String value) {
            return DONE;
        }

        @Override
        public CompletionStage<Void> updateAll(String key, String[] values) {
            return DONE;
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count) {
            return SCANNED;
        }

        @Override
        public CompletionStage<Integer> scan(String startKey, int count, int field) {
            return SCANNED;
        }

        @Override
        public void insert(long record, String[] values, Completion done) {
            done.accept(null, null);
        }

        @Override
        public void read(long record, Completion done) {
            done.accept(fields, null);
        }

        @Override
        public void update(long record, int field, String value, Completion done) {
            done.accept(null, null);
        }

        @Override
        public void scan(long record, int count, Completion done) {
            done.accept(SCANNED_COUNT, null);
        }

        @Override
        public void truncate() {
        }
    }

    @Param({"read_only", "insert_only", "update50_read50"})
    public String workload;

    /** Dispatching threads ({@code --threads}): the harness's own scaling inside one client. */
    @Param({"1"})
    public int threads;

    /** Watched live ({@code --metrics-port}): each second sent as it closes, the operations in flight counted. */
    @Param({"false", "true"})
    public boolean live;

    private MixesRunner runner;

    @Setup
    public void setup() throws Exception {
        MixesPlan plan = new MixesOptions().with("--workload", workload, "--records", Integer.toString(RECORDS),
                "--field-count", "4", "--field-length", "10", "--concurrency", "128", "--ops", Integer.toString(OPS),
                "--load-concurrency", "128", "--warmup-ops", "0", "--warmup-max-s", "0", "--no-verify", "--threads",
                Integer.toString(threads)).plan();
        runner = new MixesRunner(new NoopStore(4, 10), plan, Watched.instruments(live));
    }

    /** One load of {@link #RECORDS} records and one phase of {@link #OPS} operations. */
    @Benchmark
    @OperationsPerInvocation(RECORDS + OPS)
    public CycleMeasurements loadAndRunPhase() {
        return runner.runCycle(0);
    }
}
