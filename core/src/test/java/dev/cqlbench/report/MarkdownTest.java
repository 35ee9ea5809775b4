package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.CustomNode;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

/** A report in Markdown, read back by a CommonMark parser with GitHub's tables, says what the report says. */
class MarkdownTest {

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    @Test
    void tablesKeepEveryCellWhateverItHoldsAndTextKeepsItsLines() {
        Doc doc = new Doc().append("time per operation against driver4\n  12 rounds × 2 JVMs, * different\n")
                .table(List.of(List.of("", "write", "read"),
                        List.of("spring-data over driver4", "+5.0 (+1…+9) *", "a | b"),
                        List.of("`x` <b> _y_ #1 [z] \\", "-", "~")), Map.of())
                .append("```fenced inside```\n");
        Node parsed = PARSER.parse(Markdown.render(doc));

        List<List<String>> rows = tables(parsed).get(0);
        assertThat(rows).containsExactly(List.of("", "write", "read"),
                List.of("spring-data over driver4", "+5.0 (+1…+9) *", "a | b"),
                List.of("`x` <b> _y_ #1 [z] \\", "-", "~"));
        List<String> code = code(parsed);
        assertThat(code).hasSize(2);
        assertThat(code.get(0)).isEqualTo("time per operation against driver4\n  12 rounds × 2 JVMs, * different\n");
        assertThat(code.get(1)).isEqualTo("```fenced inside```\n");
    }

    @Test
    void aShortRowIsFilledAndAHeadingIsEscaped() {
        StringBuilder out = new StringBuilder(Markdown.heading(3, "gate (*5 %*): FAILED"));
        Markdown.table(out, List.of(List.of("a", "b", "c"), List.of("1")));
        Node parsed = PARSER.parse(out.toString());
        assertThat(tables(parsed).get(0)).containsExactly(List.of("a", "b", "c"), List.of("1", "", ""));
        assertThat(text(parsed.getFirstChild())).isEqualTo("gate (*5 %*): FAILED");
    }

    /** Every table's cells as plain text, row by row. */
    static List<List<List<String>>> tables(Node root) {
        List<List<List<String>>> tables = new ArrayList<>();
        root.accept(new AbstractVisitor() {
            @Override
            public void visit(CustomBlock block) {
                if (block instanceof TableBlock) {
                    List<List<String>> rows = new ArrayList<>();
                    collectRows(block, rows);
                    tables.add(rows);
                }
            }
        });
        return tables;
    }

    private static void collectRows(Node node, List<List<String>> rows) {
        for (Node n = node.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof TableRow) {
                List<String> cells = new ArrayList<>();
                for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
                    if (c instanceof TableCell) {
                        cells.add(text(c));
                    }
                }
                rows.add(cells);
            } else {
                collectRows(n, rows);
            }
        }
    }

    /** The literal text under a node, as a viewer shows it. */
    static String text(Node node) {
        StringBuilder out = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                out.append(text.getLiteral());
            }

            @Override
            public void visit(org.commonmark.node.Code code) {
                out.append('`').append(code.getLiteral()).append('`');
            }

            @Override
            public void visit(CustomNode node) {
                visitChildren(node);
            }
        });
        return out.toString();
    }

    static List<String> code(Node root) {
        List<String> out = new ArrayList<>();
        root.accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock block) {
                out.add(block.getLiteral());
            }
        });
        return out;
    }
}
