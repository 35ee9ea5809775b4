package dev.cqlbench.app.cli;

import dev.cqlbench.app.Main;
import dev.cqlbench.app.report.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * Every scenario cqlbench has, at small sizes, on embedded Cassandra (3 nodes for writes; MariaDB for hatshop):
 * the first thing a new user runs. With a cluster kept by 'cqlbench cluster start', every part uses it.
 * Each part is exactly a 'run' command line, parsed and validated as if typed, with its own result directory.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Runs every built-in scenario at small sizes on an embedded Cassandra and prints its tables:",
            "  run crud --library all --ops 500 --repetitions 3 --cycles 2 --warmup-ops 1000",
            "  run decode --library all --rows 500,1000 --repetitions 3 --cycles 2 --warmup-reads 1000",
            "  run hatshop --count 5000 --orders 200 --repetitions 2 --cycles 2 (with an embedded MariaDB)",
            "  run writes --nodes 3 --rf 2 --writes 10000 --batch-size 2000 --window 2000 --locality 0,40,80 "
                    + "--cycles 2 --repetitions 1",
            "  run mixes --workload read95_update5,update50_read50 --records 10000 --duration 10s --concurrency 16 "
                + "--warmup-ops 5000 --warmup-max-s 10",
            "  run scale-out --nodes 2 --records 10000 --duration 70s --add-node-at 5s --rate 1500",
            "Results go to --out/<scenario>; --out/report.html shows every scenario on one page.",
            "With a cluster kept by 'cqlbench cluster start', every part but scale-out uses it (scale-out needs nodes "
                    + "it starts itself)."})
public final class DemoCommand implements Callable<Integer> {

    static final List<List<String>> PARTS = List.of(
            List.of("run", "crud", "--library", "all", "--ops", "500", "--repetitions", "3", "--cycles", "2",
                    "--warmup-ops", "1000", "--worker-heap-mb", "512"),
            List.of("run", "decode", "--library", "all", "--rows", "500,1000", "--repetitions", "3", "--cycles", "2",
                    "--warmup-reads", "1000", "--worker-heap-mb", "512"),
            List.of("run", "hatshop", "--count", "5000", "--orders", "200", "--repetitions", "2", "--cycles", "2",
                    "--warmup-events", "2000", "--worker-heap-mb", "512"),
            List.of("run", "writes", "--nodes", "3", "--rf", "2", "--writes", "10000", "--batch-size", "2000",
                    "--window", "2000", "--locality", "0,40,80", "--cycles", "2", "--repetitions", "1",
                    "--warmup-writes", "4000", "--worker-heap-mb", "512"),
            List.of("run", "mixes", "--workload", "read95_update5,update50_read50", "--records", "10000",
                    "--duration", "10s", "--concurrency", "16", "--warmup-ops", "5000", "--warmup-max-s", "10",
                    "--worker-heap-mb", "512"),
            List.of("run", "scale-out", "--nodes", "2", "--records", "10000", "--duration", "70s", "--add-node-at",
                    "5s", "--rate", "1500", "--worker-heap-mb", "512"));

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        Path out = output.directory("demo");
        java.util.Optional<dev.cqlbench.app.cluster.KeptCluster.State> kept =
                dev.cqlbench.app.cluster.KeptCluster.read(dev.cqlbench.app.cluster.KeptCluster.defaultDir());
        int worst = 0;
        List<Path> results = new ArrayList<>();
        for (List<String> part : PARTS) {
            if (root.context().lifecycle().stopRequested()) {
                break;
            }
            if (kept.isPresent() && part.get(1).equals("scale-out")) {
                root.context().progress().line("demo: scale-out left out: it adds a node to a cluster it starts "
                        + "itself, and a cluster is kept ('cqlbench cluster stop' to include it)");
                continue;
            }
            List<String> args = new ArrayList<>(part);
            if (kept.isPresent() && args.contains("--nodes")) {
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
            } catch (dev.cqlbench.app.CqlbenchException e) {
                // one part failing (a node that would not start…) leaves the others to run and the page to show
                root.context().progress().line("demo: " + part.get(1) + " failed: " + e.getMessage());
                code = e.exitCode();
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
