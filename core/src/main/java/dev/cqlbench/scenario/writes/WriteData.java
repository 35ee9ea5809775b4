package dev.cqlbench.scenario.writes;

import dev.cqlbench.binding.RowWriter;
import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * The rows of one cell, generated before the clock starts, in the order they are written. Rows are cut into
 * windows of {@code windowSize} (the batch size B); within a window, {@code localityPercent} % of the rows reuse
 * a partition key (sensor) that an earlier row of the same window introduced, chosen uniformly among those: the
 * study's "P % locality = P % cache hit rate by partition key". Every other row starts a sensor never used
 * before. Every row is unique: {@code ts} is {@code tsBase + index}, so a row read back names its own index.
 */
public final class WriteData implements RowWriter.Rows {

    private final long[] sensor;
    private final long[] ts;
    private final double[] value;
    private final long tsBase;
    private final int windowSize;

    private WriteData(long[] sensor, long[] ts, double[] value, long tsBase, int windowSize) {
        this.sensor = sensor;
        this.ts = ts;
        this.value = value;
        this.tsBase = tsBase;
        this.windowSize = windowSize;
    }

    /**
     * @param sensorBase first sensor id of this cell (new sensors count up from it)
     * @param tsBase     epoch millisecond of row 0
     */
    public static WriteData generate(long seed, int rows, int windowSize, int localityPercent, long sensorBase,
                                     long tsBase) {
        if (rows < 0 || windowSize < 1 || localityPercent < 0 || localityPercent > 100) {
            throw new IllegalArgumentException("rows >= 0, window >= 1, locality 0..100");
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] sensor = new long[rows];
        long[] ts = new long[rows];
        double[] value = new double[rows];
        long nextSensor = sensorBase;
        int[] positions = new int[windowSize];
        long[] introduced = new long[windowSize];
        boolean[] reuse = new boolean[windowSize];
        for (int start = 0; start < rows; start += windowSize) {
            int m = Math.min(windowSize, rows - start);
            int hits = reuseCount(m, localityPercent);
            // choose which rows of the window reuse a key: `hits` of positions 1 .. m-1 (the first is always new)
            java.util.Arrays.fill(reuse, 0, m, false);
            for (int p = 1; p < m; p++) {
                positions[p - 1] = p;
            }
            for (int k = 0; k < hits; k++) {
                int j = k + random.nextInt(m - 1 - k);
                int chosen = positions[j];
                positions[j] = positions[k];
                positions[k] = chosen;
                reuse[chosen] = true;
            }
            int known = 0;
            for (int p = 0; p < m; p++) {
                int i = start + p;
                long key;
                if (reuse[p]) {
                    key = introduced[random.nextInt(known)];
                } else {
                    key = nextSensor++;
                    introduced[known++] = key;
                }
                sensor[i] = key;
                ts[i] = tsBase + i;
                value[i] = Math.round(random.nextDouble() * 1e6) / 100.0;
            }
        }
        return new WriteData(sensor, ts, value, tsBase, windowSize);
    }

    /** Rows of an m-row window that reuse a key: P % of m, rounded, leaving the first row new. */
    static int reuseCount(int m, int localityPercent) {
        return Math.min(m - 1, (int) Math.round(m * localityPercent / 100.0));
    }

    public int size() {
        return sensor.length;
    }

    public int windowSize() {
        return windowSize;
    }

    @Override
    public long sensor(int i) {
        return sensor[i];
    }

    @Override
    public long tsMillis(int i) {
        return ts[i];
    }

    @Override
    public double value(int i) {
        return value[i];
    }

    /** Distinct sensors among rows {@code from .. to-1}. */
    public int distinctSensors(int from, int to) {
        java.util.HashSet<Long> seen = new java.util.HashSet<>();
        for (int i = from; i < to; i++) {
            seen.add(sensor[i]);
        }
        return seen.size();
    }

    /** One row's contribution to a table checksum (order-independent when added up). */
    public static long rowHash(long sensor, long tsMillis, double value) {
        long h = mix(sensor * 0x9E3779B97F4A7C15L + tsMillis);
        return mix(h ^ Double.doubleToLongBits(value));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The checksum of a table holding exactly the rows marked in {@code rows}. */
    public long checksum(BitSet rows) {
        long sum = 0;
        for (int i = rows.nextSetBit(0); i >= 0; i = rows.nextSetBit(i + 1)) {
            sum += rowHash(sensor[i], ts[i], value[i]);
        }
        return sum;
    }

    /**
     * Compares what a table holds with what was written: each row read back is matched to its index by its
     * timestamp and must carry that row's sensor and value.
     */
    public final class Verifier {
        private final BitSet seen = new BitSet(size());
        private final java.util.function.IntPredicate own;
        private final boolean strays;
        private long read;
        private long wrong;
        private long checksum;

        private Verifier(java.util.function.IntPredicate own, boolean strays) {
            this.own = own;
            this.strays = strays;
        }

        public void row(long rowSensor, long rowTs, double rowValue) {
            long index = rowTs - tsBase;
            boolean inside = index >= 0 && index < size();
            // the table's checksum counts every row, whoever wrote it; the checks only this client's
            checksum += rowHash(rowSensor, rowTs, rowValue);
            if (inside ? !own.test((int) index) : !strays) {
                return;
            }
            read++;
            if (!inside) {
                wrong++;
                return;
            }
            int i = (int) index;
            if (sensor[i] != rowSensor || Double.doubleToLongBits(value[i]) != Double.doubleToLongBits(rowValue)
                    || seen.get(i)) {
                wrong++;
                return;
            }
            seen.set(i);
        }

        /** Rows read back. */
        public long read() {
            return read;
        }

        /** Rows read back that no write wrote as they are. */
        public long wrong() {
            return wrong;
        }

        /** Acknowledged rows ({@code acknowledged}) the table lacks. */
        public long missing(BitSet acknowledged) {
            BitSet lacking = (BitSet) acknowledged.clone();
            lacking.andNot(seen);
            return lacking.cardinality();
        }

        /** Rows present although their write was not acknowledged (it failed or timed out, yet was applied). */
        public long presentUnacknowledged(BitSet acknowledged) {
            BitSet extra = (BitSet) seen.clone();
            extra.andNot(acknowledged);
            return extra.cardinality();
        }

        /** Sum of {@link #rowHash} over every row of the table, this client's or not. */
        public long checksum() {
            return checksum;
        }
    }

    /** A check of the whole table against every row. */
    public Verifier verifier() {
        return new Verifier(i -> true, true);
    }

    /**
     * A check of the rows {@code own} says are this client's (clients sharing the cell); rows no write of the cell
     * made are counted wrong where {@code strays} (by one client only).
     */
    public Verifier verifier(java.util.function.IntPredicate own, boolean strays) {
        return new Verifier(own, strays);
    }
}
