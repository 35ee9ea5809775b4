package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output a page quotes is what cqlbench prints for the result it quotes. A page marks such a block with a comment
 * before it, invisible on the rendered page: {@code <!-- printed by: report NAME [options] -->}, NAME a result kept
 * in {@code app/src/test/resources/quoted/NAME/result.json.gz} (the run's own result.json, compressed). This test
 * runs {@code report} on it with the options given, as a user would, and every line of the block (less lines that
 * are only {@code …}, where the page left some out) must be a line of what it printed, in the same order: a figure,
 * a verdict or a count the page shows that the result does not give fails here.
 */
class QuotedOutputTest {

    private static final Pattern MARK = Pattern.compile("<!-- printed by: report (\\S+)((?: [^>]+?)?) -->");
    private static final Path QUOTED = Path.of("src", "test", "resources", "quoted");

    record Quote(Path page, int line, String result, List<String> options, List<String> block) {}

    @Test
    void everyBlockAPageQuotesIsWhatReportPrintsForItsResult(@TempDir Path dir) throws IOException {
        List<Quote> quotes = quotes(DocsLinksTest.repositoryRoot());
        assertThat(quotes).as("quoted blocks").hasSizeGreaterThanOrEqualTo(8);
        for (Quote quote : quotes) {
            Path result = dir.resolve(quote.result());
            if (!Files.isDirectory(result)) {
                Files.createDirectories(result);
                Path stored = QUOTED.resolve(quote.result()).resolve("result.json.gz");
                assertThat(stored).as(quote.page() + ":" + quote.line() + " names a kept result").isRegularFile();
                try (InputStream in = new GZIPInputStream(Files.newInputStream(stored))) {
                    Files.copy(in, result.resolve("result.json"));
                }
            }
            List<String> args = new ArrayList<>(List.of("report", result.toString()));
            args.addAll(quote.options());
            Cli.Outcome printed = Cli.run(args);
            List<String> lines = printed.out().lines().map(String::stripTrailing).toList();
            assertThat(lines).as(quote.page() + ":" + quote.line() + ": " + printed.err()).isNotEmpty();
            int at = 0;
            for (String quoted : quote.block()) {
                String want = quoted.stripTrailing();
                if (want.isBlank() || want.strip().equals("…")) {
                    continue;
                }
                int found = lines.subList(at, lines.size()).indexOf(want);
                assertThat(found).as("%s:%d quotes a line that `report %s%s` does not print (after the lines before "
                        + "it):%n%s%nit printed:%n%s", quote.page(), quote.line(), quote.result(),
                        String.join(" ", quote.options()).isEmpty() ? "" : " " + String.join(" ", quote.options()),
                        want, printed.out()).isNotNegative();
                at += found + 1;
            }
        }
    }

    /** "format version N" on a page is the version this cqlbench writes (earlier ones are read, not named so). */
    @Test
    void theResultFormatAPageNamesIsTheOneWritten() throws IOException {
        Path root = DocsLinksTest.repositoryRoot();
        Pattern named = Pattern.compile("(?i)(?:result )?format version (\\d+)");
        List<String> pages = new ArrayList<>(List.of("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).map(p -> root.relativize(p).toString()).forEach(pages::add);
        }
        int seen = 0;
        for (String page : pages) {
            Matcher m = named.matcher(Files.readString(root.resolve(page)));
            while (m.find()) {
                seen++;
                assertThat(Integer.parseInt(m.group(1))).as(page + ": " + m.group())
                        .isEqualTo(dev.cqlbench.result.RunResult.FORMAT_VERSION);
            }
        }
        assertThat(seen).as("pages naming the result's format version").isPositive();
    }

    @Test
    void aBlockIsTheFencedBlockAfterItsMark() {
        List<Quote> quotes = quotes(Path.of("page.md"), """
                text
                <!-- printed by: report demo/mixes --full -->

                ~~~~markdown
                | a |
                ```
                inner
                ```
                ~~~~
                ```
                not it
                ```
                """);
        assertThat(quotes).singleElement().satisfies(q -> {
            assertThat(q.result()).isEqualTo("demo/mixes");
            assertThat(q.options()).containsExactly("--full");
            assertThat(q.block()).containsExactly("| a |", "```", "inner", "```");
            assertThat(q.line()).isEqualTo(2);
        });
    }

    /** Every marked block of README.md and docs/. */
    static List<Quote> quotes(Path root) throws IOException {
        List<Quote> all = new ArrayList<>(quotes(root.resolve("README.md"), Files.readString(root.resolve(
                "README.md"))));
        try (Stream<Path> pages = Files.walk(root.resolve("docs"))) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                all.addAll(quotes(root.relativize(page), Files.readString(page)));
            }
        }
        return all;
    }

    /** The marked blocks of one page: each mark's next fenced block, up to the fence that closes it. */
    static List<Quote> quotes(Path page, String text) {
        List<String> lines = text.lines().toList();
        List<Quote> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher mark = MARK.matcher(lines.get(i).strip());
            if (!mark.matches()) { // a line of its own (a page may name the mark in its text)
                continue;
            }
            int open = i + 1;
            while (open < lines.size() && !lines.get(open).startsWith("```") && !lines.get(open).startsWith("~~~")) {
                open++;
            }
            assertThat(open).as(page + ":" + (i + 1) + ": a mark with no block after it").isLessThan(lines.size());
            String fence = lines.get(open).replaceAll("^(`{3,}|~{3,}).*$", "$1");
            int close = open + 1;
            while (close < lines.size() && !lines.get(close).strip().equals(fence)) {
                close++;
            }
            String options = mark.group(2).strip();
            out.add(new Quote(page, i + 1, mark.group(1), options.isEmpty() ? List.of() : List.of(options.split(" ")),
                    lines.subList(open + 1, close)));
            i = close;
        }
        return out;
    }
}
