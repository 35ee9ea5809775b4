package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.orchestrate.Orchestrator;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.binding.BatchRejectedException;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.report.Gate;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.scenario.Scenarios;
import java.nio.file.Path;
import java.util.List;

/** What every scenario command does once its settings are valid: run, write, print, pick the exit code. */
final class RunExecution {

    private static final String REJECTED_KIND = BatchRejectedException.class.getSimpleName();

    private RunExecution() {}

    /**
     * @param live where the run is watched live ({@link LiveMetrics#unwatched} when it is not)
     * @param ci   the summary's format and the gate, judged once the run's own exit code is 0
     */
    static int execute(RunSettings settings, Path out, CommandContext context, boolean strictAudit, LiveMetrics live,
                       CiOptions ci) {
        ResultFiles.checkWritable(out);
        RunResult result = new Orchestrator(context.layout().get(), context.lifecycle(), context.progress(),
                Versions.cqlbench(), live).run(settings, out.resolve("logs"));
        return report(result, out, context, strictAudit, ci);
    }

    /**
     * What a finished run (or several pooled) leaves: its files in {@code out}, its verdicts and key table printed,
     * its exit code.
     */
    static int report(RunResult result, Path out, CommandContext context, boolean strictAudit, CiOptions ci) {
        CqlbenchException notWritten = null;
        Reading reading = Reading.of(result);
        try {
            ResultFiles.write(reading, out);
        } catch (CqlbenchException e) {
            notWritten = e; // the disk is full, say: the tables below are what is left of the run
        }
        // the verdicts and one table; every table is on the page and in 'report --full'
        List<Gate.Item> gated = ci.gated() ? Gate.items(reading) : List.of();
        context.out().print(ci.render(Scenarios.brief(reading), () -> Scenarios.markdown(reading), gated));
        if (notWritten != null) {
            throw notWritten;
        }
        context.progress().line("the page: " + out.resolve(ResultFiles.REPORT_HTML).toAbsolutePath().toUri());
        context.progress().line("every table: ./cqlbench report --full " + out);
        int code = exitCode(result, context.progress(), context.lifecycle().stopRequested(), strictAudit);
        return code == ExitCode.OK ? ci.exitCode(gated) : code;
    }

    /**
     * The exit code of a finished run, the most serious first, with a line saying why. A declared audit the servers
     * contradict is always told; it fails the run only with {@code strictAudit}.
     */
    static int exitCode(RunResult result, Progress progress, boolean stopped, boolean strictAudit) {
        List<String> mismatches = result.variants().stream()
                .flatMap(v -> v.auditMismatches().stream().map(m -> v.variant() + ": " + m)).toList();
        mismatches.forEach(m -> progress.line("audit mismatch: " + m));
        if (result.course().events().stream().anyMatch(e -> RunEvent.CLUSTER_DOWN.equals(e.kind()))) {
            progress.line("the cluster went down mid-run; partial results are written");
            return ExitCode.CLUSTER_LOST;
        }
        if (stopped) {
            return ExitCode.INTERRUPTED;
        }
        long differed = result.variants().stream().mapToLong(v -> v.verification().differed()).sum();
        boolean wrongReads = result.variants().stream().flatMap(v -> v.operations().stream())
                .anyMatch(op -> verificationErrors(op) > 0);
        if (differed > 0 || wrongReads) {
            progress.line((differed > 0 ? differed + " values did not read back as written"
                    : "reads came back missing or wrong during the run (see the errors by kind above)")
                    + ": data verification FAILED");
            return ExitCode.VERIFICATION;
        }
        List<String> problems = Scenarios.problems(result);
        if (!problems.isEmpty()) {
            problems.forEach(progress::line);
            progress.line("consistency check FAILED: the databases do not hold what the events imply");
            return ExitCode.VERIFICATION;
        }
        List<String> rejected = result.variants().stream().filter(v -> REJECTED_KIND.equals(v.failureKind()))
                .map(VariantResult::variant).toList();
        if (!rejected.isEmpty()) {
            progress.line("the cluster rejected the workload of " + String.join(", ", rejected) + " (see above)"
                    + (rejected.size() < result.variants().size() ? "; the other variants' results are written"
                    : ", every variant of the run"));
            return ExitCode.REJECTED;
        }
        if (result.variants().stream().anyMatch(v -> v.failure() != null)) {
            return ExitCode.WORKER;
        }
        if (strictAudit && !mismatches.isEmpty()) {
            progress.line("--strict-audit: the servers' counters contradict what " + mismatches.size()
                    + " declared audit line(s) say: FAILED");
            return ExitCode.AUDIT;
        }
        return ExitCode.OK;
    }

    private static long verificationErrors(OperationResult op) {
        return ErrorCounts.VERIFICATION_KINDS.stream().mapToLong(k -> op.errorsByKind().getOrDefault(k, 0L)).sum();
    }
}
