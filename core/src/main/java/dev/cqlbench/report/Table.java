package dev.cqlbench.report;

import java.util.List;

/** A plain text table: first row is the header; text columns left-aligned, numbers right-aligned. */
public final class Table {

    private Table() {}

    public static String render(List<List<String>> rows) {
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
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = rows.get(r).get(c);
                String pad = " ".repeat(width[c] - cell.codePointCount(0, cell.length()));
                line.append(c == 0 ? "" : "  ").append(numeric[c] && r > 0 ? pad + cell : cell + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (r == 0) {
                int total = 0;
                for (int w : width) {
                    total += w;
                }
                out.append("-".repeat(total + 2 * (columns - 1))).append('\n');
            }
        }
        return out.toString();
    }
}
