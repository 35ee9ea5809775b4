package dev.cqlbench.app.cli;

import dev.cqlbench.app.Main;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * Every scenario cqlbench has, at small sizes, on an embedded Cassandra: the first thing a new user runs.
 * Each part is exactly a 'run' command line, parsed and validated as if typed.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Runs every built-in scenario at small sizes on an embedded Cassandra and prints its tables.",
            "Today that is: run crud --library all --ops 500 --repetitions 3 --cycles 3 --warmup-ops 5000"})
public final class DemoCommand implements Callable<Integer> {

    static final List<String> CRUD = List.of("run", "crud", "--library", "all", "--ops", "500", "--repetitions", "3",
            "--cycles", "3", "--warmup-ops", "5000", "--worker-heap-mb", "512");

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        List<String> args = new ArrayList<>(CRUD);
        args.addAll(List.of("--out", output.directory("demo").toString()));
        if (output.debug) {
            args.add("--debug");
        }
        root.context().progress().line("demo: " + String.join(" ", args));
        CommandLine.ParseResult parsed = Main.commandLine(root.context()).parseArgs(args.toArray(String[]::new));
        CrudCommand crud = parsed.subcommand().subcommand().commandSpec().commandLine().getCommand();
        return crud.call();
    }
}
