package dev.cqlbench.scenario.profile;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.profile.Rows;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile's load mode for one variant, cassandra-stress's way: one phase of the mix per cycle (see
 * {@link ProfileRunner}, which runs it).
 */
final class LoadPhase {

    private final ProfileTable table;
    private final ProfilePlan plan;
    private final Profile profile;
    private final Rows rows;
    private final Instruments instruments;
    private final ProfileChecks checks;
    /** This variant's stream of partitions (its name is in it). */
    private final long stream;

    LoadPhase(ProfileTable table, ProfilePlan plan, Rows rows, Instruments instruments, ProfileChecks checks,
              long stream) {
        this.table = table;
        this.plan = plan;
        this.profile = plan.profile();
        this.rows = rows;
        this.instruments = instruments;
        this.checks = checks;
        this.stream = stream;
    }

    List<String> kinds() {
        return plan.operationNames().stream().map(ProfilePlan::kindLabel).toList();
    }

    /**
     * Load mode: one phase of the mix, its operations drawn by their ratios by the plan's threads (each its own
     * partitions: this client's, this thread's), closed loop or at this client's share of the rate, for the phase's
     * length or its share of the count. Drawing an insert's rows and making what the library writes from them are
     * inside each insert's time here (there is no pool: a phase's inserts are not known in advance). After the
     * phase, untimed, each thread's latest inserts are read back and compared.
     */
    CycleMeasurements run(int cycle) {
        ProfilePlan.Load load = plan.load();
        dev.cqlbench.run.ClientShard client = plan.client();
        Tally tally = new Tally(ProfilePlan.LOAD, cycle, kinds(), Tally.Options.CONCURRENT.openLoop(load.rate() > 0)
                .withTimeline(), instruments.intervalLog());
        List<LoadThread> threads = new ArrayList<>();
        long start = dev.cqlbench.scenario.mixes.MixesPlan.commonStart(client, instruments, ProfilePlan.LOAD + "-"
                + cycle);
        for (int r = 0; r < plan.repetitions() && !instruments.stopped(); r++) {
            threads = load(tally, cycle, r, new Pace(client.share(load.count()), load.durationMillis(),
                    client.rate(load.rate()), client.phase(), dev.cqlbench.scenario.mixes.MixesPlan.startOf(start,
                    load.durationMillis(), r)));
        }
        if (plan.verify() && !instruments.stopped()) {
            Checked checked = new Checked();
            for (LoadThread thread : threads) {
                thread.readBack(checked, tally);
            }
            checked.countIn(tally);
        }
        CycleMeasurements out = tally.total();
        for (int k = 0; k < plan.operationNames().size(); k++) {
            out = out.and(tally.kind(k));
        }
        return out;
    }

    List<LoadThread> load(Tally tally, int cycle, int repetition, Pace pace) {
        List<LoadThread> threads = new ArrayList<>();
        for (int t = 0; t < plan.load().threads(); t++) {
            threads.add(new LoadThread(Rows.mix(Rows.mix(Rows.mix(stream, plan.client().index()), cycle),
                    Rows.mix(repetition, t))));
        }
        TimedBlock.of(tally, instruments, plan.load().threads(), LoadSlot::new).runSplit(repetition, pace, threads,
                outcome -> { });
        return threads;
    }

    /** A load operation in flight: the rows it wrote or reads. */
    static final class LoadSlot extends Slot {
        List<Object[]> rows;
        boolean written;
    }

    /** One dispatching thread of a load phase: its operations drawn by the mix's ratios, its own partitions. */
    private final class LoadThread implements TimedBlock.Dispatcher<LoadSlot> {
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
            slot.accept(table.query(ops[k], table.toBind(ops[k], checks.binds(query, slot.rows, random.nextLong()))), null);
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
            // before this thread's first insert a query reads a partition never inserted (an UPDATE of the mix may
            // have made part of a row there): nothing of it is known, so nothing is judged
            Map<List<Object>, Object[]> expected = new HashMap<>();
            if (slot.written) {
                slot.rows.forEach(row -> expected.put(Arrays.asList(rows.primaryKey(row)), row));
            }
            return checks.judge(profile.queries().get(ops[slot.kind]), result, expected, slot.written);
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
                    checks.readBackRow(key, row, false, checked, wrong -> tally.errorOfAll(wrong, 1));
                }
            }
        }
    }

}
