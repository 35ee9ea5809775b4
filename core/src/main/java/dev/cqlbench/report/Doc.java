package dev.cqlbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A report as data: runs of text, tables and figures, in order. The terminal shows it as text ({@link #toString()},
 * figures left out); the HTML report shows the same tables as tables and draws the figures. Run reports and
 * comparisons build one; they never print.
 */
public final class Doc {

    /** A part of a report. */
    public sealed interface Part permits Text, Grid, Chart {}

    /** Free text, line breaks kept. */
    public record Text(String text) implements Part {}

    /**
     * A table; the first row is the header. {@code marks} names cells a page should set apart, by their text: a
     * verdict, a mismatch ({@link #GOOD}, {@link #BAD}).
     */
    public record Grid(List<List<String>> rows, Map<String, String> marks, int keyColumns) implements Part {

        public Grid(List<List<String>> rows, Map<String, String> marks) {
            this(rows, marks, 1);
        }
    }

    /** A figure. */
    public record Chart(Figure figure) implements Part {}

    /** A mark for a cell that says something went well, or badly. */
    public static final String GOOD = "good";
    public static final String BAD = "bad";

    private final List<Part> parts = new ArrayList<>();
    private final StringBuilder pending = new StringBuilder();

    public Doc append(Object text) {
        pending.append(text);
        return this;
    }

    public Doc append(char c) {
        pending.append(c);
        return this;
    }

    public Doc table(List<List<String>> rows) {
        return table(rows, Map.of());
    }

    /** A table whose cells with these texts are marked ({@link #GOOD}, {@link #BAD}). */
    public Doc table(List<List<String>> rows, Map<String, String> marks) {
        return table(rows, marks, 1);
    }

    /**
     * A table whose first {@code keyColumns} columns name a row: a terminal too narrow for the whole table prints it
     * in parts, each repeating them.
     */
    public Doc table(List<List<String>> rows, Map<String, String> marks, int keyColumns) {
        flush();
        parts.add(new Grid(rows.stream().map(List::copyOf).toList(), Map.copyOf(marks), keyColumns));
        return this;
    }

    public Doc figure(Figure figure) {
        flush();
        parts.add(new Chart(figure));
        return this;
    }

    /** Every block of {@code other}, after this one's. */
    public Doc then(Doc other) {
        flush();
        parts.addAll(other.parts());
        return this;
    }

    public List<Part> parts() {
        flush();
        return List.copyOf(parts);
    }

    private void flush() {
        if (!pending.isEmpty()) {
            parts.add(new Text(pending.toString()));
            pending.setLength(0);
        }
    }

    /**
     * The terminal report: text lines wider than {@link Format#WIDTH} wrapped at a word, their continuations indented
     * two past the line's own indent (tables keep their rows whole).
     */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Part part : parts()) {
            if (part instanceof Text t) {
                String text = t.text();
                int start = 0;
                while (start < text.length()) {
                    int end = text.indexOf('\n', start);
                    String line = end < 0 ? text.substring(start) : text.substring(start, end);
                    String indent = " ".repeat(line.length() - line.stripLeading().length() + 2);
                    out.append(line.length() > Format.WIDTH ? Format.wrap(line, indent) : line);
                    if (end < 0) {
                        break;
                    }
                    out.append('\n');
                    start = end + 1;
                }
            } else if (part instanceof Grid g) {
                out.append(Table.render(g.rows(), g.keyColumns()));
            }
        }
        return out.toString();
    }
}
