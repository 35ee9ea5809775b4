package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.JitQuietWarmup;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import dev.cqlbench.runner.Untimed;
import dev.cqlbench.scenario.mixes.MixesPlan.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Study 05 for one target: per workload, load then run at each concurrency, closed or open loop. Every read is
 * checked (the record exists, every field has its length); errors are counted by kind, never dropped; a
 * per-second timeline of throughput and latency is kept for every run phase. With {@code verify}, what each
 * record must hold is tracked as it is written, and after a workload's last phase every record is read back and
 * compared field by field (untimed).
 *
 * <p>The timed path allocates nothing per operation: rows come from a pool built up front ({@link FieldPool}), keys are
 * record numbers (the binding makes the key), and each in-flight operation lives in a slot the block reuses.
 */
public final class MixesRunner implements ScenarioRunner {

    private final KeyValueStore store;
    private final MixesPlan plan;
    private final Instruments instruments;
    private final FieldPool values;

    public MixesRunner(KeyValueStore store, MixesPlan plan, Instruments instruments) {
        this.store = store;
        this.plan = plan;
        this.instruments = instruments;
        // (the workloads agree on what shapes the table's values: MixesOptions)
        this.values = new FieldPool(plan.seed(), plan.fieldCount(), plan.fieldLength(),
                plan.workloads().get(0).fieldLengths());
    }

    /**
     * Runs the workloads as they will be measured, through the same code: up to {@code warmupOps} records loaded,
     * then {@code warmupOps} operations of each mix at the highest concurrency, closed loop. Then more rounds (a
     * quarter of that each) while the JIT compiler is still busy, up to {@code warmupMaxMillis}. The table is emptied
     * at the end; nothing of it is kept.
     */
    @Override
    public void warmup() {
        if (plan.warmup() == 0) {
            return;
        }
        int concurrency = plan.concurrencies().stream().mapToInt(Integer::intValue).max().orElse(1);
        truncate();
        KeyMap map = KeyMap.warmup(plan.client(), plan.workloads().stream().mapToLong(Workload::recordCount).max()
                .orElse(1), plan.warmup());
        long records = map.loaded();
        Tally load = Tally.of("warmup", -1, Tally.Options.CONCURRENT.warmup(), null);
        loadRecords(load, map, null, new Keys(0));
        JitQuietWarmup.run(plan.warmupMaxMillis(), instruments::stopped, round -> {
            long ops = round == 0 ? plan.warmup() : Math.max(10_000, plan.warmup() / 4);
            for (Workload w : plan.workloads()) {
                if (!instruments.stopped()) {
                    List<Op> kinds = MixesPlan.ops(w);
                    Tally tally = new Tally("warmup", -1, labels("warmup", kinds), Tally.Options.CONCURRENT.warmup(),
                            null);
                    runPhase(tally, 0, concurrency, new Mix.Shared(w, kinds, new Keys(records), map, null),
                            new Pace(ops, 0, 0));
                }
            }
        });
        truncate();
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return instruments.each(plan.workloads(), w -> workload(cycle, w));
    }

    /**
     * One workload: the table emptied and loaded (this client's slice of it, when clients share the workload), then
     * the mix at each concurrency; the load's result first.
     */
    private CycleMeasurements workload(int cycle, Workload w) {
        truncate();
        Expected expected = plan.verify() ? new Expected(plan.fieldCount()) : null;
        Keys keys = new Keys(w.recordCount());
        KeyMap map = KeyMap.of(plan.client(), w.recordCount());
        Tally load = Tally.of(MixesPlan.loadLabel(w.name()), cycle, Tally.Options.CONCURRENT,
                instruments.intervalLog());
        loadRecords(load, map, expected, keys);
        CycleMeasurements phases = instruments.each(plan.concurrencies(),
                concurrency -> run(cycle, w, concurrency, keys, map, expected));
        if (expected != null && !instruments.stopped()) {
            readBack(load, keys, map, expected); // differences found count as the load's errors
        }
        return load.total().and(phases);
    }

    /**
     * Inserts this client's loaded records ({@code map}), {@link MixesPlan#loadConcurrency()} at a time, each with the
     * pool's row of its number; what each must hold goes to {@code expected} (if any; unknown where other clients
     * write it too), and those whose insert failed to {@code keys}: they may or may not be there, so neither read
     * checks nor the read-back expect them.
     */
    private void loadRecords(Tally tally, KeyMap map, Expected expected, Keys keys) {
        long from = map.own();
        long to = from + map.ownCount();
        if (expected != null) {
            for (long k = from; k < to; k++) {
                if (map.shared(k)) {
                    expected.unknownRow(k);
                } else {
                    expected.setRow(k, values.rowIndexes(map.table(k)));
                }
            }
        }
        TimedBlock.of(tally, instruments, plan.loadConcurrency()).run(0, Pace.UNTIL_DONE, new TimedBlock.Dispatcher<>() {
            private long next = from;

            @Override
            public boolean issue(Slot slot) {
                if (next >= to) {
                    return false;
                }
                slot.item = next++;
                long table = map.table(slot.item);
                store.insert(table, values.row(table), slot);
                return true;
            }

            @Override
            public String settle(Slot slot, Object result, Throwable failure) {
                if (failure == null) {
                    return null;
                }
                keys.fail(slot.item);
                return ErrorCounts.kindOf(failure);
            }
        });
    }

