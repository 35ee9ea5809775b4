package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunPool;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** Several whole runs of one command as one answer ({@link RunPool}), from their results. */
@Command(name = "pool", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Pools whole runs of one command (the same scenario, variants and questions; their seeds may "
                + "differ, and should) into one answer: each run's paired ratio, averaged over the runs, with what "
                + "moves whole runs apart (the host's state, the node's, its data) divided by their number, which "
                + "no number of rounds or JVMs in one run divides. 'run … --runs R' makes and pools R runs at once.",
            "Runs of different scenarios, variants or questions are refused (exit 12). The pooled result keeps every "
                + "run whole: report, compare and the CI gate read it as any other."},
        footer = {"", "Example:",
            "  ./cqlbench pool results/crud-a results/crud-b results/crud-c --out results/crud-pooled"})
public final class PoolCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    CombinedResults given;

    @Option(names = RunOption.PRECISION, paramLabel = "P",
            description = "The difference that does not matter: each question of the pool is answered different or the "
                    + "same within ±P (default: ${DEFAULT-VALUE}; the runs' own precision is not used: runs made to be "
                    + "pooled run with 0).")
    double precision = dev.cqlbench.run.Defaults.PRECISION;

    @Option(names = "--strict-audit",
            description = "Fail (exit 11) when the servers' own counters contradict what a variant declares it sends.")
    boolean strictAudit;

    @Mixin
    CiOptions ci;

    @Override
    public Integer call() {
        ci.check();
        List<RunResult> runs = given.read().stream().map(CombinedResults.Given::result).toList();
        RunResult pooled;
        try {
            pooled = RunPool.of(runs, precision);
        } catch (RunPool.Refused e) {
            throw new CqlbenchException(ExitCode.MERGE_REFUSED, "cannot pool: " + e.getMessage(), e);
        }
        ResultFiles.checkWritable(given.out);
        return RunExecution.report(pooled, given.out, root.context(), strictAudit, ci);
    }
}
