package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What README.md and docs/ say of the command line, checked against the command line's own model (picocli's): every
 * option a page names exists, every {@code ./cqlbench …} line of a page parses, every default an options table gives
 * is the code's, and docs/reference/ holds each command's help as the code prints it today.
 */
class OptionsDocsTest {

    /** Not cqlbench's: the JVM's, cassandra-easy-stress's (other-tools.md), the typo troubleshooting.md shows. */
    private static final Set<String> OTHERS = Set.of("--add-opens", "--ttl", "--compaction", "--compression",
            "--replication", "--maxrlat", "--libary");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w\\-/.])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\\w-])");
    private static final Path REFERENCE = DocsLinksTest.repositoryRoot().resolve("docs").resolve("reference");

    /** Every command of the tree by its path ("run crud", "cluster start"), the root as "". */
    private static Map<String, CommandLine> commands() {
        Map<String, CommandLine> out = new LinkedHashMap<>();
        walk("", Main.commandLine(CiFilesTest.context()), out);
        TEST_SCENARIOS.forEach(name -> out.remove("run " + name));
        return out;
    }

    /** Scenarios the tests bring (the recipes' roundtrip): no commands of cqlbench's. */
    private static final List<String> TEST_SCENARIOS = dev.cqlbench.scenario.Scenarios.all().stream()
            .filter(s -> s.getClass().getProtectionDomain().getCodeSource().getLocation().getPath()
                    .contains("test-classes"))
            .map(dev.cqlbench.scenario.Scenario::name).toList();

    private static void walk(String path, CommandLine line, Map<String, CommandLine> out) {
        out.put(path, line);
        line.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandName().equals(name)) { // aliases once
                walk((path + " " + name).strip(), sub, out);
            }
        });
    }

    private static Set<String> names(CommandLine line) {
        Set<String> names = new TreeSet<>();
        for (OptionSpec option : line.getCommandSpec().options()) {
            for (String name : option.names()) {
                names.add(name);
                if (option.negatable() && name.startsWith("--")) {
                    names.add("--no-" + name.substring(2));
                }
            }
        }
        return names;
    }

    /** "`./cqlbench demo` runs `./cqlbench run crud …`": a scenario page names its part of the demo as the code has it. */
    @Test
    void everyScenarioPageGivesItsDemoPartAsTheDemoRunsIt() throws IOException {
        Pattern demoLine = Pattern.compile("`\\./cqlbench demo` runs `(\\./cqlbench run ([a-z-]+)[^`]*)`");
        int pages = 0;
        for (dev.cqlbench.scenario.Scenario<?> scenario : dev.cqlbench.scenario.Scenarios.all()) {
            if (scenario.demo().isEmpty() || TEST_SCENARIOS.contains(scenario.name())) {
                continue;
            }
            Path page = DocsLinksTest.repositoryRoot().resolve("docs").resolve(scenario.name() + ".md");
            Matcher m = demoLine.matcher(Files.readString(page));
            assertThat(m.find()).as("%s names its part of the demo", page.getFileName()).isTrue();
            assertThat(m.group(1)).as(page.getFileName().toString()).isEqualTo(scenario.demo().get().toString());
            pages++;
        }
        assertThat(pages).as("the six studies' scenarios").isEqualTo(6);
    }

    @Test
    void everyOptionAPageNamesExists() throws IOException {
        Set<String> known = new TreeSet<>(OTHERS);
        commands().values().forEach(line -> known.addAll(names(line)));
        List<String> unknown = new ArrayList<>();
        for (Path file : DocsLinksTest.markdownFiles(DocsLinksTest.repositoryRoot())) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = OPTION.matcher(lines.get(i).replace("--[no-]", "--"));
                while (m.find()) {
                    if (!known.contains(m.group())) {
                        unknown.add(where(file, i) + ": " + m.group());
                    }
                }
            }
        }
        assertThat(unknown).as("options the docs name that no command has").isEmpty();
    }

    @Test
    void everyCommandLineOfAPageParses() throws IOException {
        List<String> refused = new ArrayList<>();
        int parsed = 0;
        for (Path file : DocsLinksTest.markdownFiles(DocsLinksTest.repositoryRoot())) {
            if (file.startsWith(REFERENCE)) {
                continue; // the help's own examples, in its prose ("… (open loop)")
            }
            for (Command command : commandLines(file)) {
                try {
                    Main.commandLine(CiFilesTest.context()).parseArgs(command.args().toArray(String[]::new));
                    parsed++;
                } catch (CommandLine.ParameterException e) {
                    refused.add(command.where() + ": " + String.join(" ", command.args()) + " -> " + e.getMessage());
                }
            }
        }
        assertThat(refused).as("command lines of the docs the command line refuses").isEmpty();
        assertThat(parsed).as("command lines found").isGreaterThan(40);
    }

    @Test
    void everyDefaultAnOptionsTableGivesIsTheCodes() throws IOException {
        Map<String, CommandLine> commands = commands();
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (Path file : DocsLinksTest.markdownFiles(DocsLinksTest.repositoryRoot())) {
            // a scenario's page: its options table speaks of `run <scenario>`
            String page = file.getFileName().toString().replace(".md", "");
            CommandLine command = commands.get("run " + page);
            if (command == null) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            boolean defaults = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (!line.startsWith("|")) {
                    defaults = false;
                    continue;
                }
                List<String> cells = cells(line);
                if (cells.get(cells.size() - 1).equalsIgnoreCase("default")) {
                    defaults = true;
                    continue;
                }
                if (!defaults || line.startsWith("|---")) {
                    continue;
                }
                Set<String> options = new LinkedHashSet<>();
                Matcher m = OPTION.matcher(cells.get(0));
                while (m.find()) {
                    options.add(m.group());
                }
                String[] given = cells.get(cells.size() - 1).replace("`", "").split(",\\s*");
                if (options.isEmpty() || options.size() != given.length) {
                    continue; // not one default per option: prose, not checked
                }
                int k = 0;
                for (String name : options) {
                    String doc = given[k++].strip();
                    OptionSpec option = command.getCommandSpec().findOption(name);
                    String code = option == null ? null : codeDefault(option);
                    if (code == null || !doc.matches("[\\w.\\-/]+") || List.of("on", "off", "none").contains(doc)) {
                        continue;
                    }
                    compared++;
                    if (!same(doc, code)) {
                        wrong.add(where(file, i) + ": " + name + " default " + doc + ", the code's " + code);
                    }
                }
            }
        }
        assertThat(wrong).as("defaults the docs give that the code does not have").isEmpty();
        assertThat(compared).as("defaults compared").isGreaterThan(10);
    }

    /**
     * docs/reference/ holds each command's {@code --help} as the code prints it: a page that differs is stale. With
     * {@code CQLBENCH_WRITE_REFERENCE=1} in the environment the pages are written instead.
     */
    @Test
    void theReferencePagesAreTheCommandsHelp() throws IOException {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder index = new StringBuilder("# Command reference\n\nPart of [cqlbench](../../README.md#documentation)"
                + ": each command's `--help`, written from the command line's own model (a test fails when a page "
                + "is stale).\n\n");
        for (Map.Entry<String, CommandLine> command : commands().entrySet()) {
            if (command.getKey().equals("run")) {
                continue; // its help is every scenario's: each has a page of its own
            }
            String name = ("cqlbench " + command.getKey()).strip();
            String file = name.replace(' ', '-') + ".md";
            String help = command.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing().lines()
                    .filter(l -> TEST_SCENARIOS.stream().noneMatch(t -> l.contains("run " + t + " ")))
                    .reduce((a, b) -> a + "\n" + b).orElse("");
            pages.put(file, "# `" + name + "`\n\n[All commands](README.md)\n\n```\n" + help.lines()
                    .map(String::stripTrailing).reduce((a, b) -> a + "\n" + b).orElse("") + "\n```\n");
            index.append("- [`").append(name).append("`](").append(file).append(")\n");
        }
        pages.put("README.md", index.toString());
        boolean write = "1".equals(System.getenv("CQLBENCH_WRITE_REFERENCE"));
        List<String> stale = new ArrayList<>();
        if (write) {
            Files.createDirectories(REFERENCE);
        }
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Path file = REFERENCE.resolve(page.getKey());
            if (write) {
                Files.writeString(file, page.getValue());
            } else if (!Files.isRegularFile(file) || !Files.readString(file).equals(page.getValue())) {
                stale.add(page.getKey());
            }
        }
        try (var listed = Files.list(REFERENCE)) {
            listed.map(p -> p.getFileName().toString()).filter(f -> !pages.containsKey(f)).forEach(stale::add);
        }
        assertThat(stale).as("docs/reference pages that are not the code's help: regenerate them with "
                + "CQLBENCH_WRITE_REFERENCE=1 ./mvnw -q -B test -pl app -am -Dtest=OptionsDocsTest "
                + "-Dsurefire.failIfNoSpecifiedTests=false").isEmpty();
    }

    private record Command(String where, List<String> args) {}

    /** The {@code ./cqlbench …} lines of a page's code blocks (continuations joined), up to a pipe or redirection. */
    private static List<Command> commandLines(Path file) throws IOException {
        List<Command> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        boolean code = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
                code = !code;
                continue;
            }
            if (!code) {
                continue;
            }
            String text = line.startsWith("$ ") ? line.substring(2) : line;
            if (!text.startsWith("./cqlbench ")) {
                continue;
            }
            int first = i;
            while (text.endsWith("\\") && i + 1 < lines.size()) {
                text = text.substring(0, text.length() - 1) + " " + lines.get(++i).strip();
            }
            String args = text.substring("./cqlbench ".length()).split("\\s(\\||>|2>|&|#|;)")[0].strip();
            if (args.endsWith("&")) {
                args = args.substring(0, args.length() - 1);
            }
            out.add(new Command(where(file, first), words(args)));
        }
        return out;
    }

    /** A command line's words as a shell splits them: quotes kept together, environment references left as they are. */
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(text);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }

    private static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("(?<!\\\\)\\|")) {
            cells.add(cell.strip());
        }
        return cells;
    }

    /** The default as the code has it: the option's default value, else its field's initial value; null if none. */
    private static String codeDefault(OptionSpec option) {
        if (option.defaultValue() != null) {
            return option.defaultValue();
        }
        Object initial = option.initialValue();
        if (initial == null || initial instanceof Boolean) {
            return null;
        }
        if (initial instanceof java.util.Collection<?> c) {
            return c.size() == 1 ? String.valueOf(c.iterator().next()) : null;
        }
        return String.valueOf(initial);
    }

    private static boolean same(String doc, String code) {
        try {
            return Double.parseDouble(doc) == Double.parseDouble(code);
        } catch (NumberFormatException e) {
            return doc.toLowerCase(Locale.ROOT).equals(code.toLowerCase(Locale.ROOT));
        }
    }

    private static String where(Path file, int index) {
        return DocsLinksTest.repositoryRoot().relativize(file) + ":" + (index + 1);
    }
}
