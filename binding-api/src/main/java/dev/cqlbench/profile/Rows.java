package dev.cqlbench.profile;

import dev.cqlbench.profile.Profile.Column;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The rows of a profile's table, as cassandra-stress draws them: a partition is drawn from a seed; each key column's
 * value from its population (how many distinct values, how often each); under each parent, a clustering column takes
 * as many values as its {@code cluster} distribution says (a partition's rows are the tree's leaves, duplicates
 * folded); every other column's value is drawn from the row's (a static column's from the partition's). A pure
 * function of the run's seed and the partition's: the same rows for every library.
 */
public final class Rows {

    /** Rows of one partition at most (a partition the profile lets grow beyond it is cut there). */
    public static final int MAX_ROWS_PER_PARTITION = 10_000;

    private final Profile profile;
    private final Values values;
    private final List<Column> columns;
    private final CqlType[] types;
    private final long[] salts;
    private final int keyColumns;
    private final int partitionColumns;

    /** One partition: its key's values (in key order) and its rows (values in column order), in clustering order of drawing. */
    public record Partition(Object[] key, List<Object[]> rows) {}

    public Rows(Profile profile, long seed) {
        this.profile = profile;
        this.values = new Values(profile);
        this.columns = profile.columns();
        this.types = columns.stream().map(Column::cqlType).toArray(CqlType[]::new);
        this.salts = new long[columns.size()];
        for (int i = 0; i < salts.length; i++) {
            salts[i] = mix(seed, hash(columns.get(i).name()));
        }
        this.keyColumns = profile.primaryKey().size();
        this.partitionColumns = profile.partitionKey().size();
    }

    public Profile profile() {
        return profile;
    }

    /** The partition drawn with {@code seed}. */
    public Partition partition(long seed) {
        Object[] key = new Object[partitionColumns];
        for (int c = 0; c < partitionColumns; c++) {
            key[c] = draw(c, seed, true);
        }
        List<Object[]> rows = new ArrayList<>();
        Object[] prefix = new Object[keyColumns];
        System.arraycopy(key, 0, prefix, 0, partitionColumns);
        clustering(partitionColumns, seed, prefix, seed, rows);
        return new Partition(key, rows);
    }

    /** Level {@code c}'s values under one parent (drawn with {@code parent}), then theirs, down to the rows. */
    private void clustering(int c, long parent, Object[] prefix, long partitionSeed, List<Object[]> rows) {
        if (rows.size() >= MAX_ROWS_PER_PARTITION) {
            return;
        }
        if (c == keyColumns) {
            rows.add(row(prefix, parent, partitionSeed));
            return;
        }
        Column column = columns.get(c);
        long count = column.cluster().sample(mix(parent, ~salts[c]));
        Map<Object, Long> children = new LinkedHashMap<>();
        for (long k = 0; k < count && children.size() < MAX_ROWS_PER_PARTITION; k++) {
            long childSeed = mix(parent, mix(salts[c], k));
            children.putIfAbsent(draw(c, childSeed, true), childSeed);
        }
        for (Map.Entry<Object, Long> child : children.entrySet()) {
            Object[] next = prefix.clone();
            next[c] = child.getKey();
            clustering(c + 1, child.getValue(), next, partitionSeed, rows);
        }
    }

    private Object[] row(Object[] key, long rowSeed, long partitionSeed) {
        Object[] row = new Object[columns.size()];
        System.arraycopy(key, 0, row, 0, keyColumns);
        for (int c = keyColumns; c < row.length; c++) {
            boolean isStatic = columns.get(c).kind().equals(Profile.STATIC);
            row[c] = draw(c, isStatic ? partitionSeed : rowSeed, false);
        }
        return row;
    }

    /** Column {@code c}'s value for the row (or partition) drawn with {@code seed}: its identity, then its value. */
    private Object draw(int c, long seed, boolean key) {
        Column column = columns.get(c);
        long identity = column.population().sample(mix(seed, salts[c]));
        return values.value(types[c], mix(identity, salts[c]), column.size(), key);
    }

    /**
     * The rows one insert writes, drawn with {@code seed}: {@code partitions} partitions, of each the share of its
     * rows {@code select} draws (at least one), as cassandra-stress's insert.
     */
    public List<Object[]> insert(long seed) {
        Profile.Insert insert = profile.insert();
        long partitions = insert.partitions().sample(mix(seed, 0x5041525449L));
        List<Object[]> rows = new ArrayList<>();
        for (long p = 0; p < partitions; p++) {
            long partitionSeed = mix(seed, p);
            List<Object[]> all = partition(partitionSeed).rows();
            double share = (double) insert.select().sample(mix(partitionSeed, 0x53454C4543L)) / insert.selectDivisor();
            int before = rows.size();
            for (int r = 0; r < all.size(); r++) {
                if (share >= 1 || uniform(mix(partitionSeed, ~(long) r)) < share) {
                    rows.add(all.get(r));
                }
            }
            if (rows.size() == before) {
                rows.add(all.get((int) (Math.abs(mix(partitionSeed, 7)) % all.size())));
            }
        }
        return rows;
    }

    /** The primary key of {@code row} (values in key order). */
    public Object[] primaryKey(Object[] row) {
        Object[] key = new Object[keyColumns];
        System.arraycopy(row, 0, key, 0, keyColumns);
        return key;
    }

    /** {@code row} as column name → value. */
    public Map<String, Object> named(Object[] row) {
        return profile.named(row, (c, value) -> value);
    }

    /** SplitMix64's finalizer over two longs: a seed from a seed and a salt. */
    public static long mix(long a, long b) {
        long z = a * 0x9E3779B97F4A7C15L + b;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static long hash(String text) {
        long h = 0xCBF29CE484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001B3L;
        }
        return h;
    }

    /** A uniform draw in [0, 1) from a seed. */
    static double uniform(long seed) {
        return new SplittableRandom(seed).nextDouble();
    }
}
