package dev.cqlbench.app.cli;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.app.orchestrate.ScenarioOrchestrator;
import dev.cqlbench.app.report.ConsoleReport;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import java.nio.file.Path;

/** What every scenario command does once its settings are valid: run, write, print, pick the exit code. */
final class RunExecution {

    private RunExecution() {}

    static int execute(RunSettings settings, Path out, OutputOptions output, CommandContext context) {
        ResultFiles.checkWritable(out);
        if (output.hdrLog) {
            settings = settings.withWorkerJvmArg("-D" + dev.cqlbench.measure.IntervalLog.PROPERTY + "="
                    + out.resolve("hdr").toAbsolutePath());
        }
        RunResult result = new ScenarioOrchestrator(context.layout().get(), context.lifecycle(), context.progress(),
                Versions.cqlbench()).run(settings, out.resolve("logs"));
        dev.cqlbench.app.CqlbenchException notWritten = null;
        try {
            ResultFiles.write(result, out);
        } catch (dev.cqlbench.app.CqlbenchException e) {
            notWritten = e; // the disk is full, say: the tables below are what is left of the run
        }
        context.out().print(ConsoleReport.render(result));
        if (notWritten != null) {
            throw notWritten;
        }
        context.progress().line("results in " + out.toAbsolutePath() + "; report: "
                + out.resolve(ResultFiles.REPORT_HTML).toAbsolutePath().toUri());
        return exitCode(result, context);
    }

    private static int exitCode(RunResult result, CommandContext context) {
        if (result.events().stream().anyMatch(e -> dev.cqlbench.result.RunEvent.CLUSTER_DOWN.equals(e.kind()))) {
            context.progress().line("the cluster went down mid-run; partial results are written");
            return ExitCode.CLUSTER_LOST;
        }
        if (context.lifecycle().stopRequested()) {
            return ExitCode.INTERRUPTED;
        }
        long differed = result.variants().stream().mapToLong(v -> v.verification().differed()).sum();
        boolean wrongReads = result.variants().stream().flatMap(v -> v.operations().stream())
                .anyMatch(op -> verificationErrors(op) > 0);
        if (differed > 0 || wrongReads) {
            context.progress().line((differed > 0 ? differed + " values did not read back as written"
                    : "reads came back missing or wrong during the run (see the errors by kind above)")
                    + ": data verification FAILED");
            return ExitCode.VERIFICATION;
        }
        java.util.List<String> inconsistent = dev.cqlbench.app.report.ConsistencyCheck.problems(result);
        if (!inconsistent.isEmpty()) {
            inconsistent.forEach(line -> context.progress().line(line));
            context.progress().line("consistency check FAILED: the databases do not hold what the events imply");
            return ExitCode.VERIFICATION;
        }
        java.util.List<String> rejected = result.variants().stream()
                .filter(v -> REJECTED_KIND.equals(v.failureKind())).map(v -> v.variant()).toList();
        if (!rejected.isEmpty()) {
            context.progress().line("the cluster rejected the workload of " + String.join(", ", rejected)
                    + " (see above); the other variants' results are written");
            return ExitCode.REJECTED;
        }
        if (result.variants().stream().anyMatch(v -> v.failure() != null)) {
            return ExitCode.WORKER;
        }
        return ExitCode.OK;
    }

    private static final String REJECTED_KIND = dev.cqlbench.binding.BatchRejectedException.class.getSimpleName();

    private static long verificationErrors(OperationResult op) {
        return ErrorCounts.VERIFICATION_KINDS.stream().mapToLong(k -> op.errorsByKind().getOrDefault(k, 0L)).sum();
    }
}
