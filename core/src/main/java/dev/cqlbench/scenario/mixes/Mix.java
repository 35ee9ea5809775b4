package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.KeyValueStore;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.runner.Block;
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
final class Mix implements Block.Dispatcher<Mix.MixSlot> {

    /** An operation of the mix in flight: what its outcome needs. */
    static final class MixSlot extends Slot {
        Op op;
        int field;
        byte value;
        /** A read-modify-write: true until its read has completed; then the record it read. */
        boolean reading;
        Object record;
    }

    private final KeyValueStore store;
    private final MixesPlan plan;
    private final Workload workload;
    private final Values values;
    private final Keys keys;
    private final KeyMap map;
    private final Expected expected;
    private final KeyChooser chooser;
    private final SplittableRandom random;
    private final int[] kindOf = new int[Op.values().length];

    /**
     * @param ops      the workload's operation types, in the order of the tally's kinds
     * @param expected where writes are noted for the read-back, or null when nothing is verified
     */
    Mix(KeyValueStore store, MixesPlan plan, Workload workload, List<Op> ops, Values values, Keys keys, KeyMap map,
        Expected expected, SplittableRandom random, long keySpace) {
        this.store = store;
        this.plan = plan;
        this.workload = workload;
        this.values = values;
        this.keys = keys;
        this.map = map;
        this.expected = expected;
        this.random = random;
        this.chooser = new KeyChooser(workload, keySpace, random.nextLong());
        for (int k = 0; k < ops.size(); k++) {
            kindOf[ops.get(k).ordinal()] = k;
        }
    }

    @Override
    public boolean issue(MixSlot slot) {
        Op op = choose();
        long k = op == Op.INSERT ? keys.nextInsert() : chooser.next(Math.max(1, keys.existing()));
        slot.op = op;
        slot.kind = kindOf[op.ordinal()];
        slot.item = k;
        slot.field = op == Op.UPDATE || op == Op.READ_MODIFY_WRITE ? random.nextInt(plan.fieldCount()) : -1;
        slot.reading = op == Op.READ_MODIFY_WRITE;
        switch (op) {
            case READ, READ_MODIFY_WRITE -> {
                if (op == Op.READ_MODIFY_WRITE) {
                    slot.value = (byte) random.nextInt(Values.POOL);
                }
                store.read(map.table(k), slot);
            }
            case UPDATE -> {
                slot.value = (byte) random.nextInt(Values.POOL);
                update(slot);
            }
            case INSERT -> {
                int r = random.nextInt(Values.ROWS);
                if (expected != null) {
                    expected.setRow(k, values.rowIndexes(r));
                }
                store.insert(map.table(k), values.row(r), slot);
            }
            case SCAN -> store.scan(map.table(k), 1 + random.nextInt(workload.maxScanLength()), slot);
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
                    return Block.CONTINUED;
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
        if (failure != null && slot.field >= 0 && expected != null) {
            // the update may or may not have been applied
            expected.unknown(k, slot.field);
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
        String value = values.value(slot.value);
        long table = map.table(slot.item);
        if (expected == null || map.shared(slot.item)) { // another client's write may come last: nothing to note
            store.update(table, slot.field, value, slot);
            return;
        }
        synchronized (expected.lock(slot.item)) {
            expected.set(slot.item, slot.field, slot.value);
            store.update(table, slot.field, value, slot);
        }
    }

    /** Null when the record read back whole: every field present with its length. */
    private String check(String[] record) {
        if (record == null) {
            return ErrorCounts.READ_MISSING;
        }
        if (record.length != plan.fieldCount()) {
            return ErrorCounts.READ_MISMATCH;
        }
        for (String field : record) {
            if (field == null || field.length() != plan.fieldLength()) {
                return ErrorCounts.READ_MISMATCH;
            }
        }
        return null;
    }
}
