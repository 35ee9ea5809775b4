package dev.cqlbench.app.report;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.result.Json;
import dev.cqlbench.result.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes and reads result directories: result.json, summary.csv, timeline.csv (when there are per-second points)
 * and report.html, each written whole or not at all.
 */
public final class ResultFiles {

    public static final String RESULT_JSON = "result.json";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String TIMELINE_CSV = "timeline.csv";
    public static final String REPORT_HTML = "report.html";

    private ResultFiles() {}

    /** Fails early, before anything is measured, when the directory cannot be written. */
    public static void checkWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "result directory " + dir + " is not writable: "
                    + e.getMessage() + " (choose another --out)", e);
        }
    }

    public static void write(RunResult result, Path dir) {
        try {
            Files.createDirectories(dir);
            writeAtomically(dir.resolve(RESULT_JSON), Json.pretty().writeValueAsString(result));
            writeAtomically(dir.resolve(SUMMARY_CSV), SummaryCsv.render(result));
            String timeline = timelineCsv(result);
            if (timeline != null) {
                writeAtomically(dir.resolve(TIMELINE_CSV), timeline);
            }
            writeAtomically(dir.resolve(REPORT_HTML), HtmlReport.render("cqlbench " + result.scenario(),
                    java.util.List.of(result)));
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot write results to " + dir + ": " + e.getMessage()
                    + " (no file is left half-written; the report printed on stdout has the run's figures)", e);
        }
    }

    /** Every per-second point of every operation that has a timeline (mixes), or null when none has. */
    static String timelineCsv(RunResult result) {
        StringBuilder out = new StringBuilder("variant,operation,cycle,repetition,second,ops,errors,p50_us,p99_us,"
                + "errors_by_kind\n");
        boolean any = false;
        for (dev.cqlbench.result.VariantResult v : result.variants()) {
            for (dev.cqlbench.result.OperationResult op : v.operations()) {
                if (op.timeline() == null) {
                    continue;
                }
                for (dev.cqlbench.result.TimelinePoint p : op.timeline()) {
                    any = true;
                    out.append(String.format(java.util.Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.1f,%.1f,%s%n", v.variant(),
                            op.operation(), p.cycle(), p.repetition(), p.second(), p.ops(), p.errors(), p.p50Us(),
                            p.p99Us(), kinds(p.errorsByKind())));
                }
            }
        }
        return any ? out.toString() : null;
    }

    /** {@code Kind=n;Kind=n} in name order, empty when none (no commas: one CSV field). */
    static String kinds(java.util.Map<String, Long> byKind) {
        StringBuilder b = new StringBuilder();
        new java.util.TreeMap<>(byKind).forEach((k, n) -> b.append(b.length() == 0 ? "" : ";").append(k).append('=')
                .append(n));
        return b.toString();
    }

    public static RunResult read(Path file) {
        try {
            RunResult result = Json.pretty().readValue(file.toFile(), RunResult.class);
            if (!RunResult.FORMAT.equals(result.format())) {
                throw new CqlbenchException(ExitCode.USAGE, file + " is not a cqlbench result");
            }
            return result;
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.USAGE, file + " is not a readable cqlbench result: "
                    + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // a half-written file never takes the real one's name; the remains go
            Files.deleteIfExists(tmp);
            throw new IOException(file.getFileName() + ": " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
