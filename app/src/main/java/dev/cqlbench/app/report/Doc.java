package dev.cqlbench.app.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A report as data: runs of text and tables, in order. The terminal shows it as text ({@link #toString()}); the
 * HTML report shows the same tables as tables. Scenario reports build one; they never print.
 */
public final class Doc {

    /** A part of a report. */
    public sealed interface Block permits Text, Grid {}

    /** Free text, line breaks kept. */
    public record Text(String text) implements Block {}

    /** A table; the first row is the header. */
    public record Grid(List<List<String>> rows) implements Block {}

    private final List<Block> blocks = new ArrayList<>();
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
        flush();
        blocks.add(new Grid(rows.stream().map(List::copyOf).toList()));
        return this;
    }

    public List<Block> blocks() {
        flush();
        return List.copyOf(blocks);
    }

    private void flush() {
        if (!pending.isEmpty()) {
            blocks.add(new Text(pending.toString()));
            pending.setLength(0);
        }
    }

    /** The terminal report. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Block block : blocks()) {
            if (block instanceof Text t) {
                out.append(t.text());
            } else if (block instanceof Grid g) {
                out.append(Table.render(g.rows()));
            }
        }
        return out.toString();
    }
}
