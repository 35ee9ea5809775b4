package dev.cqlbench.scenario.mixes;

import java.util.SplittableRandom;

/**
 * The field values of a run, built up front from its seed: {@value #POOL} distinct values (a record's expected field
 * is the value's index) and {@value #ROWS} rows an insert picks from, so writing allocates nothing.
 */
final class FieldPool {

    /** Distinct field values; a record's expected field is the value's index, {@link Expected#UNKNOWN} if none. */
    static final int POOL = 255;
    /** Rows an insert picks from (a power of two): field value indexes and the values. */
    static final int ROWS = 1024;

    private final String[] values = new String[POOL];
    private final int fieldLength;
    private final boolean constant;
    private final byte[][] rowIndexes = new byte[ROWS][];
    private final String[][] rows = new String[ROWS][];

    FieldPool(long seed, int fieldCount, int fieldLength) {
        this(seed, fieldCount, fieldLength, "constant");
    }

    /**
     * @param lengths YCSB's fieldlengthdistribution: every value {@code fieldLength} characters (constant), or each
     *                value's length drawn uniform or zipfian over 1..fieldLength, as YCSB draws a field's
     */
    FieldPool(long seed, int fieldCount, int fieldLength, String lengths) {
        this.fieldLength = fieldLength;
        this.constant = lengths.equals("constant");
        SplittableRandom random = new SplittableRandom(seed);
        KeyChooser.Zipfian zipfian = lengths.equals("zipfian") ? new KeyChooser.Zipfian(fieldLength) : null;
        for (int i = 0; i < POOL; i++) {
            int length = switch (lengths) {
                case "uniform" -> 1 + random.nextInt(fieldLength);
                case "zipfian" -> 1 + (int) Math.min(fieldLength - 1, zipfian.next(random));
                default -> fieldLength;
            };
            StringBuilder b = new StringBuilder(length);
            for (int c = 0; c < length; c++) {
                b.append((char) ('!' + random.nextInt(94)));
            }
            values[i] = b.toString();
        }
        for (int r = 0; r < ROWS; r++) {
            byte[] row = new byte[fieldCount];
            for (int f = 0; f < row.length; f++) {
                row[f] = (byte) random.nextInt(POOL);
            }
            rowIndexes[r] = row;
            String[] text = new String[fieldCount];
            for (int f = 0; f < text.length; f++) {
                text[f] = values[row[f] & 0xFF];
            }
            rows[r] = text;
        }
    }

    /** Whether {@code field} is a value of this run's shape: present, and as long as the workload writes them. */
    boolean fits(String field) {
        return field != null && (constant ? field.length() == fieldLength
                : field.length() >= 1 && field.length() <= fieldLength);
    }

    /** Value number {@code index}. */
    String value(byte index) {
        return values[index & 0xFF];
    }

    /** Row {@code r} of the pool (any number: it wraps), as values. */
    String[] row(long r) {
        return rows[(int) (r & (ROWS - 1))];
    }

    /** Row {@code r} of the pool, as value indexes. */
    byte[] rowIndexes(long r) {
        return rowIndexes[(int) (r & (ROWS - 1))];
    }
}
