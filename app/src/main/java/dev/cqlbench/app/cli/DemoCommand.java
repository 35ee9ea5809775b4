package dev.cqlbench.app.cli;

import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Every registered scenario at the small sizes it gives for the demo ({@link Scenario#demo()}), on embedded servers:
 * the first thing a new user runs. With a cluster kept by 'cqlbench cluster start', every part uses it but those that
 * start their own nodes. Each part is exactly a 'run' command line, parsed and validated as if typed, with its own
 * result directory.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Versions.class)
public final class DemoCommand implements Callable<Integer> {

    /** Each part's command line, in registration order. */
    static List<List<String>> parts() {
        List<List<String>> parts = new ArrayList<>();
        for (Scenario<?> scenario : Scenarios.all()) {
            List<String> part = new ArrayList<>(List.of("run", scenario.name()));
            part.addAll(scenario.demo());
            parts.add(part);
        }
        return parts;
    }

    /** The help: every part's command line. */
    static void describe(CommandLine demo) {
        List<String> lines = new ArrayList<>(List.of(
                "Runs every built-in scenario at small sizes on embedded servers and prints its tables:"));
        parts().forEach(p -> lines.add("  " + String.join(" ", p)));
        lines.add("Results go to --out/<scenario>; --out/report.html shows every scenario on one page.");
        lines.add("With a cluster kept by 'cqlbench cluster start', every part uses it but those that start their "
                + "own nodes (" + Scenarios.all().stream().filter(Scenario::startsItsOwnNodes).map(Scenario::name)
                        .collect(Collectors.joining(", ")) + ").");
        demo.getCommandSpec().usageMessage().description(lines.toArray(String[]::new));
    }

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    OutputOptions output;

    @Option(names = "--only", split = ",", paramLabel = "SCENARIO",
            description = "Run only these parts of the demo, comma-separated (default: every scenario).")
    List<String> only = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Path out = output.directory("demo");
        Optional<KeptCluster.State> kept = KeptCluster.read(KeptCluster.defaultDir());
        int worst = 0;
        List<Path> results = new ArrayList<>();
        only.forEach(Scenarios::named); // an unknown name is refused before anything starts
        for (List<String> part : parts()) {
            if (!only.isEmpty() && !only.contains(part.get(1))) {
                continue;
            }
            if (root.context().lifecycle().stopRequested()) {
                break;
            }
            if (kept.isPresent() && Scenarios.named(part.get(1)).startsItsOwnNodes()) {
                root.context().progress().line("demo: " + part.get(1) + " left out: it starts the nodes it measures "
                        + "itself, and a cluster is kept ('cqlbench cluster stop' to include it)");
                continue;
            }
            List<String> args = new ArrayList<>(part);
            if (kept.isPresent() && args.contains("--nodes") && args.contains("--rf")) {
                // the kept cluster is used as it is: its size, and an RF it can hold
                int nodes = kept.get().nodes().size();
                int at = args.indexOf("--nodes");
                args.subList(at, at + 2).clear();
                int rf = args.indexOf("--rf");
                args.set(rf + 1, Integer.toString(Math.min(nodes, Integer.parseInt(args.get(rf + 1)))));
            }
            args.addAll(List.of("--out", out.resolve(part.get(1)).toString()));
            if (output.debug) {
                args.add("--debug");
            }
            root.context().progress().line("demo: " + String.join(" ", args));
            CommandLine.ParseResult parsed = Main.commandLine(root.context()).parseArgs(args.toArray(String[]::new));
            Callable<?> scenario = parsed.subcommand().subcommand().commandSpec().commandLine().getCommand();
            int code;
            try {
                code = (Integer) scenario.call();
            } catch (RuntimeException e) {
                // one part failing (a node that would not start…) leaves the others to run and the page to show
                code = Main.knownExitCode(e).orElseThrow(() -> e);
                root.context().progress().line("demo: " + part.get(1) + " failed: " + e.getMessage());
            }
            worst = Math.max(worst, code);
            Path result = out.resolve(part.get(1)).resolve(ResultFiles.RESULT_JSON);
            if (Files.exists(result)) {
                results.add(result);
            }
        }
        if (!results.isEmpty()) {
            Path report = ReportCommand.writeHtml(results, out.resolve(ResultFiles.REPORT_HTML), "cqlbench demo");
            root.context().progress().line("demo: every scenario on one page: " + report.toUri());
        }
        return worst;
    }
}
