package dev.cqlbench.scenario.profile;

import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.runner.TimedBlock;
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

/**
 * A user's profile for one variant, as study 01 runs its operations: per cycle, O inserts (each the rows
 * cassandra-stress's insert draws: its partitions, their selected rows, one statement or one batch), read back row by
 * row through the same library and compared (untimed); then O of each query of the mix, bound with values of rows
 * this cycle wrote, every row returned compared with what was written. Every variant draws the same rows, round by
 * round (the same seed, the same rows, whatever the library); on a profile with a condition each draws its own (its
 * name is in their seeds), or an {@code IF NOT EXISTS} would find the rows of the library before it. Counters are
 * read before each cycle, so that they can be shared.
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
    private final ProfileChecks checks;
    private final LoadPhase load;

    public ProfileRunner(ProfileTable table, ProfilePlan plan, Instruments instruments) {
        this.table = table;
        this.plan = plan;
        this.instruments = instruments;
        this.profile = plan.profile();
        this.rows = new Rows(profile, plan.seed());
        // every library writes the same rows (a round's rows pair up); with a condition each its own, or the second
        // library's IF would find the first's rows
        this.stream = Rows.mix(plan.seed(), profile.insert().condition() == null ? 0
                : instruments.variant().hashCode());
        this.keyColumns = profile.primaryKey().size();
        this.checks = new ProfileChecks(table, plan, instruments);
        this.load = new LoadPhase(table, plan, rows, instruments, checks, stream);
    }

    @Override
    public void warmup() {
        if (plan.warmup() == 0) {
            return;
        }
        if (plan.loadMode()) {
            // the measured code itself: the mix, closed loop, until the JIT compiler is quiet
            JitQuietWarmup.run(instruments.warmupMillis(), instruments::stopped, round -> load.load(
                    new Tally(ProfilePlan.LOAD, WARMUP_CYCLE, load.kinds(), Tally.Options.CONCURRENT.warmup(), null),
                    WARMUP_CYCLE - round, 0, new Pace(plan.warmup(), 0, 0)));
            return;
        }
        JitQuietWarmup.run(instruments.warmupMillis(), instruments::stopped, round -> {
            Cycle cycle = new Cycle(WARMUP_CYCLE - round, plan.warmup());
            for (String operation : plan.operationLabels()) {
                // the read-back warms up too (a sample of it): its code would otherwise compile in the first rounds
                cycle.run(operation, Tally.of(operation, WARMUP_CYCLE, Tally.Options.ONE_AT_A_TIME.warmup(), null),
                        plan.verify(), false);
            }
        });
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return runCycle(cycle, true);
    }

    @Override
    public CycleMeasurements runCycle(int cycle, boolean everyRow) {
        if (plan.loadMode()) {
            return load.run(cycle);
        }
        Cycle work = new Cycle(cycle, plan.operations() * plan.repetitions());
        CycleMeasurements results = CycleMeasurements.NONE;
        if (!plan.mix().containsKey(Profile.INSERT)) {
            work.writeUntimed();
        }
        for (String operation : plan.operationLabels()) {
            Tally tally = Tally.of(operation, cycle, Tally.Options.ONE_AT_A_TIME, instruments.intervalLog());
            work.run(operation, tally, plan.verify(), everyRow);
            results = results.and(tally.total());
        }
        return results;
    }

    /** One cycle's inserts (drawn before anything is timed) and what they wrote. */
    private final class Cycle {
        private final int cycle;
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
            this.cycle = cycle;
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

        void run(String operation, Tally tally, boolean verify, boolean everyRow) {
            Checked checked = new Checked();
            TimedBlock<Slot> block = TimedBlock.of(tally, instruments, 1);
            if (operation.equals(Profile.INSERT)) {
                if (profile.counterTable()) {
                    countersBefore();
                }
                TimedBlock.Check ack = (i, ignored) -> {
                    acknowledged[(int) i] = true;
                    return null;
                };
                java.util.concurrent.atomic.AtomicReference<BatchRejectedException> rejected =
                        new java.util.concurrent.atomic.AtomicReference<>();
                for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
                    block.run(r, Pace.UNTIL_DONE, TimedBlock.items((long) r * plan.operations(), plan.operations(),
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
                    readBack(checked, tally, everyRow);
                }
            } else {
                Profile.Query query = profile.queries().get(operation);
                Object[] bound = new Object[prepared.length];
                for (int i = 0; i < bound.length; i++) {
                    try {
                        bound[i] = table.toBind(operation, checks.binds(query, inserts.get(i), Rows.mix(stream, ~(long) i)));
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot bind query " + operation + ": " + e.getMessage(), e);
                    }
                }
                TimedBlock.Check check = checked.counting((i, result) -> checks.judge(query, result, written,
                        acknowledged[(int) i]));
                for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
                    block.run(r, Pace.UNTIL_DONE, TimedBlock.items((long) r * plan.operations(), plan.operations(),
                            (i, done) -> done.accept(table.query(operation, bound[(int) i]), null), check));
                }
            }
            checked.countIn(tally);
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
         * Untimed: every row of every acknowledged insert ({@code everyRow}, and always on a counter table), or else
         * one row of one insert in {@link ScenarioRunner#SAMPLE_EVERY}, in turn, read back by primary key and compared
         * with what it must hold (on a counter table, once per key: its count before the cycle plus the cycle's
         * increments). One row, not the insert's every row: the sample then costs a tenth of the timed statements
         * whatever an insert writes (a time series of 5 to 20 rows an insert read back 125 rows a round for 100
         * timed inserts, a third of its round).
         */
        private void readBack(Checked checked, Tally tally, boolean everyRow) {
            java.util.Set<List<Object>> seen = new java.util.HashSet<>();
            boolean all = everyRow || profile.counterTable();
            for (int i = 0; i < prepared.length && !instruments.stopped(); i++) {
                if (!acknowledged[i] || !ScenarioRunner.sampled(i, cycle, all)) {
                    continue;
                }
                List<Object[]> insert = inserts.get(i);
                int one = Math.floorMod(cycle / ScenarioRunner.SAMPLE_EVERY + i, insert.size());
                for (int r = 0; r < insert.size(); r++) {
                    if (!all && r != one) {
                        continue;
                    }
                    List<Object> key = Arrays.asList(rows.primaryKey(insert.get(r)));
                    Object[] expected = written.get(key);
                    if (expected == null || !seen.add(key)) {
                        continue; // a count no one knows, or a row already read back
                    }
                    checks.readBackRow(key, expected, true, checked, wrong -> tally.error(0, wrong, 1));
                }
            }
        }
    }

}
