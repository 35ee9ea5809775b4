package dev.cqlbench.scenario.writes;

import dev.cqlbench.result.Block;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.RunListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The runner's own logic (timing sections, acknowledgement, read-back comparison, rejection) over an in-memory
 * table; the driver 4 binding is tested against a real Cassandra in Driver4RowWriterIT.
 */
class WritesRunnerTest {

    /** A table in memory, keyed by (sensor, ts); it can be told to lose one row or refuse batches. */
    static final class MemoryTable implements RowWriter {
        final Map<String, double[]> rows = new ConcurrentHashMap<>();
        final List<Integer> batchSizes = new ArrayList<>();
        long loseTs = -1;
        int maxBatch = Integer.MAX_VALUE;

        private void put(Rows d, int i) {
            if (d.tsMillis(i) != loseTs) {
                rows.put(d.sensor(i) + "/" + d.tsMillis(i), new double[] {d.sensor(i), d.tsMillis(i), d.value(i)});
            }
        }

        @Override
        public CompletionStage<Void> insert(Rows rows, int i) {
            put(rows, i);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public synchronized CompletionStage<Void> batch(Rows rows, int[] indices, int count, boolean logged) {
            if (count > maxBatch) {
                return CompletableFuture.failedFuture(new BatchRejectedException("Batch too large"));
            }
            batchSizes.add(count);
            for (int k = 0; k < count; k++) {
                put(rows, indices[k]);
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public List<int[]> groupByReplicaSet(Rows rows, int from, int to) {
            // two "replica sets": even and odd sensors
            List<Integer> even = new ArrayList<>();
            List<Integer> odd = new ArrayList<>();
            for (int i = from; i < to; i++) {
                (rows.sensor(i) % 2 == 0 ? even : odd).add(i);
            }
            return List.of(even.stream().mapToInt(Integer::intValue).toArray(),
                    odd.stream().mapToInt(Integer::intValue).toArray());
        }

        @Override
        public void truncate() {
            rows.clear();
        }

        @Override
        public void scan(RowVisitor visitor) {
            rows.values().forEach(r -> visitor.row((long) r[0], (long) r[1], r[2]));
        }
    }

    private static WritesPlan plan() {
        return new WritesOptions().with("--writes", "1000", "--batch-size", "100", "--window", "50",
                "--batch-concurrency", "2", "--locality", "0,80", "--repetitions", "2", "--cycles", "1",
                "--warmup-writes", "200", "--seed", "9").plan();
    }

    private static final class Sections implements RunListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void timedSection(int cycle, String operation, int repetition, boolean begin) {
            events.add((begin ? "begin " : "end ") + operation + " r" + repetition);
        }
    }

    /** Three clients' barrier in one process: every step waits for all three; client 0 empties the table. */
    private static final class ThreeClients implements dev.cqlbench.runner.Barrier {
        final java.util.concurrent.CyclicBarrier all = new java.util.concurrent.CyclicBarrier(3);
        final List<String> steps = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public long await(String step) {
            steps.add(step);
            try {
                all.await(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return System.currentTimeMillis();
        }
    }

    @ParameterizedTest
    @EnumSource(WritePattern.class)
    void threeClientsWriteEveryRowOnceAndEachChecksItsOwn(WritePattern pattern) throws Exception {
        MemoryTable table = new MemoryTable();
        ThreeClients barrier = new ThreeClients();
        List<CycleMeasurements> results = new ArrayList<>();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            WritesPlan plan = new WritesOptions().with("--writes", "1000", "--batch-size", "100", "--window", "50",
                    "--batch-concurrency", "2", "--locality", "0,80", "--repetitions", "2", "--cycles", "1",
                    "--warmup-writes", "200", "--seed", "9", "--client", i + "/3", "--start-at", "1795600800").plan();
            results.add(null);
            int index = i;
            WritesRunner runner = new WritesRunner(table, plan, pattern, Instruments.quiet("w").withBarrier(barrier));
            clients.add(new Thread(() -> {
                runner.warmup();
                results.set(index, runner.runCycle(0));
            }));
        }
        clients.forEach(Thread::start);
        for (Thread t : clients) {
            t.join(60_000);
        }
        // windows of 100 rows dealt in turn: 0,3,6,9 | 1,4,7 | 2,5,8 → 400, 300, 300 rows per repetition
        List<Long> perRepetition = List.of(400L, 300L, 300L);
        for (int c = 0; c < 3; c++) {
            for (OperationDistribution cell : results.get(c).distributions()) {
                assertThat(cell.errors()).isZero();
                assertThat(results.get(c).blocks()).filteredOn(Block::operation, cell.operation())
                        .extracting(Block::operations).containsExactly(perRepetition.get(c), perRepetition.get(c));
                assertThat(cell.counts().verification().checked()).as("each checks its own rows")
                        .isEqualTo(2 * perRepetition.get(c));
                assertThat(cell.counts().rowsUnacknowledged()).isZero();
                assertThat(cell.stateDigest() != null).as("only client 0 names the table's contents").isEqualTo(c == 0);
            }
        }
        // the whole table at the end is the one-client table: its digest is what one client alone leaves
        WritesRunner alone = new WritesRunner(new MemoryTable(), plan(), pattern, Instruments.quiet("w"));
        List<OperationDistribution> one = alone.runCycle(0).distributions();
        for (int cell = 0; cell < 2; cell++) {
            assertThat(results.get(0).distributions().get(cell).stateDigest()).isEqualTo(one.get(cell).stateDigest());
        }
        assertThat(table.rows).hasSize(1000);
        assertThat(barrier.steps).contains("c1-locality-0-r1-ready", "c1-locality-0-r1-emptied",
                "c1-locality-0-r1-written", "c1-locality-80-r2-written").hasSize(3 * 2 * 2 * 3);
    }

    @ParameterizedTest
    @EnumSource(WritePattern.class)
    void everyPatternWritesEveryRowAndVerifiesIt(WritePattern pattern) {
        MemoryTable table = new MemoryTable();
        Sections sections = new Sections();
        WritesRunner runner = new WritesRunner(table, plan(), pattern, Instruments.quiet("w").listening(sections));
        runner.warmup();
        CycleMeasurements measured = runner.runCycle(0);
        List<OperationDistribution> cycles = measured.distributions();
        assertThat(cycles).extracting(OperationDistribution::operation).containsExactly("locality-0", "locality-80");
        assertThat(measured.blocks()).extracting(Block::operation)
                .containsExactly("locality-0", "locality-0", "locality-80", "locality-80");
        for (OperationDistribution c : cycles) {
            assertThat(c.count()).isEqualTo(2000);
            assertThat(c.errors()).isZero();
            assertThat(measured.blocks()).filteredOn(Block::operation, c.operation()).extracting(Block::operations)
                    .containsExactly(1000L, 1000L);
            assertThat(c.counts().verification().checked()).isEqualTo(2000L);
            assertThat(c.stateDigest()).startsWith("c1:");
            long requests = c.counts().requests();
            switch (pattern) {
                case ASYNC -> assertThat(requests).isEqualTo(2000);
                case TOKEN_AWARE_BATCH -> assertThat(requests).isBetween(20L, 40L);
                default -> assertThat(requests).isEqualTo(20);
            }
        }
        assertThat(sections.events).containsExactly("begin locality-0 r0", "end locality-0 r0", "begin locality-0 r1",
                "end locality-0 r1", "begin locality-80 r0", "end locality-80 r0", "begin locality-80 r1",
                "end locality-80 r1");
        // the same rows whatever the pattern: same digests
        WritesRunner other = new WritesRunner(new MemoryTable(), plan(), WritePattern.ASYNC, Instruments.quiet("w"));
        assertThat(other.runCycle(0).distributions()).extracting(OperationDistribution::stateDigest)
                .isEqualTo(cycles.stream().map(OperationDistribution::stateDigest).toList());
    }

    @Test
    void aLostRowFailsItsCellLoudly() {
        MemoryTable table = new MemoryTable();
        WritesPlan plan = plan();
        table.loseTs = plan.data(80, 0, 1).tsMillis(17);
        List<OperationDistribution> cycles = new WritesRunner(table, plan, WritePattern.UNLOGGED_BATCH,
                Instruments.quiet("w")).runCycle(0).distributions();
        assertThat(cycles.get(0).errors()).isZero();
        assertThat(cycles.get(1).errorsByKind()).containsEntry(ErrorCounts.ROW_MISSING, 1L);
        assertThat(cycles.get(1).stateDigest()).isNull();
    }

    @Test
    void aRejectedBatchStopsThePatternWithAClearReason() {
        MemoryTable table = new MemoryTable();
        table.maxBatch = 50;
        WritesRunner runner = new WritesRunner(table, plan(), WritePattern.LOGGED_BATCH, Instruments.quiet("w"));
        assertThatThrownBy(runner::warmup).isInstanceOf(BatchRejectedException.class)
                .hasMessageContaining("rejected a LOGGED batch of up to 100 rows")
                .hasMessageContaining("--batch-size-fail-threshold");
        // token-aware groups are smaller than B: at 80% locality they may fit
        table.maxBatch = 100;
        assertThat(new WritesRunner(table, plan(), WritePattern.TOKEN_AWARE_BATCH, Instruments.quiet("w"))
                .runCycle(0).distributions()).allMatch(c -> c.errors() == 0);
        assertThat(table.batchSizes).allMatch(n -> n <= 100);
    }
}
