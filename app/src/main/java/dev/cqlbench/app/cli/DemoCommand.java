package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunLine;
import dev.cqlbench.run.RunOption;
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
 * Every registered scenario with what its study's claims need ({@link Scenario#demo()}), on embedded servers: the
 * first thing a new user runs. The parts that need one node share one, started once (or a cluster kept by 'cqlbench
 * cluster start'); the parts that start their own nodes start them. Each part is exactly a 'run' command line,
 * parsed and validated as if typed, with its own result directory, and stops once its questions are answered: the
 * time it leaves goes to the parts after it, in proportion to their own limits. What a part did not decide its
 * report names with the run that would.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Versions.class)
public final class DemoCommand implements Callable<Integer> {

    /** Each part's command line, in registration order (a scenario that needs the user's input has none). */
    static List<RunLine> parts() {
        return Scenarios.all().stream().flatMap(s -> s.demo().stream()).toList();
    }

    /** The help: every part's command line. */
    static void describe(CommandLine demo) {
        List<String> lines = new ArrayList<>(List.of(
                "Runs every built-in scenario with what its study's claims need, on embedded servers, and prints the "
                        + "verdicts:"));
        parts().forEach(p -> lines.add("  " + String.join(" ", p.args())));
        lines.add("Results go to --out/<scenario>; --out/report.html shows every scenario on one page. A part that "
                + "answers its questions early leaves its time (--max-time) to the parts after it.");
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

    /** Seconds the parts so far spent measuring. */
    private double measuring;

    @Override
    public Integer call() throws Exception {
        long begin = System.nanoTime();
        Path out = output.directory("demo");
        Optional<KeptCluster.State> kept = KeptCluster.read(KeptCluster.defaultDir());
        only.forEach(Scenarios::named); // an unknown name is refused before anything starts
        List<RunLine> chosen = parts().stream().filter(p -> only.isEmpty() || only.contains(p.scenario())).toList();
        // the parts on one node first, on a node they share, stopped before the parts that start their own
        List<RunLine> onANode = chosen.stream().filter(DemoCommand::sharesANode).toList();
        List<RunLine> ownNodes = chosen.stream().filter(p -> !sharesANode(p)).toList();
        Path shared = out.resolve("cluster");
        Budget budget = new Budget(chosen.stream().mapToInt(DemoCommand::maxTime).sum());
        List<Reading> results = new ArrayList<>();
        int worst;
        ClusterCommand.Kept node = null;
        try {
            if (kept.isEmpty() && !onANode.isEmpty()) {
                node = ClusterCommand.keep(shared, 1, 1, new NodeOptions(), false, root.context());
            }
            worst = run(onANode, out, kept, node == null ? null : shared, budget, results);
        } finally {
            if (node != null) {
                node.cluster().close();
                KeptCluster.stop(shared, node.state(), false);
            }
        }
        worst = Math.max(worst, run(ownNodes, out, kept, null, budget, results));
        if (!results.isEmpty()) {
            Path report = ReportCommand.writeHtml(results, out.resolve(ResultFiles.REPORT_HTML), "cqlbench demo");
            root.context().progress().line("demo: every scenario on one page: " + report.toUri());
        }
        long seconds = Math.round((System.nanoTime() - begin) / 1e9);
        root.context().progress().line(String.format(java.util.Locale.ROOT,
                "demo: done in %dm%02ds, %d s of it measuring", seconds / 60, seconds % 60, Math.round(measuring)));
        return worst;
    }

    /** A part that runs on whatever single node it is given: no nodes of its own, no cluster size asked. */
    static boolean sharesANode(RunLine part) {
        return !Scenarios.named(part.scenario()).startsItsOwnNodes() && !part.has(RunOption.NODES);
    }

    private int run(List<RunLine> chosen, Path out, Optional<KeptCluster.State> kept, Path shared,
                    Budget budget, List<Reading> results) throws Exception {
        int worst = 0;
        for (RunLine part : chosen) {
            if (root.context().lifecycle().stopRequested()) {
                break;
            }
            if (kept.isPresent() && Scenarios.named(part.scenario()).startsItsOwnNodes()) {
                root.context().progress().line("demo: " + part.scenario() + " left out: it starts the nodes it "
                        + "measures itself, and a cluster is kept ('cqlbench cluster stop' to include it)");
                continue;
            }
            RunLine line = part;
            if (kept.isPresent() && line.has(RunOption.NODES) && line.value(RunOption.RF).isPresent()) {
                // the kept cluster is used as it is: its size, and an RF it can hold
                int nodes = kept.get().nodes().size();
                line = line.without(RunOption.NODES).with(RunOption.RF, Integer.toString(Math.min(nodes,
                        Integer.parseInt(line.value(RunOption.RF).get()))));
            }
            if (shared != null && sharesANode(part)) {
                line = line.with(RunOption.CLUSTER_DIR, shared.toString());
            }
            int limit = maxTime(part);
            if (limit > 0) {
                line = line.with(RunOption.MAX_TIME, Integer.toString(budget.limit(limit)));
            }
            line = line.with(RunOption.OUT, out.resolve(part.scenario()).toString());
            if (root.debug) {
                line = line.withFlag("--debug");
            }
            if (output.hdrLog) {
                line = line.withFlag("--hdr-log");
            }
            List<String> args = line.args();
            root.context().progress().line("demo: " + String.join(" ", args));
            int code;
            long begin = System.nanoTime();
            try {
                code = PartRuns.call(root.context(), line, false);
            } catch (RuntimeException e) {
                // one part failing (a node that would not start…) leaves the others to run and the page to show
                code = Main.knownExitCode(e).orElseThrow(() -> e);
                root.context().progress().line("demo: " + part.scenario() + " failed: " + e.getMessage());
            }
            worst = Math.max(worst, code);
            Path result = out.resolve(part.scenario()).resolve(ResultFiles.RESULT_JSON);
            if (Files.exists(result)) {
                RunResult read = ResultFiles.read(result);
                results.add(Reading.of(read));
                Rounds rounds = read.rounds();
                budget.spent(limit, rounds == null ? limit : rounds.seconds());
                measuring += read.measuringSeconds();
                root.context().progress().line(partTime(part.scenario(), (System.nanoTime() - begin) / 1e9,
                        read.measuringSeconds()));
            } else {
                budget.spent(limit, limit);
            }
        }
        return worst;
    }

    /** How long a part took and how much of it measured: what the rest (starting, warming) cost. */
    static String partTime(String scenario, double seconds, double measuring) {
        return String.format(java.util.Locale.ROOT, "demo: %s took %d s, %d s of it measuring (%d %%)", scenario,
                Math.round(seconds), Math.round(measuring), Math.round(100 * measuring / Math.max(1e-9, seconds)));
    }

    /** A part's --max-time; 0 when it has none (its length is set by its phases). */
    static int maxTime(RunLine part) {
        return part.value(RunOption.MAX_TIME).map(Integer::parseInt).orElse(0);
    }

    /**
     * The demo's time: each part may measure for its own limit and a share of what the parts before it left,
     * in proportion to its limit among the limits still ahead.
     */
    static final class Budget {

        private int ahead;
        private double left;
        private int given;

        Budget(int total) {
            this.ahead = total;
        }

        /** A part's limit: its own, and its share of the time the parts before it left. */
        int limit(int own) {
            double share = own <= 0 || ahead <= 0 ? 0 : left * own / ahead;
            left -= share;
            given = (int) Math.round(own + share);
            return given;
        }

        /** The part just given its limit, whose own was {@code own}, measured for {@code seconds}. */
        void spent(int own, double seconds) {
            if (own <= 0) {
                return;
            }
            ahead -= own;
            left += Math.max(0, given - seconds);
        }
    }
}
