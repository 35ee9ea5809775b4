package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing result files when the disk says no: nothing half-written is left under a result's name. */
class ResultFilesTest {

    @Test
    void aFullDiskIsOneClearErrorAndLeavesNoHalfWrittenFile(@TempDir Path dir) throws Exception {
        Path full = Paths.get("/dev/full"); // Linux: every write fails with ENOSPC
        assumeTrue(Files.exists(full), "needs /dev/full");
        // the summary's temporary file lands on the full device; result.json before it is written whole
        Files.createSymbolicLink(dir.resolve(ResultFiles.SUMMARY_CSV + ".tmp"), full);
        assertThatThrownBy(() -> ResultFiles.write(Reading.of(TestResults.fixed()), dir))
                .isInstanceOf(CqlbenchException.class)
                .hasMessageContaining("cannot write results to " + dir + ": summary.csv: No space left on device")
                .satisfies(e -> assertThat(((CqlbenchException) e).exitCode()).isEqualTo(ExitCode.OUTPUT));
        assertThat(dir.resolve(ResultFiles.SUMMARY_CSV)).doesNotExist();
        assertThat(dir.resolve(ResultFiles.SUMMARY_CSV + ".tmp")).doesNotExist();
        assertThat(ResultFiles.read(dir.resolve(ResultFiles.RESULT_JSON)).variants()).hasSize(2);
    }
}
