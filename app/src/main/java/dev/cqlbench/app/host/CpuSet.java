package dev.cqlbench.app.host;

import java.util.BitSet;

/**
 * A set of CPUs, written as Linux lists them ({@code /proc/self/status} Cpus_allowed_list, taskset): "0-3,6".
 */
public final class CpuSet {

    private final BitSet cpus;

    private CpuSet(BitSet cpus) {
        this.cpus = (BitSet) cpus.clone();
    }

    /** Parses "0-3,6"; a blank or malformed list is refused. */
    public static CpuSet parse(String list) {
        BitSet out = new BitSet();
        for (String part : list.strip().split(",")) {
            String[] range = part.strip().split("-");
            int from = Integer.parseInt(range[0].strip());
            int to = range.length > 1 ? Integer.parseInt(range[1].strip()) : from;
            if (range.length > 2 || from < 0 || to < from) {
                throw new IllegalArgumentException("not a CPU list: " + list);
            }
            out.set(from, to + 1);
        }
        return new CpuSet(out);
    }

    static CpuSet ofMask(long[] mask) {
        return new CpuSet(BitSet.valueOf(mask));
    }

    long[] mask(int longs) {
        long[] out = new long[longs];
        long[] bits = cpus.toLongArray();
        System.arraycopy(bits, 0, out, 0, Math.min(bits.length, longs));
        return out;
    }

    public int size() {
        return cpus.cardinality();
    }

    /** The first {@code n} CPUs of this set. */
    public CpuSet first(int n) {
        BitSet out = new BitSet();
        for (int cpu = cpus.nextSetBit(0), taken = 0; cpu >= 0 && taken < n; cpu = cpus.nextSetBit(cpu + 1), taken++) {
            out.set(cpu);
        }
        return new CpuSet(out);
    }

    /** The CPUs of this set not in {@code other}. */
    public CpuSet without(CpuSet other) {
        BitSet out = (BitSet) cpus.clone();
        out.andNot(other.cpus);
        return new CpuSet(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet other && cpus.equals(other.cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }

    /** "0-3,6". */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (int from = cpus.nextSetBit(0); from >= 0; ) {
            int to = cpus.nextClearBit(from) - 1;
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(from);
            if (to > from) {
                out.append('-').append(to);
            }
            from = cpus.nextSetBit(to + 1);
        }
        return out.toString();
    }
}
