package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.BindingModule;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
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

    @Mixin
    VerifyOption verifyOption;

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        return RunExecution.execute(settings(), output.directory("crud"), output, run.context());
    }

    RunSettings settings() {
        List<BindingModule> variants = BindingCatalog.resolve(libraries, "crud");
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
        scenario.validated();
        if ((long) operations * repetitions > Integer.MAX_VALUE) {
            throw new CqlbenchException(ExitCode.USAGE, "--ops × --repetitions is too large");
        }
        List<BindingModule> syncOnly = variants.stream().filter(v -> !v.async()).toList();
        if (executionMode == ExecutionMode.ASYNC) {
            if (!syncOnly.isEmpty() && !libraries.contains("all")) {
                throw new CqlbenchException(ExitCode.USAGE, syncOnly.get(0).variant()
                        + " has no asynchronous API; run it with --mode sync");
            }
            if (!syncOnly.isEmpty()) {
                run.context().progress().line("async mode: leaving out the sync-only "
                        + syncOnly.stream().map(BindingModule::variant).toList());
                variants = variants.stream().filter(BindingModule::async).toList();
            }
        }
        CrudPlan plan = new CrudPlan(operations, repetitions, cycles, warmupOps, executionMode, inFlight, scenario.seed,
                scenario.keyspace, List.of(), null, verifyOption.verify);
        return new RunSettings("crud", variants, plan, target.toSettings(spec), worker.jvmArgs(), worker.timeout(),
                scenario.confidence, syncOnly.stream().map(BindingModule::variant).toList());
    }
}
