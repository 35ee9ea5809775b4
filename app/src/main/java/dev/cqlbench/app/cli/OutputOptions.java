package dev.cqlbench.app.cli;

import dev.cqlbench.run.RunOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import picocli.CommandLine.Option;

/** Where results go; shared by every scenario. */
public final class OutputOptions {

    @Option(names = RunOption.OUT, paramLabel = "DIR",
            description = "Directory for result.json, summary.csv and logs (default: results/SCENARIO-yyyyMMdd-HHmmss).")
    Path out;

    @Option(names = "--hdr-log", description = "Also write HdrHistogram interval logs (one interval per second per "
            + "operation, tagged; ns) of the measured cycles to DIR/hdr/<variant>.hlog, for HdrHistogram's own tools.")
    boolean hdrLog;

    Path directory(String scenario) {
        return out != null ? out : Paths.get("results",
                scenario + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
}
