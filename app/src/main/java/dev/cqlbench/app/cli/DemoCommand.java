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
 * Every scenario cqlbench has, at small sizes, on an embedded Cassandra (and MariaDB for hatshop): the first
 * thing a new user runs.
 * Each part is exactly a 'run' command line, parsed and validated as if typed, with its own result directory.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Runs every built-in scenario at small sizes on an embedded Cassandra and prints its tables:",
            "  run crud --library all --ops 500 --repetitions 3 --cycles 3 --warmup-ops 3000",
            "  run decode --library all --rows 1000,2000 --repetitions 3 --cycles 2 --warmup-reads 3000",
            "  run hatshop --count 5000 --orders 200 --repetitions 2 --cycles 2 (with an embedded MariaDB)",
            "Results go to --out/crud, --out/decode and --out/hatshop."})
public final class DemoCommand implements Callable<Integer> {

    static final List<List<String>> PARTS = List.of(
            List.of("run", "crud", "--library", "all", "--ops", "500", "--repetitions", "3", "--cycles", "3",
                    "--warmup-ops", "3000", "--worker-heap-mb", "512"),
            List.of("run", "decode", "--library", "all", "--rows", "1000,2000", "--repetitions", "3", "--cycles", "2",
                    "--warmup-reads", "3000", "--worker-heap-mb", "512"),
            List.of("run", "hatshop", "--count", "5000", "--orders", "200", "--repetitions", "2", "--cycles", "2",
                    "--warmup-events", "2000", "--worker-heap-mb", "512"));

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        Path out = output.directory("demo");
        int worst = 0;
        for (List<String> part : PARTS) {
            if (root.context().lifecycle().stopRequested()) {
                break;
            }
            List<String> args = new ArrayList<>(part);
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
