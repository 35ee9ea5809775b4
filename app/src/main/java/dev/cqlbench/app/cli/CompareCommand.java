package dev.cqlbench.app.cli;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.report.Doc;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.app.report.HtmlReport;
import dev.cqlbench.app.report.ResultComparison;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** Two saved results side by side: per matching variant × operation, new ÷ base with a CI and a verdict. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Compares two saved results: for every variant × operation both measured, the new run's time "
                + "per operation ÷ the base's,",
            "with its confidence interval and a verdict (faster / slower / no significant difference) from "
                + ResultComparison.TEST + ".",
            "Prints a table and writes an HTML page. A directory stands for its result.json."},
        footer = {"", "Example:", "  ./cqlbench compare results/before results/after --html before-after.html",
            "", "Exit code 0 whatever the verdicts; 2 when a file is not a result or nothing matches."})
public final class CompareCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Parameters(index = "0", paramLabel = "BASE", description = "The result compared against (result.json or its directory).")
    Path base;

    @Parameters(index = "1", paramLabel = "NEW", description = "The result being judged.")
    Path next;

    @Option(names = "--html", paramLabel = "FILE", defaultValue = "compare.html",
            description = "Where the HTML page goes (default: ${DEFAULT-VALUE}).")
    Path html;

    @Option(names = "--confidence", paramLabel = "LEVEL",
            description = "Confidence level of the intervals and the test (default: ${DEFAULT-VALUE}).")
    double confidence = Defaults.CONFIDENCE;

    @Override
    public Integer call() {
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new BadSetting("--confidence must be between 0.5 and 1");
        }
        Path baseFile = ReportCommand.resultFile(base);
        Path newFile = ReportCommand.resultFile(next);
        RunResult a = ResultFiles.read(baseFile);
        RunResult b = ResultFiles.read(newFile);
        ResultComparison.Outcome outcome = ResultComparison.compare(a, b, confidence);
        if (outcome.rows().isEmpty()) {
            throw new BadSetting("nothing to compare: no variant × operation "
                    + "is in both " + baseFile + " (" + a.scenario() + ") and " + newFile + " (" + b.scenario() + ")");
        }
        Doc doc = ResultComparison.document(outcome, baseFile.toString(), newFile.toString());
        root.context().out().print(doc);
        ReportCommand.write(html, HtmlReport.render("cqlbench compare", baseFile + " → " + newFile, "new ÷ base", doc,
                "compare"));
        root.context().progress().line("comparison page: " + html.toAbsolutePath().toUri());
        return ExitCode.OK;
    }
}
