package dev.cqlbench.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Figures;
import dev.cqlbench.report.Forest;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.scenario.Scenarios;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * report.html and compare.html: one self-contained page (Chart.js, its annotation plugin, the data: all inlined,
 * nothing fetched). A run's page opens with the verdict board (every study claim the results answer, in colour),
 * then per scenario a forest plot of its comparisons, the charts, and every table of the full report, its audit,
 * environment and settings behind disclosures. Reads results only.
 */
public final class HtmlReport {

    static final String CHART_JS = "/META-INF/resources/webjars/chart.js/4.5.1/dist/chart.umd.min.js";
    static final String ANNOTATION_JS =
            "/META-INF/resources/webjars/chartjs-plugin-annotation/3.1.0/dist/chartjs-plugin-annotation.min.js";

    private HtmlReport() {}

    /** One page for one or more results (the demo shows every scenario on one page). */
    public static String render(String title, List<Reading> results) {
        StringBuilder body = new StringBuilder();
        List<Map<String, Object>> charts = new ArrayList<>();
        if (results.size() > 1) {
            body.append("<nav>");
            for (int i = 0; i < results.size(); i++) {
                body.append("<a href=\"#run").append(i).append("\">").append(esc(results.get(i).result().scenario()))
                        .append("</a>");
            }
            body.append("</nav>\n");
        }
        body.append("<main>\n");
        board(body, results);
        for (int i = 0; i < results.size(); i++) {
            section(body, charts, results.get(i), "run" + i);
        }
        body.append("</main>\n");
        String subtitle = results.size() == 1 ? describe(results.get(0).result()) : results.size() + " results";
        return page(title, subtitle, body.toString(), charts);
    }

    /** A page of one report that is not a run's (a comparison): its heading, and the document. */
    public static String render(String title, String subtitle, String heading, Doc doc, String id) {
        StringBuilder body = new StringBuilder("<main>\n<section class=\"run\" id=\"").append(id).append("\">\n<h2>")
                .append(esc(heading)).append("</h2>\n");
        List<Map<String, Object>> charts = new ArrayList<>();
        blocks(body, charts, doc, id);
        body.append("</section>\n</main>\n");
        return page(title, subtitle, body.toString(), charts);
    }

