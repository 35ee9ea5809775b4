package dev.cqlbench.app;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.cli.CommandContext;
import dev.cqlbench.app.cli.Main;
import dev.cqlbench.app.orchestrate.Layout;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The command line in this JVM, as a user types it: exit code, stdout, stderr (progress and errors). */
public final class Cli {

    public record Outcome(int code, String out, String err) {}

    private Cli() {}

    /** Every table of the result in {@code out}: what {@code cqlbench report --full} prints (a run prints less). */
    public static String fullReport(java.nio.file.Path out) {
        return dev.cqlbench.scenario.Scenarios.report(Reading.of(dev.cqlbench.app.report.ResultFiles.read(
                out.resolve(dev.cqlbench.app.report.ResultFiles.RESULT_JSON)))).toString();
    }

    public static Outcome run(String... args) {
        return run(Layout.fromSystemProperty(), args);
    }

    public static Outcome run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    /** With this module layout (a test's extra binding module). */
    public static Outcome run(Layout layout, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandContext context = new CommandContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), () -> layout, new Lifecycle());
        int code = Main.execute(args, context);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
