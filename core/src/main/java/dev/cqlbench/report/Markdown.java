package dev.cqlbench.report;

import java.util.List;

/**
 * A report as GitHub-flavoured Markdown, for the summary a CI system shows (GitHub Actions' step summary, a GitLab
 * or pull-request comment): tables as pipe tables, every cell escaped; text, which the terminal report lays out in
 * lines and indents of its own, as preformatted blocks that keep that layout; figures left out (the HTML page has
 * them).
 */
public final class Markdown {

    private Markdown() {}

    /** {@code doc} in Markdown. */
    public static String render(Doc doc) {
        StringBuilder out = new StringBuilder();
        for (Doc.Part part : doc.parts()) {
            if (part instanceof Doc.Text t) {
                preformatted(out, t.text());
            } else if (part instanceof Doc.Grid g) {
                table(out, g.rows());
            }
        }
        return out.toString();
    }

    /** A heading of level {@code level} (1–6). */
    public static String heading(int level, String text) {
        return "#".repeat(level) + " " + inline(text) + "\n\n";
    }

    /** A pipe table; the first row is the header. A row shorter than the header is filled with empty cells. */
    public static void table(StringBuilder out, List<List<String>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        int columns = rows.get(0).size();
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            out.append('|');
            for (int c = 0; c < columns; c++) {
                out.append(' ').append(c < row.size() ? cell(row.get(c)) : "").append(" |");
            }
            out.append('\n');
            if (r == 0) {
                out.append("|---".repeat(columns)).append("|\n");
            }
        }
        out.append('\n');
    }

    /** Text as it stands, in a fenced block long enough for any fence inside it; blank edges dropped. */
    static void preformatted(StringBuilder out, String text) {
        String body = text.strip();
        if (body.isEmpty()) {
            return;
        }
        String fence = "```";
        while (body.contains(fence)) {
            fence += "`";
        }
        out.append(fence).append("text\n").append(trimmedLines(text)).append('\n').append(fence).append("\n\n");
    }

    /** The lines of {@code text} without its leading and trailing blank lines, each line's indent kept. */
    private static String trimmedLines(String text) {
        List<String> lines = text.lines().toList();
        int from = 0;
        int to = lines.size();
        while (from < to && lines.get(from).isBlank()) {
            from++;
        }
        while (to > from && lines.get(to - 1).isBlank()) {
            to--;
        }
        return String.join("\n", lines.subList(from, to).stream().map(String::stripTrailing).toList());
    }

    /** One table cell: on one line, with what Markdown would read as syntax escaped. */
    static String cell(String text) {
        return inline(text.replace('\n', ' ').strip());
    }

    /** Text in a line of Markdown: its punctuation that Markdown reads as syntax escaped, HTML's brackets too. */
    static String inline(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\', '`', '*', '_', '[', ']', '|', '#', '~' -> out.append('\\').append(c);
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
