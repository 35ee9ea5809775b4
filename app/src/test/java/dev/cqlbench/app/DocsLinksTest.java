package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md and docs/: every relative link names a file of the repository, every {@code #anchor} a heading of the
 * file it points to (GitHub's slugs), and the README stays short enough for a newcomer.
 */
class DocsLinksTest {

    private static final int README_MAX_LINES = 200;
    /** {@code ](target)} or {@code ](target "title")}, for links and images alike. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    /** An ATX heading; an optional closing run of {@code #} after a space is not part of its text. */
    private static final Pattern HEADING = Pattern.compile("#{1,6}\\s+(.*?)(?:\\s+#+)?\\s*");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        Path root = repositoryRoot();
        List<String> dead = new ArrayList<>();
        for (Path file : markdownFiles(root)) {
            Matcher link = LINK.matcher(Files.readString(file));
            while (link.find()) {
                String target = link.group(1);
                if (!isExternal(target) && !resolves(root, file, target)) {
                    dead.add(root.relativize(file) + ": " + target);
                }
            }
        }
        assertThat(dead).as("dead links in README.md and docs/").isEmpty();
    }

    @Test
    void readmeStaysShort() throws IOException {
        List<String> lines = Files.readAllLines(repositoryRoot().resolve("README.md"));
        assertThat(lines.size()).as("lines in README.md (details belong in docs/)")
                .isLessThanOrEqualTo(README_MAX_LINES);
    }

    @Test
    void slugsFollowGitHubsRule() {
        assertThat(slug("`crud` — study 01, write / read")).isEqualTo("crud--study-01-write--read");
        assertThat(slug("Many client machines: `--client i/N`, `--start-at`, `merge`"))
                .isEqualTo("many-client-machines---client-in---start-at-merge");
        assertThat(slug("Connections, protocol version, coalescing: what the server pays (read_only)"))
                .isEqualTo("connections-protocol-version-coalescing-what-the-server-pays-read_only");
        assertThat(slug("Reports: report.html, `report`")).isEqualTo("reports-reporthtml-report");
        assertThat(headingSlugs("# Tests\n```\n# not a heading\n```\n## Tests\n### Tests ##\n"))
                .containsExactly("tests", "tests-1", "tests-2");
    }

    /** GitHub's anchor: lower case, only letters, digits, spaces, hyphens and underscores kept, spaces to hyphens. */
    static String slug(String heading) {
        StringBuilder kept = new StringBuilder();
        heading.strip().toLowerCase(Locale.ROOT).codePoints()
                .filter(c -> Character.isLetterOrDigit(c) || c == ' ' || c == '-' || c == '_')
                .forEach(c -> kept.appendCodePoint(c == ' ' ? '-' : c));
        return kept.toString();
    }

    /** The anchors of a Markdown file's headings in order, a repeated one suffixed -1, -2 as GitHub does. */
    static List<String> headingSlugs(String markdown) {
        List<String> slugs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inCodeFence = false;
        for (String line : markdown.lines().toList()) {
            if (line.strip().startsWith("```")) {
                inCodeFence = !inCodeFence;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (inCodeFence || !heading.matches()) {
                continue;
            }
            String slug = slug(heading.group(1));
            int earlier = seen.merge(slug, 1, Integer::sum) - 1;
            slugs.add(earlier == 0 ? slug : slug + "-" + earlier);
        }
        return slugs;
    }

    private static boolean resolves(Path root, Path file, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? "" : target.substring(hash + 1);
        Path linked = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!linked.startsWith(root) || !Files.exists(linked)) {
            return false;
        }
        return anchor.isEmpty()
                || linked.toString().endsWith(".md") && headingSlugs(Files.readString(linked)).contains(anchor);
    }

    private static boolean isExternal(String target) {
        return target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:");
    }

    static List<Path> markdownFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** The tests run in the app module; the repository root is the first directory up holding README.md and mvnw. */
    static Path repositoryRoot() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no directory holding README.md and mvnw at or above " + start);
    }
}
