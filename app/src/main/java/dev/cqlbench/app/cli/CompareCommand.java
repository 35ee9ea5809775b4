package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Gate;
import dev.cqlbench.report.Markdown;
import dev.cqlbench.result.Measure;
import java.util.List;
import picocli.CommandLine.Mixin;
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

/**
 * Two saved results side by side, like with like: each within-run comparison both asked, its change with an interval
 * and whether it held or moved; each variant's own figure and how far the host moved them all.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Compares two saved results of one scenario: for every comparison both runs asked (A over B, "
                + "paired within each run),",
            "the new ratio ÷ the base ratio with an interval from both runs' standard errors, held or moved (the "
                + "intervals hold jointly at --family-confidence);",
            "then every variant's own typical time in both, and how far the host moved them all (host drift, when "
                + "the ratios held).",
            "Prints a table and writes an HTML page. A directory stands for its result.json."},
        footer = {"", "Examples:", "  ./cqlbench compare results/before results/after --html before-after.html",
            "  ./cqlbench compare results/main results/branch --fail-if-slower 5%% --format markdown",
            "", "Exit code 0 whatever the verdicts, unless --fail-if-slower says otherwise (13: a time ratio of A over "
                + "B whose new value",
            "is decided more than P above its base value; 14 with --fail-if-not-decided: one it cannot tell); 2 when "
                + "a file is not a result or nothing matches."})
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

    @Option(names = "--family-confidence", paramLabel = "LEVEL",
            description = "The level at which the ratios' intervals hold jointly, as run's --family-confidence "
                    + "(default: ${DEFAULT-VALUE}).")
    double confidence = Defaults.FAMILY_CONFIDENCE;

    @Mixin
    CiOptions ci;

    @Override
    public Integer call() {
        ci.check();
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new BadSetting("--family-confidence must be between 0.5 and 1");
        }
        Path baseFile = ReportCommand.resultFile(base);
        Path newFile = ReportCommand.resultFile(next);
        RunResult a = ResultFiles.read(baseFile);
        RunResult b = ResultFiles.read(newFile);
        ResultComparison.Outcome outcome = ResultComparison.compare(Reading.of(a), Reading.of(b), confidence);
        if (outcome.empty()) {
            throw new BadSetting("nothing to compare: no variant × operation "
                    + "is in both " + baseFile + " (" + a.scenario() + ") and " + newFile + " (" + b.scenario() + ")");
        }
        Doc doc = ResultComparison.document(outcome, baseFile.toString(), newFile.toString());
        List<Gate.Item> gated = ci.gated() ? gateItems(outcome) : List.of();
        root.context().out().print(ci.render(doc, () -> Markdown.heading(2, "cqlbench compare") + Markdown.render(doc),
                gated));
        ReportCommand.write(html, HtmlReport.render("cqlbench compare", baseFile + " → " + newFile, "new ÷ base", doc,
                "compare"));
        root.context().progress().line("comparison page: " + html.toAbsolutePath().toUri());
        return ci.exitCode(gated);
    }

    /** The ratios of time the gate judges: each comparison's new ratio over its base ratio. */
    static List<Gate.Item> gateItems(ResultComparison.Outcome outcome) {
        return outcome.ratios().stream().filter(r -> Measure.TIME.word.equals(r.measure()))
                .map(r -> new Gate.Item(r.comparison() + " " + r.operation() + ", new ÷ base", r.change(),
                        r.shift().lower(), r.shift().upper())).toList();
    }
}