    private CycleMeasurements run(int cycle, Workload w, int concurrency, Keys keys, KeyMap map,
                                Expected expected) {
        String phase = MixesPlan.label(w.name(), concurrency);
        List<Op> ops = MixesPlan.ops(w);
        Tally tally = new Tally(phase, cycle, labels(phase, ops), Tally.Options.CONCURRENT
                .openLoop(plan.openLoop()).withTimeline(), instruments.intervalLog());
        ClientShard client = plan.client();
        if (client.startAtMillis() > 0 && System.currentTimeMillis() > client.startAtMillis()) {
            throw new IllegalStateException(String.format("client %d/%d was ready %.1f s after --start-at %s: give "
                    + "the clients time to start, warm up and load", client.index(), client.count(),
                    (System.currentTimeMillis() - client.startAtMillis()) / 1e3, client.runId()));
        }
        long start = MixesPlan.commonStart(client, instruments, phase + "-" + cycle);
        for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
            runPhase(tally, repetition, concurrency, new Mix.Shared(w, ops, keys, map, expected),
                    new Pace(client.share(plan.ops()), plan.durationMillis(), client.rate(plan.rate()),
                            client.phase(), MixesPlan.startOf(start, plan.durationMillis(), repetition)));
        }
        tally.count(OperationCounts.recordsAtEnd(keys.existing()));
        CycleMeasurements out = tally.total();
        for (int k = 0; k < ops.size(); k++) {
            out = out.and(tally.kind(k));
        }
        return out;
    }

    /** One timed run phase: the workload's mix, {@code concurrency} in flight, paced as {@code pace} says. */
    private void runPhase(Tally tally, int repetition, int concurrency, Mix.Shared phase, Pace pace) {
        SplittableRandom random = new SplittableRandom(plan.seed() * 31 + tally.cycle() * 1009L + repetition * 7L
                + concurrency);
        Workload w = phase.workload();
        long space = w.recordCount() + (long) Math.ceil(w.insert() * expectedOps() * 2);
        List<Mix> mixes = new ArrayList<>();
        for (int t = 0; t < plan.threads(); t++) { // each dispatching thread its own operations and keys
            mixes.add(new Mix(store, plan, values, phase, t == 0 ? random : random.split(), space));
        }
        TimedBlock.of(tally, instruments, concurrency, Mix.MixSlot::new).runSplit(repetition, pace, mixes, outcome -> { });
    }

    private static List<String> labels(String phase, List<Op> ops) {
        return ops.stream().map(op -> MixesPlan.opLabel(phase, op)).toList();
    }

    /** Operations a measured phase issues at most, as far as the plan tells: what the key space must hold. */
    private long expectedOps() {
        if (plan.ops() > 0) {
            return plan.ops();
        }
        double seconds = plan.durationMillis() / 1000.0;
        return (long) Math.min(1e9, plan.openLoop() ? plan.rate() * seconds : 50_000 * seconds);
    }

    /**
     * Untimed: every record that must exist (loaded, or inserted and acknowledged; this client's own when clients
     * share the workload) read back and compared with {@code expected}; the counts and differences go into the
     * workload's load operation.
     */
    private void readBack(Tally load, Keys keys, KeyMap map, Expected expected) {
        Checked checked = new Checked();
        Untimed.forEach(keys.issued(), plan.loadConcurrency(), (i, done) -> {
            if (keys.failed(i) || !map.readsBack(i)) {
                done.accept(null, null);
                return;
            }
            store.readLatest(store.keyOf(map.table(i))).whenComplete((record, failure) -> {
                try {
                    if (failure != null) {
                        checked.unverifiable();
                    } else {
                        String wrong = compare(i, record, expected);
                        checked.compared(wrong != null);
                        if (wrong != null) {
                            load.error(0, wrong, 1);
                        }
                    }
                } finally {
                    done.accept(null, null); // the read's place in the window is free whatever happened above
                }
            });
        }, instruments.liveness(), () -> false);
        checked.countIn(load);
    }

    private String compare(long k, String[] record, Expected expected) {
        if (record == null) {
            return ErrorCounts.ROW_MISSING;
        }
        if (record.length != plan.fieldCount()) {
            return ErrorCounts.ROW_WRONG;
        }
        for (int f = 0; f < record.length; f++) {
            byte want = expected.get(k, f);
            if (want != Expected.UNKNOWN ? !values.value(want).equals(record[f])
                    : !values.fits(record[f])) {
                return ErrorCounts.ROW_WRONG;
            }
        }
        return null;
    }

    /** Empties the table; never when clients share the workload (each would empty the others' records). */
    private void truncate() {
        if (plan.client().shared()) {
            return;
        }
        try {
            store.truncate();
        } catch (Exception e) {
            throw new IllegalStateException("cannot empty the table: " + e.getMessage(), e);
        }
    }
}
