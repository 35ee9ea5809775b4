package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.ClientMerge;
import dev.cqlbench.result.ClientParts;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.Scenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** One result from the results of the clients that shared a workload ({@code --client i/N}). */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Merges the results of N clients that shared one workload (run with --client i/N and the same "
                + "--run-id or --start-at) into one result: what one client as large as all of them would have "
                + "measured.",
            "Counts and errors are added, histograms added exactly (percentiles are read off the sum, never "
                + "averaged), throughput added per wall-clock second; each second names the clients it holds, and "
                + "each client's clock offset and how busy it was are shown.",
            "Results of another run or workload, a missing client or one given twice are refused (exit 12).",
            "A client whose variant failed or measured nothing is named, after the merged result is written, and "
                + "merge exits 6 (a worker failed).",
            "The merged result is a result like any other: report and compare read it."},
        footer = {"", "Example:",
            "  ./cqlbench merge results/client-0 results/client-1 results/client-2 --out results/merged"})
public final class MergeCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Mixin
    CombinedResults given;

    @Override
    public Integer call() {
        List<ClientParts.Part> parts = new ArrayList<>();
        for (CombinedResults.Given client : given.read()) {
            parts.add(new ClientParts.Part(client.path().toString(), client.result()));
        }
        RunResult merged;
        try {
            merged = ClientMerge.merge(parts);
        } catch (ClientParts.Refused e) {
            throw new CqlbenchException(ExitCode.MERGE_REFUSED, "cannot merge: " + e.getMessage(), e);
        }
        ResultFiles.checkWritable(given.out);
        Reading reading = Reading.of(merged);
        ResultFiles.write(reading, given.out);
        root.context().out().print(Scenarios.report(reading));
        root.context().progress().line("merged " + parts.size() + " clients; results in " + given.out.toAbsolutePath()
                + "; report: " + given.out.resolve(ResultFiles.REPORT_HTML).toAbsolutePath().toUri());
        List<String> failed = ClientParts.failedClients(parts);
        if (!failed.isEmpty()) { // a Job that merges must not report success for a run that is missing a client's work
            throw new CqlbenchException(ExitCode.WORKER, "the merged result is partial: " + String.join("; ", failed));
        }
        return ExitCode.OK;
    }
}
