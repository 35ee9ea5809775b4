package dev.cqlbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain text table: first row is the header; text columns left-aligned, numbers right-aligned. A table wider than
 * {@link Format#WIDTH} is printed in parts of as many columns as fit, each repeating the columns that name a row.
 */
public final class Table {

    private Table() {}

    public static String render(List<List<String>> rows) {
        return render(rows, 1);
    }

    /** The table; its first {@code keyColumns} columns name a row and start every part. */
    public static String render(List<List<String>> rows, int keyColumns) {
        int columns = rows.get(0).size();
        int[] width = new int[columns];
        boolean[] numeric = new boolean[columns];
        for (int c = 0; c < columns; c++) {
            numeric[c] = true;
            for (int r = 0; r < rows.size(); r++) {
                String cell = rows.get(r).get(c);
                width[c] = Math.max(width[c], cell.codePointCount(0, cell.length()));
                if (r > 0 && !cell.isEmpty() && !Character.isDigit(cell.charAt(0)) && !cell.equals("-")) {
                    numeric[c] = false;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<Integer> part : parts(width, Math.max(1, Math.min(keyColumns, columns)))) {
            out.append(part(rows, part, width, numeric));
        }
        return out.toString();
    }

    /** The columns of each part: the key columns, then as many of the others as fit the width (at least one). */
    static List<List<Integer>> parts(int[] width, int keys) {
        List<Integer> key = new ArrayList<>();
        int keyWidth = -2;
        for (int c = 0; c < keys; c++) {
            key.add(c);
            keyWidth += 2 + width[c];
        }
        List<List<Integer>> parts = new ArrayList<>();
        List<Integer> part = new ArrayList<>(key);
        int used = keyWidth;
        for (int c = keys; c < width.length; c++) {
            if (part.size() > keys && used + 2 + width[c] > Format.WIDTH) {
                parts.add(part);
                part = new ArrayList<>(key);
                used = keyWidth;
            }
            part.add(c);
            used += 2 + width[c];
        }
        parts.add(part);
        return parts;
    }

    private static String part(List<List<String>> rows, List<Integer> columns, int[] width, boolean[] numeric) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            int total = 0;
            for (int c : columns) {
                String cell = rows.get(r).get(c);
                String pad = " ".repeat(width[c] - cell.codePointCount(0, cell.length()));
                line.append(c == columns.get(0) ? "" : "  ").append(numeric[c] && r > 0 ? pad + cell : cell + pad);
                total += width[c] + (c == columns.get(0) ? 0 : 2);
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (r == 0) {
                out.append("-".repeat(total)).append('\n');
            }
        }
        return out.toString();
    }
}
