package dev.cqlbench.app.cli;

import dev.cqlbench.app.Main;
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
            "  run crud --library all --ops 500 --repetitions 3 --cycles 3 --warmup-ops 3000",
            "  run decode --library all --rows 1000,2000 --repetitions 3 --cycles 2 --warmup-reads 3000",
            "  run hatshop --count 5000 --orders 200 --repetitions 2 --cycles 2 (with an embedded MariaDB)",
            "  run writes --nodes 3 --rf 2 --writes 20000 --batch-size 2000 --window 2000 --locality 0,40,80 "
                    + "--cycles 2 --repetitions 1",
            "Results go to --out/crud, --out/decode, --out/hatshop and --out/writes."})
public final class DemoCommand implements Callable<Integer> {

    static final List<List<String>> PARTS = List.of(
            List.of("run", "crud", "--library", "all", "--ops", "500", "--repetitions", "3", "--cycles", "3",
                    "--warmup-ops", "3000", "--worker-heap-mb", "512"),
            List.of("run", "decode", "--library", "all", "--rows", "1000,2000", "--repetitions", "3", "--cycles", "2",
                    "--warmup-reads", "3000", "--worker-heap-mb", "512"),
            List.of("run", "hatshop", "--count", "5000", "--orders", "200", "--repetitions", "2", "--cycles", "2",
                    "--warmup-events", "2000", "--worker-heap-mb", "512"),
            List.of("run", "writes", "--nodes", "3", "--rf", "2", "--writes", "20000", "--batch-size", "2000",
                    "--window", "2000", "--locality", "0,40,80", "--cycles", "2", "--repetitions", "1",
                    "--warmup-writes", "4000", "--worker-heap-mb", "512"));

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
        for (List<String> part : PARTS) {
            if (root.context().lifecycle().stopRequested()) {
                break;
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
            int code = (Integer) scenario.call();
            worst = Math.max(worst, code);
        }
        return worst;
    }
}
