package dev.cqlbench.scenario.profile;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.runner.Block;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.JitQuietWarmup;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A user's profile for one variant, as study 01 runs its operations: per cycle, O inserts (each the rows
 * cassandra-stress's insert draws: its partitions, their selected rows, one statement or one batch), read back row by
 * row through the same library and compared (untimed); then O of each query of the mix, bound with values of rows
 * this cycle wrote, every row returned compared with what was written. Each variant draws its own partitions (its
 * name is in their seeds: an {@code IF NOT EXISTS} or a counter would otherwise see another library's rows); the same
 * seed draws the same rows again.
 */
public final class ProfileRunner implements ScenarioRunner {

    /** The stream of rows the warm-up writes (never a measured cycle's). */
    static final int WARMUP_CYCLE = -1;

    private final ProfileTable table;
    private final ProfilePlan plan;
    private final Instruments instruments;
    private final Rows rows;
    private final Profile profile;
    private final long stream;
    private final int keyColumns;

    public ProfileRunner(ProfileTable table, ProfilePlan plan, Instruments instruments) {
        this.table = table;
        this.plan = plan;
        this.instruments = instruments;
        this.profile = plan.profile();
        this.rows = new Rows(profile, plan.seed());
        this.stream = Rows.mix(plan.seed(), instruments.variant().hashCode());
        this.keyColumns = profile.primaryKey().size();
    }

    @Override
    public void warmup() {
        if (plan.warmupOps() == 0) {
            return;
        }
        if (plan.loadMode()) {
            // the measured code itself: the mix, closed loop, until the JIT compiler is quiet
            JitQuietWarmup.run(Defaults.JIT_QUIET_WARMUP_MAX_MILLIS, instruments::stopped, round -> load(
                    new Tally(ProfilePlan.LOAD, WARMUP_CYCLE, kinds(), Tally.Options.CONCURRENT.warmup(), null),
                    WARMUP_CYCLE - round, 0, new Pace(plan.warmupOps(), 0, 0)));
            return;
        }
        JitQuietWarmup.run(Defaults.JIT_QUIET_WARMUP_MAX_MILLIS, instruments::stopped, round -> {
            Cycle cycle = new Cycle(WARMUP_CYCLE - round, plan.warmupOps());
            for (String operation : plan.operationLabels()) {
                cycle.run(operation, Tally.of(operation, WARMUP_CYCLE, Tally.Options.ONE_AT_A_TIME.warmup(), null),
                        false);
            }
        });
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        if (plan.loadMode()) {
            return loadPhase(cycle);
        }
        Cycle work = new Cycle(cycle, plan.operations() * plan.repetitions());
        List<OperationCycle> results = new ArrayList<>();
        if (!plan.mix().containsKey(Profile.INSERT)) {
            work.writeUntimed();
        }
        for (String operation : plan.operationLabels()) {
            Tally tally = Tally.of(operation, cycle, Tally.Options.ONE_AT_A_TIME, instruments.intervalLog());
            work.run(operation, tally, plan.verify());
            results.add(tally.total().build());
        }
        return results;
    }

    private List<String> kinds() {
        return plan.operationNames().stream().map(ProfilePlan::kindLabel).toList();
    }

    /**
     * Load mode: one phase of the mix, its operations drawn by their ratios by the plan's threads (each its own
     * partitions: this client's, this thread's), closed loop or at this client's share of the rate, for the phase's
     * length or its share of the count. Drawing an insert's rows and making what the library writes from them are
     * inside each insert's time here (there is no pool: a phase's inserts are not known in advance). After the
     * phase, untimed, each thread's latest inserts are read back and compared.
     */
    private List<OperationCycle> loadPhase(int cycle) {
        ProfilePlan.Load load = plan.load();
        dev.cqlbench.run.ClientShard client = plan.client();
        Tally tally = new Tally(ProfilePlan.LOAD, cycle, kinds(), Tally.Options.CONCURRENT.openLoop(load.rate() > 0)
                .withTimeline(), instruments.intervalLog());
        List<LoadThread> threads = new ArrayList<>();
        for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
            threads = load(tally, cycle, r, new Pace(client.share(load.count()), load.durationMillis(),
                    client.rate(load.rate()), client.phase(), dev.cqlbench.scenario.mixes.MixesPlan.startOf(client,
                    load.durationMillis(), r)));
        }
        if (plan.verify() && !instruments.stopped()) {
            Checked checked = new Checked();
            for (LoadThread thread : threads) {
                thread.readBack(checked, tally);
            }
            checked.noteIn(tally);
        }
        List<OperationCycle> out = new ArrayList<>(List.of(tally.total().build()));
        for (int k = 0; k < plan.operationNames().size(); k++) {
            out.add(tally.kind(k).build());
        }
        return out;
    }

    private List<LoadThread> load(Tally tally, int cycle, int repetition, Pace pace) {
        List<LoadThread> threads = new ArrayList<>();
        for (int t = 0; t < plan.load().threads(); t++) {
            threads.add(new LoadThread(Rows.mix(Rows.mix(Rows.mix(stream, plan.client().index()), cycle),
                    Rows.mix(repetition, t))));
        }
        Block.of(tally, instruments, plan.load().threads(), LoadSlot::new).runSplit(repetition, pace, threads,
                outcome -> { });
        return threads;
    }

    /** A load operation in flight: the rows it wrote or reads. */
    static final class LoadSlot extends Slot {
        List<Object[]> rows;
        boolean written;
    }

    /** One dispatching thread of a load phase: its operations drawn by the mix's ratios, its own partitions. */
    private final class LoadThread implements Block.Dispatcher<LoadSlot> {
        /** This thread's latest inserts (their seeds), which its queries read and the read-back checks. */
        static final int RECENT = 1024;

        private final long threadStream;
        private final java.util.SplittableRandom random;
        private final String[] ops;
        private final double[] cumulative;
        private final long[] recent = new long[RECENT];
        private long inserted;

        LoadThread(long threadStream) {
            this.threadStream = threadStream;
            this.random = new java.util.SplittableRandom(threadStream);
            List<String> names = plan.operationNames();
            this.ops = names.toArray(String[]::new);
            this.cumulative = new double[ops.length];
            double total = names.stream().mapToInt(plan.mix()::get).sum();
            double sum = 0;
            for (int k = 0; k < ops.length; k++) {
                sum += plan.mix().get(ops[k]) / total;
                cumulative[k] = sum;
            }
        }

        @Override
        public boolean issue(LoadSlot slot) throws Exception {
            double u = random.nextDouble();
            int k = 0;
            while (k < ops.length - 1 && u >= cumulative[k]) {
                k++;
            }
            slot.kind = k;
            if (ops[k].equals(Profile.INSERT)) {
                long seed = Rows.mix(threadStream, inserted);
                slot.rows = rows.insert(seed);
                slot.written = true;
                table.write(table.toWrite(slot.rows));
                recent[(int) (inserted++ % RECENT)] = seed;
                slot.accept(null, null);
                return true;
            }
            // a query reads one of this thread's latest inserts (a partition never written before the first)
            long seed = inserted == 0 ? Rows.mix(threadStream, -1)
                    : recent[(int) (random.nextLong(Math.min(inserted, RECENT)))];
            slot.rows = rows.insert(seed);
            slot.written = inserted > 0;
            Profile.Query query = profile.queries().get(ops[k]);
            slot.accept(table.query(ops[k], table.toBind(ops[k], binds(query, slot.rows, random.nextLong()))), null);
            return true;
        }

        @Override
        public String settle(LoadSlot slot, Object result, Throwable failure) {
            if (failure != null) {
                return ErrorCounts.kindOf(failure);
            }
            if (ops[slot.kind].equals(Profile.INSERT)) {
                return null;
            }
            Map<List<Object>, Object[]> expected = new HashMap<>();
            slot.rows.forEach(row -> expected.put(Arrays.asList(rows.primaryKey(row)), row));
            return judge(profile.queries().get(ops[slot.kind]), result, expected, slot.written);
        }

        /** Untimed: the rows of this thread's latest inserts read back and compared (not a counter's count). */
        void readBack(Checked checked, Tally tally) {
            java.util.Set<List<Object>> seen = new java.util.HashSet<>();
            for (long n = Math.max(0, inserted - RECENT); n < inserted && !instruments.stopped(); n++) {
                for (Object[] row : rows.insert(recent[(int) (n % RECENT)])) {
                    List<Object> key = Arrays.asList(rows.primaryKey(row));
                    if (!seen.add(key)) {
                        continue;
                    }
                    Map<String, Object> got;
                    try {
                        got = table.read(key.toArray());
                    } catch (Exception e) {
                        checked.unverifiable();
                        continue;
                    }
                    instruments.liveness().completed();
                    Map<String, Object> want = rows.named(row);
                    if (got != null && profile.counterTable()) {
                        profile.columns().stream().filter(c -> !c.key()).forEach(c -> want.put(c.name(),
                                got.get(c.name())));
                    }
                    String wrong = got == null ? ErrorCounts.ROW_MISSING : want.equals(got) ? null
                            : ErrorCounts.ROW_WRONG;
                    checked.compared(wrong != null);
                    if (wrong != null) {
                        tally.errorOfAll(wrong, 1);
                    }
                }
            }
        }
    }

    /** One cycle's inserts (drawn before anything is timed) and what they wrote. */
    private final class Cycle {
        private final List<List<Object[]>> inserts = new ArrayList<>();
        private final Object[] prepared;
        private final boolean[] acknowledged;
        /**
         * Every row this cycle writes, by primary key, as a read must find it: the row written; on a counter table
         * the counters it held before the cycle (read untimed) plus this cycle's acknowledged increments.
         */
        private final Map<List<Object>, Object[]> written = new HashMap<>();
        /** Counter tables: keys an insert that failed touched (their counts are unknown). */
        private final java.util.Set<List<Object>> unknown = new java.util.HashSet<>();

        Cycle(int cycle, int n) {
            prepared = new Object[n];
            acknowledged = new boolean[n];
            for (int i = 0; i < n; i++) {
                List<Object[]> insert = rows.insert(Rows.mix(Rows.mix(stream, cycle), i));
                inserts.add(insert);
                for (Object[] row : insert) {
                    written.put(Arrays.asList(rows.primaryKey(row)), row);
                }
                try {
                    prepared[i] = table.toWrite(insert);
                } catch (Exception e) {
                    throw new IllegalStateException("cannot prepare the rows of insert " + i + ": " + e.getMessage(),
                            e);
                }
            }
        }

        void run(String operation, Tally tally, boolean verify) {
            Checked checked = new Checked();
            Block<Slot> block = Block.of(tally, instruments, 1);
            if (operation.equals(Profile.INSERT)) {
                if (profile.counterTable()) {
                    countersBefore();
                }
                Block.Check ack = (i, ignored) -> {
                    acknowledged[(int) i] = true;
                    return null;
                };
                java.util.concurrent.atomic.AtomicReference<BatchRejectedException> rejected =
                        new java.util.concurrent.atomic.AtomicReference<>();
                for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
                    block.run(r, Pace.UNTIL_DONE, Block.items((long) r * plan.operations(), plan.operations(),
                            (i, done) -> {
                                try {
                                    table.write(prepared[(int) i]);
                                } catch (BatchRejectedException e) {
                                    rejected.compareAndSet(null, e);
                                    throw e;
                                }
                                done.accept(null, null);
                            }, ack));
                }
                if (rejected.get() != null) {
                    // the profile's inserts do not fit the cluster: its measurements would be of failures
                    throw new BatchRejectedException("Cassandra rejected an insert's batch of up to "
                            + Math.round(Features.rowsPerInsertMax(profile)) + " rows (server said: "
                            + rejected.get().getMessage() + "): lower the profile's partitions or select, or raise "
                            + "the cluster's batch_size_fail_threshold (nodes cqlbench starts: "
                            + "--batch-size-fail-threshold KIB)");
                }
                if (profile.counterTable()) {
                    countersWritten();
                }
                if (verify) {
                    readBack(checked, tally);
                }
            } else {
                Profile.Query query = profile.queries().get(operation);
                Object[] bound = new Object[prepared.length];
                for (int i = 0; i < bound.length; i++) {
                    try {
                        bound[i] = table.toBind(operation, binds(query, inserts.get(i), Rows.mix(stream, ~(long) i)));
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot bind query " + operation + ": " + e.getMessage(), e);
                    }
                }
                Block.Check check = checked.counting((i, result) -> judge(query, result, written, acknowledged[(int) i]));
                for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
                    block.run(r, Pace.UNTIL_DONE, Block.items((long) r * plan.operations(), plan.operations(),
                            (i, done) -> done.accept(table.query(operation, bound[(int) i]), null), check));
                }
            }
            checked.noteIn(tally);
        }

        /** Counter tables, untimed, before the inserts: each key's counters as they are (0 for a new row). */
        private void countersBefore() {
            for (Map.Entry<List<Object>, Object[]> entry : written.entrySet()) {
                Object[] before = entry.getValue().clone();
                Map<String, Object> got;
                try {
                    got = table.read(entry.getKey().toArray());
                } catch (Exception e) {
                    got = null;
                    unknown.add(entry.getKey());
                }
                for (int c = keyColumns; c < before.length; c++) {
                    Object value = got == null ? null : got.get(profile.columns().get(c).name());
                    before[c] = value == null ? 0L : value;
                }
                entry.setValue(before);
            }
        }

        /** Counter tables, untimed, after the inserts: what each key must now count. */
        private void countersWritten() {
            for (int i = 0; i < inserts.size(); i++) {
                for (Object[] row : inserts.get(i)) {
                    List<Object> key = Arrays.asList(rows.primaryKey(row));
                    if (!acknowledged[i]) {
                        unknown.add(key);
                        continue;
                    }
                    Object[] expected = written.get(key);
                    for (int c = keyColumns; c < row.length; c++) {
                        expected[c] = (Long) expected[c] + (Long) row[c];
                    }
                }
            }
            unknown.forEach(written::remove);
        }

        /** Writes every insert, untimed, for a mix of queries only. */
        void writeUntimed() {
            if (profile.counterTable()) {
                countersBefore();
            }
            for (int i = 0; i < prepared.length && !instruments.stopped(); i++) {
                try {
                    table.write(prepared[i]);
                    acknowledged[i] = true;
                } catch (Exception e) {
                    // a query on it will find it missing, and say so
                }
            }
            if (profile.counterTable()) {
                countersWritten();
            }
        }

        /**
         * Untimed: every row of every acknowledged insert, read back by primary key and compared with what it must
         * hold (on a counter table, once per key: its count before the cycle plus the cycle's increments).
         */
        private void readBack(Checked checked, Tally tally) {
            java.util.Set<List<Object>> seen = new java.util.HashSet<>();
            for (int i = 0; i < prepared.length && !instruments.stopped(); i++) {
                if (!acknowledged[i]) {
                    continue;
                }
                for (Object[] row : inserts.get(i)) {
                    List<Object> key = Arrays.asList(rows.primaryKey(row));
                    Object[] expected = written.get(key);
                    if (expected == null || !seen.add(key)) {
                        continue; // a count no one knows, or a row already read back
                    }
                    Map<String, Object> got;
                    try {
                        got = table.read(key.toArray());
                    } catch (Exception e) {
                        checked.unverifiable();
                        continue;
                    }
                    instruments.liveness().completed();
                    String wrong = got == null ? ErrorCounts.ROW_MISSING
                            : rows.named(expected).equals(got) ? null : ErrorCounts.ROW_WRONG;
                    checked.compared(wrong != null);
                    if (wrong != null) {
                        tally.error(0, wrong, 1);
                    }
                }
            }
        }
    }

    /**
     * The values a query's markers take: from one row of {@code insert} ({@code samerow}), or each from a row of
     * that row's partition ({@code multirow}), drawn with {@code seed}.
     */
    private Object[] binds(Profile.Query query, List<Object[]> insert, long seed) {
        Object[] row = insert.get((int) Math.floorMod(seed, insert.size()));
        List<Object[]> partition = query.fields().equals("samerow") ? List.<Object[]>of(row) : sameKey(insert, row);
        Object[] values = new Object[query.binds().size()];
        for (int b = 0; b < values.length; b++) {
            Object[] from = partition.get((int) Math.floorMod(Rows.mix(seed, b), partition.size()));
            values[b] = from[column(query.binds().get(b))];
        }
        return values;
    }

    /** The rows of {@code insert} in {@code row}'s partition. */
    private List<Object[]> sameKey(List<Object[]> insert, Object[] row) {
        int partitionColumns = profile.partitionKey().size();
        return insert.stream().filter(r -> Arrays.equals(Arrays.copyOf(r, partitionColumns),
                Arrays.copyOf(row, partitionColumns))).toList();
    }

    /**
     * A query's result: every row with the whole primary key selected that is one of {@code expected} must be it,
     * value for value in what it selects ({@code values}: false on a counter table under load, whose counts no one
     * knows); a query that binds the whole primary key with = must find its row when {@code mustFind}.
     */
    private String judge(Profile.Query query, Object result, Map<List<Object>, Object[]> expected, boolean mustFind) {
        if (!query.select()) {
            return null;
        }
        List<Map<String, Object>> found = table.rows(result);
        boolean wholeKey = query.fields().equals("samerow") && profile.primaryKey().stream()
                .allMatch(c -> query.binds().contains(c.name()));
        if (found.isEmpty()) {
            return wholeKey && mustFind ? ErrorCounts.READ_MISSING : null;
        }
        boolean keySelected = profile.primaryKey().stream().allMatch(c -> query.selected().contains(c.name()));
        if (!keySelected) {
            return null;
        }
        boolean values = !(plan.loadMode() && profile.counterTable());
        for (Map<String, Object> got : found) {
            Object[] key = new Object[keyColumns];
            for (int k = 0; k < keyColumns; k++) {
                key[k] = got.get(profile.columns().get(k).name());
            }
            Object[] row = expected.get(Arrays.asList(key));
            if (row == null) {
                continue; // a row of another cycle, thread or library: not this one's to judge
            }
            for (String column : query.selected()) {
                boolean counted = profile.column(column).type().equals("counter");
                if ((values || !counted) && !Objects.equals(row[column(column)], got.get(column))) {
                    return ErrorCounts.READ_MISMATCH;
                }
            }
        }
        return null;
    }

    private int column(String name) {
        return profile.indexOf(name);
    }
}
