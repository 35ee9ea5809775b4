package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.RunPool;
import dev.cqlbench.run.RunLine;
import dev.cqlbench.run.RunOption;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * Runs of one command that make up another's answer (the demo's parts, a calibration's runs, the runs pooled by
 * {@code --runs}): each exactly a 'run' command line, parsed and validated as if typed, run in this JVM.
 */
final class PartRuns {

    private PartRuns() {}

    /** Runs {@code line}; its tables go to the terminal unless {@code quiet} (then only to its own files). */
    static int call(CommandContext context, RunLine line, boolean quiet) throws Exception {
        CommandContext where = quiet ? new CommandContext(new PrintStream(OutputStream.nullOutputStream()),
                context.err(), context.layout(), context.lifecycle(), context.progress()) : context;
        CommandLine.ParseResult parsed = Main.commandLine(where).parseArgs(line.args().toArray(String[]::new));
        Callable<?> scenario = parsed.subcommand().subcommand().commandSpec().commandLine().getCommand();
        return (Integer) scenario.call();
    }

    /**
     * {@code runs} whole runs of {@code line} one after another, quietly, each with its own seed (the line's, then
     * one more each), data and output directory ({@code out}/run-i), each with its share of {@code maxSeconds} of
     * rounds and every round it can hold (no look: their answer is the pool's); the results, pooled, their questions
     * answered within ±{@code precision}.
     */
    static RunResult pooled(CommandContext context, RunLine line, int runs, int maxSeconds, long seed,
                            double precision, Path out) throws Exception {
        List<RunResult> results = new ArrayList<>();
        for (int i = 1; i <= runs && !context.lifecycle().stopRequested(); i++) {
            Path dir = out.resolve("run-" + i);
            RunLine part = line
                    .without(RunOption.RUNS, RunOption.OUT, RunOption.SEED, RunOption.PRECISION, RunOption.MAX_TIME)
                    .with(RunOption.SEED, Long.toString(seed + i - 1)).with(RunOption.PRECISION, "0")
                    .with(RunOption.MAX_TIME, Integer.toString(Math.max(1, maxSeconds / runs)))
                    .with(RunOption.OUT, dir.toString());
            context.progress().line(String.format(java.util.Locale.ROOT, "run %d of %d: %s", i, runs, part));
            int code = call(context, part, true);
            Path file = dir.resolve(ResultFiles.RESULT_JSON);
            if (code != ExitCode.OK || !Files.exists(file)) {
                throw new CqlbenchException(code == ExitCode.OK ? ExitCode.INTERNAL : code, "run " + i + " of "
                        + runs + " ended with exit " + code + " (its result and logs: " + dir + "); "
                        + (results.size() >= 2 ? "pool the runs before it with ./cqlbench pool" : "nothing pooled"));
            }
            results.add(ResultFiles.read(file));
        }
        if (results.size() < 2) {
            throw new CqlbenchException(ExitCode.INTERRUPTED, "stopped before two runs were done: nothing pooled");
        }
        return RunPool.of(results, precision);
    }
}