    /** A page around {@code bodyHtml} that draws {@code charts} (each with an "id" of a canvas in the body). */
    static String page(String title, String subtitle, String bodyHtml, List<Map<String, Object>> charts) {
        String data;
        try {
            data = Json.lines().writeValueAsString(finite(charts)).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + resource("report.css") + "</style>\n</head>\n<body>\n"
                + "<div id=\"cqlbench-status\" hidden></div>\n"
                + "<script>\n" + resource("report-errors.js") + "</script>\n"
                + "<header><h1>" + esc(title) + "</h1><p>" + esc(subtitle) + "</p></header>\n"
                + bodyHtml
                + "<script type=\"application/json\" id=\"cqlbench-charts\">" + data + "</script>\n"
                + "<script>\n" + script(CHART_JS) + "\n</script>\n"
                + "<script>\n" + script(ANNOTATION_JS) + "\n</script>\n"
                + "<script>\n" + resource("report.js") + "\n</script>\n"
                + "</body>\n</html>\n";
    }

    /** The same data with NaN and infinities as null: JSON has no such numbers and the page's parser refuses them. */
    static Object finite(Object value) {
        if (value instanceof Double d) {
            return Double.isFinite(d) ? d : null;
        }
        if (value instanceof double[] array) {
            List<Object> out = new ArrayList<>();
            for (double d : array) {
                out.add(finite(d));
            }
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new java.util.LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, finite(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(finite(v)));
            return out;
        }
        return value;
    }

    private static void section(StringBuilder body, List<Map<String, Object>> charts, Reading reading, String id) {
        RunResult result = reading.result();
        body.append("<section class=\"run\" id=\"").append(id).append("\">\n<h2>").append(esc(result.scenario()))
                .append("</h2>\n<p class=\"meta\">").append(esc(describe(result))).append("</p>\n");
        if (result.course().partial()) {
            body.append("<p class=\"warn\">partial result: ").append(esc(String.valueOf(result.course().stopReason())))
                    .append(" (what is shown was measured)</p>\n");
        }
        // the answers are on the board above; here the comparisons, the charts that carry information, and every
        // table behind a disclosure
        Forest forest = Forest.of(reading, Scenarios.verdictList(reading));
        if (!forest.rows().isEmpty()) {
            Map<String, Object> config = HtmlCharts.forest(forest, id + "-forest");
            charts.add(config);
            body.append("<figure class=\"forest\"><figcaption>").append(esc(String.valueOf(config.get("title"))))
                    .append("</figcaption><div class=\"forest-box\" style=\"height:")
                    .append(80 + 22 * forest.rows().size()).append("px\"><canvas id=\"").append(config.get("id"))
                    .append("\" role=\"img\" aria-label=\"").append(esc(String.valueOf(config.get("title"))))
                    .append("\"></canvas></div></figure>\n");
        }
        Doc doc = new Doc();
        Figures.of(reading).forEach(doc::figure);
        blocks(body, charts, doc, id);
        body.append("<details><summary>every table (as <code>cqlbench report --full</code> prints them)</summary>\n");
        blocks(body, charts, Scenarios.body(reading), id);
        body.append("</details>\n");
        details(body, "statement audit (what each variant sent)", audit(result));
        details(body, "environment", json(result.ranOn().environment()));
        details(body, "full configuration", json(result.settings()));
        body.append("</section>\n");
    }

    /**
     * The verdict board: every study's claims the results answer, each with the run's effect and interval and the
     * verdict in colour; the claims a run did not decide, named per scenario with the run that would.
     */
    static void board(StringBuilder body, List<Reading> results) {
        StringBuilder rows = new StringBuilder();
        StringBuilder open = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            RunResult result = results.get(i).result();
            List<Verdict> verdicts = Scenarios.verdictList(results.get(i));
            for (Verdict v : verdicts) {
                if (!v.decided()) {
                    continue;
                }
                boolean confirmed = v.status() == Verdict.Status.CONFIRMED;
                rows.append("<tr><td><a href=\"#run").append(i).append("\">").append(esc(result.scenario()))
                        .append("</a></td><td>").append(esc(v.study())).append("</td><td>").append(esc(v.claim()))
                        .append("</td><td>").append(esc(v.answer())).append("</td><td class=\"")
                        .append(confirmed ? Doc.GOOD : Doc.BAD).append("\">").append(confirmed ? "confirmed"
                                : "contradicted").append("</td></tr>\n");
            }
            List<Verdict> undecided = verdicts.stream().filter(v -> !v.decided()).toList();
            if (!undecided.isEmpty()) {
                open.append("<li><b>").append(esc(result.scenario())).append("</b>: ")
                        .append(esc(String.join("; ", undecided.stream().map(Verdict::claim).toList())))
                        .append(" — to answer ").append(undecided.size() == 1 ? "it" : "them").append(", ")
                        .append(code(Verdicts.toAnswer(results.get(i), undecided))).append("</li>\n");
            }
        }
        if (rows.isEmpty() && open.isEmpty()) {
            return;
        }
        body.append("<section class=\"board\" id=\"verdicts\">\n<h2>The studies' claims, answered</h2>\n");
        if (!rows.isEmpty()) {
            body.append("<table class=\"verdicts\">\n<tr><th>scenario</th><th>study</th><th>claim</th>"
                    + "<th>this run (simultaneous interval)</th><th>verdict</th></tr>\n").append(rows)
                    .append("</table>\n");
        }
        if (!open.isEmpty()) {
            body.append("<p>Not decided by these runs:</p>\n<ul class=\"open\">\n").append(open).append("</ul>\n");
        }
        body.append("</section>\n");
    }

    /** Escaped text with its `backquoted` parts as code. */
    static String code(String text) {
        StringBuilder out = new StringBuilder();
        String[] parts = text.split("`", -1);
        for (int i = 0; i < parts.length; i++) {
            out.append(i % 2 == 1 ? "<code>" + esc(parts[i]) + "</code>" : esc(parts[i]));
        }
        return out.toString();
    }

