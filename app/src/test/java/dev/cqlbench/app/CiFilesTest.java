package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cqlbench.app.cli.CommandContext;
import dev.cqlbench.app.cli.Main;
import dev.cqlbench.app.orchestrate.Layout;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The CI files docs/ci.md offers are YAML their systems read, and every cqlbench command in them parses with the
 * real command line: an option renamed here fails this build, not a team's pipeline.
 */
class CiFilesTest {

    /** {@code ./cqlbench ARGS}, up to a redirection, an {@code &&} or the line's end. */
    private static final Pattern COMMAND = Pattern.compile("\\./cqlbench\\s+([^>&\\n]+)");

    @Test
    void everyCommandInTheGitHubAndGitLabFilesParses() throws IOException {
        Path dir = DocsLinksTest.repositoryRoot().resolve("docs").resolve("ci");
        JsonNode github = yaml(dir.resolve("github-actions.yml"));
        List<String> githubRuns = new ArrayList<>();
        github.path("jobs").forEach(job -> job.path("steps").forEach(step -> {
            if (step.has("run")) {
                githubRuns.add(step.get("run").asText());
            }
        }));
        List<List<String>> commands = commands(githubRuns);
        assertThat(commands).hasSize(4);
        assertThat(commands).filteredOn(c -> c.contains("--fail-if-slower")).hasSize(2)
                .allSatisfy(c -> assertThat(c).contains("--format", "markdown"));
        assertThat(String.join("\n", githubRuns)).contains(">> \"$GITHUB_STEP_SUMMARY\"");

        JsonNode gitlab = yaml(dir.resolve("gitlab-ci.yml"));
        List<String> scripts = new ArrayList<>();
        gitlab.path("cqlbench-gate").path("script").forEach(s -> scripts.add(s.asText()));
        List<List<String>> gitlabCommands = commands(scripts);
        assertThat(gitlabCommands).hasSize(1);
        commands.addAll(gitlabCommands);

        // a team's recipe: its own code as a variant from its jar, in its own repository (no copy of cqlbench's)
        assertThat(commands).filteredOn(c -> c.get(0).equals("run")).hasSize(4)
                .allSatisfy(c -> assertThat(c).contains("--binding-jar"));
        for (List<String> args : commands) {
            CommandLine line = Main.commandLine(context());
            CommandLine.ParseResult parsed = line.parseArgs(args.toArray(String[]::new)); // throws if it does not
            assertThat(parsed.hasSubcommand()).as(String.join(" ", args)).isTrue();
        }
    }

    private static JsonNode yaml(Path file) throws IOException {
        return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
    }

    private static List<List<String>> commands(List<String> scripts) {
        List<List<String>> out = new ArrayList<>();
        for (String script : scripts) {
            Matcher m = COMMAND.matcher(script);
            while (m.find()) {
                out.add(new ArrayList<>(Arrays.asList(m.group(1).strip().split("\\s+"))));
            }
        }
        return out;
    }

    static CommandContext context() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        return new CommandContext(sink, sink, Layout::fromSystemProperty, new Lifecycle());
    }
}
