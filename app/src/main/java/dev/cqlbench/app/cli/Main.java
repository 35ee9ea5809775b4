package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.profile.BadProfile;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.Scenarios;
import dev.cqlbench.scenario.SchemaClash;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.OptionalInt;
import picocli.CommandLine;

/** Entry point: parses, runs, and maps every failure to a one-line message and an exit code, in one place. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        Lifecycle lifecycle = Lifecycle.withSignalHook();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        int code = execute(args, new CommandContext(out, err, Layout::fromSystemProperty, lifecycle,
                Progress.console(err)));
        lifecycle.finished(code);
        if (!lifecycle.shuttingDown()) {
            System.exit(code);
        }
        // SIGTERM (or a Ctrl-C where SIGINT goes to the shutdown hook) is shutting the JVM down: System.exit would
        // block. The hook, released by finished(code), halts with this code (130 for a stopped run, as documented)
        // rather than the signal's status (143); so does this thread, whichever gets there first.
        Runtime.getRuntime().halt(code);
    }

    public static int execute(String[] args, CommandContext context) {
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine commandLine = commandLine(context);
        commandLine.setParameterExceptionHandler((ex, arguments) -> {
            // one line still, with picocli's guesses at a typo ('--libary': did you mean --library?)
            java.util.List<String> guesses = ex instanceof CommandLine.UnmatchedArgumentException unmatched
                    ? unmatched.getSuggestions() : java.util.List.of();
            context.err().println("cqlbench: " + ex.getMessage() + (guesses.isEmpty() ? ""
                    : " (did you mean " + String.join(" or ", guesses.subList(0, Math.min(3, guesses.size())))
                    + "?)") + " (see --help)");
            return ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> report(ex, debug, context.err()));
        return commandLine.execute(args);
    }

    /**
     * The whole command tree: the fixed commands, one {@code run} subcommand per registered scenario, and the
     * commands scenarios bring of their own.
     */
    public static CommandLine commandLine(CommandContext context) {
        CommandLine root = new CommandLine(new CqlbenchCommand(context));
        CommandLine run = new CommandLine(new RunCommand(context));
        Scenarios.all().forEach(scenario -> run.addSubcommand(ScenarioCommand.of(scenario, context)));
        RunCommand.describeScenarios(run);
        CommandLine demo = new CommandLine(new DemoCommand());
        DemoCommand.describe(demo);
        root.addSubcommand(run).addSubcommand(demo).addSubcommand(new ReportCommand())
                .addSubcommand(new CompareCommand()).addSubcommand(new MergeCommand()).addSubcommand(new PoolCommand());
        for (Scenario<?> scenario : Scenarios.all()) {
            for (Object command : scenario.commands()) {
                CommandLine line = new CommandLine(command);
                line.getCommandSpec().versionProvider(new Versions());
                root.addSubcommand(line);
            }
        }
        root.addSubcommand(new ClusterCommand()).addSubcommand(new CalibrateCommand());
        // bash and zsh completion of every command, option and value list: source <(./cqlbench generate-completion)
        CommandLine completion = new CommandLine(new picocli.AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(false).description("Prints a bash/zsh completion script "
                + "for cqlbench's commands and options: source <(./cqlbench generate-completion), with cqlbench on "
                + "the PATH.");
        completion.getCommandSpec().versionProvider(new Versions());
        root.addSubcommand("generate-completion", completion);
        // set last: picocli hands these to the subcommands present when they are set
        return root.setOut(new PrintWriter(context.out(), true)).setErr(new PrintWriter(context.err(), true))
                .setUsageHelpWidth(120);
    }

    /** The exit code of a failure the user can act on; empty for a bug. */
    static OptionalInt knownExitCode(Throwable ex) {
        if (ex instanceof CqlbenchException known) {
            return OptionalInt.of(known.exitCode());
        }
        if (ex instanceof BadSetting || ex instanceof BadProfile) {
            return OptionalInt.of(ExitCode.USAGE);
        }
        if (ex instanceof SchemaClash) {
            return OptionalInt.of(ExitCode.SCHEMA);
        }
        return OptionalInt.empty();
    }

    private static int report(Exception ex, boolean debug, PrintStream err) {
        OptionalInt known = knownExitCode(ex);
        if (known.isPresent()) {
            err.println("cqlbench: " + ex.getMessage());
        } else {
            err.println("cqlbench: internal error: " + ex.getClass().getSimpleName() + ": " + ex.getMessage()
                    + (debug ? "" : " (run with --debug for the stack trace)"));
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        return known.orElse(ExitCode.INTERNAL);
    }
}
