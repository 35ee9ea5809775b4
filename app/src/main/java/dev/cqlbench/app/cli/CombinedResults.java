package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The results a command combines into one ({@code merge}: clients, {@code pool}: runs), and where that one goes. */
public final class CombinedResults {

    @Parameters(arity = "1..*", paramLabel = "RESULT", description = "Each result.json, or its directory; a "
            + "directory without a result.json stands for every directory in it that has one (but --out).")
    List<Path> results;

    @Option(names = RunOption.OUT, paramLabel = "DIR", required = true,
            description = "Where the combined result.json, summary.csv, timeline.csv (if it has per-second points) "
                    + "and report.html go.")
    Path out;

    /** A result given, and the path it was given as. */
    record Given(Path path, RunResult result) {}

    /** Each result given, read, in order (one given twice is there twice). */
    List<Given> read() {
        return files().stream().map(p -> new Given(p, ResultFiles.read(ReportCommand.resultFile(p)))).toList();
    }

    /** The results given: a directory without a result.json stands for its subdirectories that have one. */
    private List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (Path p : results) {
            if (!Files.isDirectory(p) || Files.isRegularFile(p.resolve(ResultFiles.RESULT_JSON))) {
                files.add(p);
                continue;
            }
            try (Stream<Path> children = Files.list(p)) {
                List<Path> found = children.filter(c -> Files.isRegularFile(c.resolve(ResultFiles.RESULT_JSON)))
                        .filter(c -> !c.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize()))
                        .sorted().toList();
                if (found.isEmpty()) {
                    throw new CqlbenchException(ExitCode.USAGE, "no result in " + p + " or its directories");
                }
                files.addAll(found);
            } catch (IOException e) {
                throw new CqlbenchException(ExitCode.USAGE, "cannot read " + p + ": " + e.getMessage(), e);
            }
        }
        return files;
    }
}
