package dev.cqlbench.app;

import dev.cqlbench.app.cli.CommandContext;
import dev.cqlbench.app.cli.CqlbenchCommand;
import dev.cqlbench.app.cli.RunCommand;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.orchestrate.Lifecycle;
import java.io.PrintStream;
import java.util.Arrays;
import picocli.CommandLine;

/** Entry point: parses, runs, and maps every failure to a one-line message and an exit code, in one place. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        Lifecycle lifecycle = Lifecycle.withSignalHook();
        int code = execute(args, new CommandContext(System.out, System.err, Layout::fromSystemProperty, lifecycle,
                dev.cqlbench.app.orchestrate.Progress.console(System.err)));
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
            context.err().println("cqlbench: " + ex.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> report(ex, debug, context.err()));
        return commandLine.execute(args);
    }

    public static CommandLine commandLine(CommandContext context) {
        CommandLine commandLine = new CommandLine(new CqlbenchCommand(context))
                .setOut(new java.io.PrintWriter(context.out(), true))
                .setErr(new java.io.PrintWriter(context.err(), true))
                .setUsageHelpWidth(120);
        RunCommand.describeScenarios(commandLine.getSubcommands().get("run"));
        return commandLine;
    }

    private static int report(Exception ex, boolean debug, PrintStream err) {
        int code;
        if (ex instanceof CqlbenchException known) {
            err.println("cqlbench: " + known.getMessage());
            code = known.exitCode();
        } else {
            err.println("cqlbench: internal error: " + ex.getClass().getSimpleName() + ": " + ex.getMessage()
                    + (debug ? "" : " (run with --debug for the stack trace)"));
            code = ExitCode.INTERNAL;
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        return code;
    }
}
