package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.HtmlReport;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Gate;
import dev.cqlbench.scenario.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** Renders saved results again, terminal tables and report.html, from the result files only. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Renders saved results again (terminal tables and one report.html), reading the result files "
                + "only: nothing is run.",
            "A directory stands for its result.json."},
        footer = {"", "Examples:", "  ./cqlbench report results/crud/result.json",
            "  ./cqlbench report --full results/crud",
            "  ./cqlbench report results/crud results/writes --html both.html"})
public final class ReportCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Parameters(arity = "1..*", paramLabel = "RESULT", description = "result.json files, or the directories holding them.")
    List<Path> results;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Where report.html goes (default: beside the result for one result, ./report.html for several).")
    Path html;

    @Option(names = "--no-console", description = "Write the HTML only; print no tables.")
    boolean noConsole;

    @Option(names = "--full", description = "Print every table a run has (as the page shows them); without it, the "
            + "verdicts and the scenario's key table, as a run prints them.")
    boolean full;

    @Mixin
    CiOptions ci;

    @Override
    public Integer call() {
        ci.check();
        List<Path> files = results.stream().map(ReportCommand::resultFile).toList();
        List<Reading> read = files.stream().map(f -> Reading.of(ResultFiles.read(f))).toList();
        List<Gate.Item> gated = new ArrayList<>();
        for (Reading r : read) {
            List<Gate.Item> items = ci.gated() ? Gate.items(r) : List.of();
            gated.addAll(items);
            if (!noConsole) {
                Doc text = full ? Scenarios.report(r) : Scenarios.brief(r);
                root.context().out().print(ci.render(text, () -> full ? Scenarios.markdownFull(r)
                        : Scenarios.markdown(r), items));
            }
        }
        Path target = html != null ? html : files.size() == 1
                ? files.get(0).toAbsolutePath().resolveSibling(ResultFiles.REPORT_HTML) : Path.of(ResultFiles.REPORT_HTML);
        write(target, HtmlReport.render(read.size() == 1 ? "cqlbench " + read.get(0).result().scenario()
                : "cqlbench report", read));
        root.context().progress().line("report: " + target.toAbsolutePath().toUri());
        return ci.exitCode(gated);
    }

    /** One page for several results read (the demo's). */
    static Path writeHtml(List<Reading> read, Path target, String title) {
        write(target, HtmlReport.render(title, read));
        return target.toAbsolutePath();
    }

    static Path resultFile(Path given) {
        Path file = Files.isDirectory(given) ? given.resolve(ResultFiles.RESULT_JSON) : given;
        if (!Files.isRegularFile(file)) {
            throw new CqlbenchException(ExitCode.USAGE, "no result at " + given
                    + " (give a result.json or its directory)");
        }
        return file;
    }

    static void write(Path target, String content) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            ResultFiles.writeAtomically(target.toAbsolutePath(), content);
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
