package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.BindingModule;
import dev.cqlbench.app.orchestrate.CrudOrchestrator;
import dev.cqlbench.app.orchestrate.CrudSettings;
import dev.cqlbench.app.report.ConsoleReport;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "crud", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 01: write, read, update and delete of single users, library against library; "
                + "average total time of O operations, latency percentiles.")
public final class CrudCommand implements Callable<Integer> {

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--library", split = ",", defaultValue = "driver4", paramLabel = "VARIANT",
            description = "Variants to compare, comma-separated, or 'all' (default: ${DEFAULT-VALUE}).")
    List<String> libraries;

    @Option(names = "--ops", defaultValue = "1000",
            description = "O: operations per repetition (default: ${DEFAULT-VALUE}).")
    int operations;

    @Option(names = "--repetitions", defaultValue = "3",
            description = "R: repetitions of each operation type per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions;

    @Option(names = "--cycles", defaultValue = "3",
            description = "C: cycles, each with R×O new users (default: ${DEFAULT-VALUE}).")
    int cycles;

    @Option(names = "--warmup-ops", defaultValue = "5000",
            description = "Operations of each type run once per worker before measuring, then discarded (default: ${DEFAULT-VALUE}).")
    int warmupOps;

    @Option(names = "--mode", defaultValue = "sync",
            description = "sync: one operation at a time (study 01); async: the library's async API (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--concurrency",
            description = "Operations in flight in async mode (default: 64; sync mode is always 1).")
    Integer concurrency;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of user generation and variant order (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--keyspace", defaultValue = "example", description = "Keyspace of the user table (default: ${DEFAULT-VALUE}).")
    String keyspace;

    @Option(names = "--confidence", defaultValue = "0.999",
            description = "Confidence level of the intervals, between 0 and 1 (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        return execute(settings(), output.directory("crud"), run.context());
    }

    /** Runs crud with the given settings, writes the result directory, prints the tables; shared with demo. */
    static int execute(CrudSettings settings, Path out, CommandContext context) {
        ResultFiles.checkWritable(out);
        RunResult result = new CrudOrchestrator(context.layout().get(), context.lifecycle(), context.progress(),
                Versions.cqlbench()).run(settings, out.resolve("logs"));
        ResultFiles.write(result, out);
        context.out().print(ConsoleReport.render(result));
        context.progress().line("results in " + out.toAbsolutePath());
        return exitCode(result, context);
    }

    CrudSettings settings() {
        List<BindingModule> variants = BindingCatalog.resolve(libraries);
        ExecutionMode executionMode;
        try {
            executionMode = ExecutionMode.valueOf(mode.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CqlbenchException(ExitCode.USAGE, "--mode must be sync or async, got '" + mode + "'");
        }
        if (executionMode == ExecutionMode.SYNC && concurrency != null && concurrency != 1) {
            throw new CqlbenchException(ExitCode.USAGE,
                    "--concurrency " + concurrency + " needs --mode async; sync mode runs one operation at a time");
        }
        int inFlight = concurrency != null ? concurrency : executionMode == ExecutionMode.SYNC ? 1 : 64;
        Checks.positive("--ops", operations);
        Checks.positive("--repetitions", repetitions);
        Checks.positive("--cycles", cycles);
        Checks.notNegative("--warmup-ops", warmupOps);
        Checks.positive("--concurrency", inFlight);
        if (!(confidence > 0 && confidence < 1)) {
            throw new CqlbenchException(ExitCode.USAGE, "--confidence must be between 0 and 1, got " + confidence);
        }
        if (!keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new CqlbenchException(ExitCode.USAGE, "--keyspace '" + keyspace + "' is not a valid keyspace name");
        }
        if ((long) operations * repetitions > Integer.MAX_VALUE) {
            throw new CqlbenchException(ExitCode.USAGE, "--ops × --repetitions is too large");
        }
        if (executionMode == ExecutionMode.ASYNC) {
            for (BindingModule variant : variants) {
                if (!variant.async()) {
                    throw new CqlbenchException(ExitCode.USAGE,
                            variant.variant() + " has no asynchronous API; run it with --mode sync");
                }
            }
        }
        CrudPlan plan = new CrudPlan(operations, repetitions, cycles, warmupOps, executionMode, inFlight, seed,
                keyspace);
        return new CrudSettings(variants, plan, target.toSettings(spec), worker.jvmArgs(), worker.timeout(),
                confidence);
    }

    private static int exitCode(RunResult result, CommandContext context) {
        if (context.lifecycle().stopRequested()) {
            return ExitCode.INTERRUPTED;
        }
        long wrongReads = result.variants().stream().flatMap(v -> v.operations().stream())
                .mapToLong(CrudCommand::verificationErrors).sum();
        if (wrongReads > 0) {
            context.progress().line(wrongReads + " reads did not return what was written: data verification FAILED");
            return ExitCode.VERIFICATION;
        }
        if (result.variants().stream().anyMatch(v -> v.failure() != null)) {
            return ExitCode.WORKER;
        }
        return ExitCode.OK;
    }

    private static long verificationErrors(OperationResult op) {
        return op.errorsByKind().getOrDefault(ErrorCounts.READ_MISSING, 0L)
                + op.errorsByKind().getOrDefault(ErrorCounts.READ_MISMATCH, 0L);
    }
}