    /** Text as preformatted text, tables as tables, figures as charts (adjacent ones side by side). */
    static void blocks(StringBuilder body, List<Map<String, Object>> charts, Doc doc, String prefix) {
        boolean inCharts = false;
        for (Doc.Part part : doc.parts()) {
            if (part instanceof Doc.Chart chart) {
                if (!inCharts) {
                    body.append("<div class=\"charts\">\n");
                    inCharts = true;
                }
                Map<String, Object> config = HtmlCharts.chart(chart.figure(), prefix + "-chart" + charts.size());
                charts.add(config);
                body.append("<figure><figcaption>").append(esc(chart.figure().title()))
                        .append("</figcaption><div class=\"chart-box\"><canvas id=\"").append(config.get("id"))
                        .append("\" role=\"img\" aria-label=\"").append(esc(chart.figure().title()))
                        .append("\"></canvas></div></figure>\n");
                continue;
            }
            if (inCharts) {
                body.append("</div>\n");
                inCharts = false;
            }
            if (part instanceof Doc.Text text) {
                String t = text.text().strip();
                if (!t.isEmpty()) {
                    body.append("<pre class=\"text\">").append(esc(t)).append("</pre>\n");
                }
            } else if (part instanceof Doc.Grid grid) {
                table(body, grid.rows(), grid.marks());
            }
        }
        if (inCharts) {
            body.append("</div>\n");
        }
    }

    static void table(StringBuilder body, List<List<String>> rows, Map<String, String> marks) {
        body.append("<table>\n<tr>");
        for (String h : rows.get(0)) {
            body.append("<th>").append(esc(h)).append("</th>");
        }
        body.append("</tr>\n");
        for (List<String> row : rows.subList(1, rows.size())) {
            body.append("<tr>");
            for (String cell : row) {
                boolean numeric = !cell.isEmpty() && (Character.isDigit(cell.charAt(0))
                        || cell.length() > 1 && (cell.charAt(0) == '-' || cell.charAt(0) == '+')
                        && Character.isDigit(cell.charAt(1)));
                String mark = marks.get(cell);
                body.append(mark != null ? "<td class=\"" + esc(mark) + "\">" : numeric ? "<td class=\"num\">" : "<td>")
                        .append(esc(cell)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
    }

    private static String audit(RunResult result) {
        StringBuilder out = new StringBuilder();
        for (VariantResult v : result.variants()) {
            out.append(v.variant()).append(" (").append(v.libraryDescription()).append(' ').append(v.libraryVersion())
                    .append(")\n");
            if (v.audit() != null) {
                v.audit().forEach((k, value) -> out.append("  ").append(k).append(": ").append(value).append('\n'));
            }
        }
        return out.toString();
    }

    private static void details(StringBuilder body, String summary, String content) {
        body.append("<details><summary>").append(esc(summary)).append("</summary><pre class=\"json\">")
                .append(esc(content)).append("</pre></details>\n");
    }

    private static String json(Object value) {
        try {
            return Json.pretty().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }

    static String describe(RunResult result) {
        Environment env = result.ranOn().environment();
        String target = env == null ? "" : ", target " + env.target();
        return result.scenario() + ": started " + result.course().startedAt() + ", finished "
                + result.course().finishedAt() + target + ", " + result.variants().size() + " variant(s), cqlbench "
                + (env == null ? "?" : env.cqlbenchVersion());
    }

    static String esc(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String script(String path) {
        String js = read(HtmlReport.class.getResourceAsStream(path), path);
        // no source map to fetch, and nothing that could close the script element early
        return js.replaceAll("(?m)^//# sourceMappingURL=.*$", "").replace("</script", "<\\/script");
    }

    private static String resource(String name) {
        return read(HtmlReport.class.getResourceAsStream(name), name);
    }

    private static String read(InputStream in, String name) {
        if (in == null) {
            throw new IllegalStateException("missing report resource " + name);
        }
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
