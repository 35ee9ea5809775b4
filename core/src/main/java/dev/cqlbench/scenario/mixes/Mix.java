package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.scenario.mixes.MixesPlan.Op;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One run phase's operations: each picks its type by the workload's proportions and its record by the workload's
 * distribution (inserts take the next record), and is checked when it completes: every read must find its record
 * whole. A read-modify-write sends its update from its read's completion, on the same slot. With verification on,
 * every write is noted in {@link Expected} as it is sent.
 */
final class Mix implements TimedBlock.Dispatcher<Mix.MixSlot> {

    /** An operation of the mix in flight: what its outcome needs. */
    static final class MixSlot extends Slot {
        Op op;
        /** The field an update sets, {@link #ALL_FIELDS} when it sets every one, -1 for no update. */
        int field;
        /** The field a read selects, -1 when it selects every one. */
        int readField;
        byte value;
        /** The pool row an update of every field writes. */
        int row;
        /** A read-modify-write: true until its read has completed; then the record it read. */
        boolean reading;
        Object record;
    }

    /**
     * What every dispatching thread of one run phase shares.
     *
     * @param ops      the workload's operation types, in the order of the tally's kinds
     * @param expected where writes are noted for the read-back, or null when nothing is verified
     */
    record Shared(Workload workload, List<Op> ops, Keys keys, KeyMap map, Expected expected) {}

    private final KeyValueStore store;
    private final MixesPlan plan;
    private final Workload workload;
    private final FieldPool values;
    private final Keys keys;
    private final KeyMap map;
    private final Expected expected;
    private final KeyChooser chooser;
    private final SplittableRandom random;
    private final KeyChooser.Zipfian scanLengths;
    private final int[] kindOf = new int[Op.values().length];

    /** {@link MixSlot#field} of an update that sets every field (writeallfields=true). */
    static final int ALL_FIELDS = -2;

    /** One dispatching thread's operations of a phase, drawn with {@code random} from {@code keySpace} keys. */
    Mix(KeyValueStore store, MixesPlan plan, FieldPool values, Shared phase, SplittableRandom random, long keySpace) {
        this.store = store;
        this.plan = plan;
        this.values = values;
        this.workload = phase.workload();
        this.keys = phase.keys();
        this.map = phase.map();
        this.expected = phase.expected();
        this.random = random;
        this.chooser = new KeyChooser(workload, keySpace, random.nextLong());
        int scanRange = workload.maxScanLength() - workload.minScan() + 1;
        this.scanLengths = workload.scanLengths().equals("zipfian") ? new KeyChooser.Zipfian(scanRange) : null;
        for (int k = 0; k < phase.ops().size(); k++) {
            kindOf[phase.ops().get(k).ordinal()] = k;
        }
    }

    @Override
    public boolean issue(MixSlot slot) {
        Op op = choose();
        long k = op == Op.INSERT ? keys.nextInsert() : chooser.next(Math.max(1, keys.existing()));
        slot.op = op;
        slot.kind = kindOf[op.ordinal()];
        slot.item = k;
        boolean writes = op == Op.UPDATE || op == Op.READ_MODIFY_WRITE;
        slot.field = !writes ? -1 : workload.writesAllFields() ? ALL_FIELDS : random.nextInt(plan.fieldCount());
        slot.readField = workload.readsAllFields() ? -1 : random.nextInt(plan.fieldCount());
        slot.reading = op == Op.READ_MODIFY_WRITE;
        if (writes) { // (a default workload's draws, in this order: the same seed makes the same run)
            if (workload.writesAllFields()) {
                slot.row = random.nextInt(FieldPool.ROWS);
            } else {
                slot.value = (byte) random.nextInt(FieldPool.POOL);
            }
        }
        switch (op) {
            case READ, READ_MODIFY_WRITE -> {
                if (slot.readField < 0) {
                    store.read(map.table(k), slot);
                } else {
                    store.read(map.table(k), slot.readField, slot);
                }
            }
            case UPDATE -> update(slot);
            case INSERT -> {
                int r = random.nextInt(FieldPool.ROWS);
                if (expected != null) {
                    expected.setRow(k, values.rowIndexes(r));
                }
                store.insert(map.table(k), values.row(r), slot);
            }
            case SCAN -> {
                int length = workload.minScan() + (scanLengths == null
                        ? random.nextInt(workload.maxScanLength() - workload.minScan() + 1)
                        : (int) Math.min(workload.maxScanLength() - workload.minScan(), scanLengths.next(random)));
                if (slot.readField < 0) {
                    store.scan(map.table(k), length, slot);
                } else {
                    store.scan(map.table(k), length, slot.readField, slot);
                }
            }
            default -> throw new IllegalStateException(op.toString());
        }
        return true;
    }

    @Override
    public String settle(MixSlot slot, Object result, Throwable failure) {
        Op op = slot.op;
        long k = slot.item;
        if (slot.reading) {
            slot.reading = false;
            if (failure == null) {
                // a read-modify-write's read came back: its update goes out on the same slot
                slot.record = result;
                try {
                    update(slot);
                    return TimedBlock.CONTINUED;
                } catch (RuntimeException e) {
                    failure = e;
                }
            }
        } else if (op == Op.READ_MODIFY_WRITE && failure == null) {
            result = slot.record;
        }
        slot.record = null;
        if (op == Op.INSERT) {
            keys.done(k, failure == null);
        }
        if (failure != null && slot.field != -1 && expected != null) {
            // the update may or may not have been applied
            if (slot.field == ALL_FIELDS) {
                expected.unknownRow(k);
            } else {
                expected.unknown(k, slot.field);
            }
        }
        if (failure != null) {
            return ErrorCounts.kindOf(failure);
        }
        return (op == Op.READ || op == Op.READ_MODIFY_WRITE) && !keys.failed(k) ? check((String[]) result) : null;
    }

    private Op choose() {
        Workload w = workload;
        double r = random.nextDouble();
        if ((r -= w.read()) < 0) {
            return Op.READ;
        }
        if ((r -= w.update()) < 0) {
            return Op.UPDATE;
        }
        if ((r -= w.insert()) < 0) {
            return Op.INSERT;
        }
        if ((r -= w.scan()) < 0) {
            return Op.SCAN;
        }
        return w.readModifyWrite() > 0 ? Op.READ_MODIFY_WRITE : MixesPlan.ops(w).get(0);
    }

    /** Sends the slot's update and, with verification on, records it as the cell's last write in the same step. */
    private void update(MixSlot slot) {
        long table = map.table(slot.item);
        if (expected == null || map.shared(slot.item)) { // another client's write may come last: nothing to note
            send(slot, table);
            return;
        }
        synchronized (expected.lock(slot.item)) {
            if (slot.field == ALL_FIELDS) {
                expected.setRow(slot.item, values.rowIndexes(slot.row));
            } else {
                expected.set(slot.item, slot.field, slot.value);
            }
            send(slot, table);
        }
    }

    private void send(MixSlot slot, long table) {
        if (slot.field == ALL_FIELDS) {
            store.updateAll(table, values.row(slot.row), slot);
        } else {
            store.update(table, slot.field, values.value(slot.value), slot);
        }
    }

    /** Null when the record read back whole: every field asked for present, of a length the workload writes. */
    private String check(String[] record) {
        if (record == null) {
            return ErrorCounts.READ_MISSING;
        }
        if (record.length != (workload.readsAllFields() ? plan.fieldCount() : 1)) {
            return ErrorCounts.READ_MISMATCH;
        }
        for (String field : record) {
            if (!values.fits(field)) {
                return ErrorCounts.READ_MISMATCH;
            }
        }
        return null;
    }
}
