package dev.cqlbench.app.report;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.Scenarios;
import dev.cqlbench.scenario.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes and reads result directories: each {@link ResultFormat} a file, written whole or not at all. Reads results of
 * this format, and of the formats before it (converted).
 */
public final class ResultFiles {

    public static final String RESULT_JSON = ResultFormat.JSON.file();
    public static final String SUMMARY_CSV = ResultFormat.SUMMARY_CSV.file();
    public static final String TIMELINE_CSV = ResultFormat.TIMELINE_CSV.file();
    public static final String REPORT_HTML = ResultFormat.HTML.file();

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

    /** Every format that has something to say about the result, each in its file. */
    public static void write(Reading reading, Path dir) {
        try {
            Files.createDirectories(dir);
            for (ResultFormat format : ResultFormat.values()) {
                String content = format.render(reading);
                if (content != null) {
                    writeAtomically(dir.resolve(format.file()), content);
                }
            }
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.OUTPUT, "cannot write results to " + dir + ": " + e.getMessage()
                    + " (no file is left half-written; the report printed on stdout has the run's figures)", e);
        }
    }

    /**
     * The result in {@code file}, of this format or an earlier one (converted); a result of a format that stored no
     * questions is given its scenario's now.
     */
    public static RunResult read(Path file) {
        return asked(parse(file));
    }

    /** The result with its questions, and its parts' (a pooled result of an earlier format stored none). */
    private static RunResult asked(RunResult result) {
        if (result.frame().family() != null && result.parts().stream().allMatch(p -> p.frame().family() != null)) {
            return result;
        }
        Family asked = result.frame().family();
        return result.withFamily(asked != null ? asked : Scenarios.family(result.settings()),
                result.parts().stream().map(ResultFiles::asked).toList());
    }

    private static RunResult parse(Path file) {
        try {
            JsonNode tree = Json.pretty().readTree(file.toFile());
            if (tree == null || !RunResult.FORMAT.equals(tree.path("format").asText())) {
                throw new CqlbenchException(ExitCode.USAGE, file + " is not a cqlbench result");
            }
            int version = tree.path("formatVersion").asInt();
            if (version > 1 && version < 7) {
                FormatVersion6.grouped(tree); // 6: the settings flat
            }
            if (version < 4) {
                FormatVersion3.countsFromNotes(tree);
            }
            if (version == 4) {
                // no variance model, plan of rounds or level of "the same": read as they were made (an assumed
                // between-JVM sd, a union over looks, "the same" at the family's level)
                ((com.fasterxml.jackson.databind.node.ObjectNode) tree).put("formatVersion", RunResult.FORMAT_VERSION);
                return Json.pretty().treeToValue(tree, RunResult.class);
            }
            if (version == 3 || version == 5 || version == 6 || version == 7) {
                // 5: an operation's CPU per operation and JIT time stored beside its blocks, which determine them;
                // 7: a plan's warmup under the scenario's own name (Repeats reads them all)
                ((com.fasterxml.jackson.databind.node.ObjectNode) tree).put("formatVersion", RunResult.FORMAT_VERSION);
                return Json.pretty().treeToValue(tree, RunResult.class);
            }
            if (version == 1) {
                return FormatVersion1.convert(tree);
            }
            if (version == 2) {
                return FormatVersion2.convert(tree);
            }
            if (version != RunResult.FORMAT_VERSION) {
                throw new CqlbenchException(ExitCode.USAGE, file + " is a cqlbench result of format version " + version
                        + ", which this cqlbench (format " + RunResult.FORMAT_VERSION + ") cannot read");
            }
            return Json.pretty().treeToValue(tree, RunResult.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new CqlbenchException(ExitCode.USAGE, file + " is not a readable cqlbench result: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        }
    }

    /** Writes {@code content} to {@code file} whole or not at all: a temporary file, then moved over it. */
    public static void writeAtomically(Path file, String content) throws IOException {
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
