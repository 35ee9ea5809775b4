package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.app.host.Calibrations;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.RunResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pool' and 'calibrate --from' read saved results only: no server, no worker. */
class PoolAndCalibrateTest {

    @Test
    void poolMakesOneResultOfWholeRunsAndRefusesRunsItCannotPair(@TempDir Path dir) {
        for (int i = 1; i <= 3; i++) {
            ResultFiles.write(Reading.of(TestResults.forked(i, 1.2)), dir.resolve("runs/run-" + i));
        }
        Cli.Outcome pooled = Cli.run("pool", dir.resolve("runs").toString(), "--out", dir.resolve("pooled").toString());
        assertThat(pooled.code()).as(pooled.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(dir.resolve("pooled").resolve(ResultFiles.RESULT_JSON));
        assertThat(result.pooled()).isTrue();
        assertThat(result.parts()).hasSize(3);
        assertThat(result.rounds().run()).isEqualTo(3 * 8);
        assertThat(pooled.out()).contains("3 whole runs pooled");
        assertThat(result.settings().asked().stopping().precision())
                .as("answered within the default ±5 %, not the runs' own")
                .isEqualTo(0.05);
        Cli.Outcome wider = Cli.run("pool", dir.resolve("runs").toString(), "--precision", "0.1", "--out",
                dir.resolve("pooled10").toString());
        assertThat(wider.out()).contains("the same within ±10 %");

        // one JVM a variant: nothing to pair by round across runs
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("one-jvm"));
        Cli.Outcome refused = Cli.run("pool", dir.resolve("runs/run-1").toString(), dir.resolve("one-jvm").toString(),
                "--out", dir.resolve("never").toString());
        assertThat(refused.code()).isEqualTo(ExitCode.MERGE_REFUSED);
        assertThat(refused.err()).contains("cannot pool: runs of one JVM a variant").doesNotContain("Exception");
        assertThat(dir.resolve("never")).doesNotExist();
        Cli.Outcome alone = Cli.run("pool", dir.resolve("runs/run-1").toString(), "--out",
                dir.resolve("never").toString());
        assertThat(alone.code()).isEqualTo(ExitCode.MERGE_REFUSED);
        assertThat(alone.err()).contains("pooling needs two runs or more, got 1");
        // a pooled result is not pooled again
        Cli.Outcome again = Cli.run("pool", dir.resolve("pooled").toString(), dir.resolve("runs/run-1").toString(),
                "--out", dir.resolve("never").toString());
        assertThat(again.code()).isEqualTo(ExitCode.MERGE_REFUSED);
        assertThat(again.err()).contains("cannot be pooled again");
    }

    @Test
    void calibrateFromSavedRunsWritesACalibrationRunsCanTake(@TempDir Path dir) {
        for (int i = 1; i <= 4; i++) {
            ResultFiles.write(Reading.of(TestResults.forked(10 + i, 1.2)), dir.resolve("run-" + i));
        }
        Path file = dir.resolve("cal/host.json");
        Cli.Outcome fitted = Cli.run("calibrate", "--from", dir.resolve("run-1") + "," + dir.resolve("run-2") + ","
                + dir.resolve("run-3"), "--from", dir.resolve("run-4").toString(), "--save", file.toString());
        assertThat(fitted.code()).as(fitted.err()).isEqualTo(ExitCode.OK);
        assertThat(fitted.out()).contains("4 runs × 2 JVMs × 8 rounds of run crud").contains("between JVMs")
                .contains("between runs, two libraries").containsPattern("time +0\\.\\d\\d % \\(0\\.\\d\\d to "
                        + "\\d+\\.\\d\\d, 3 df\\)");
        assertThat(fitted.err()).contains("calibration written to " + file);
        Calibration calibration = Calibrations.read(file);
        assertThat(calibration.runs()).isEqualTo(4);
        assertThat(calibration.measures().get(Measure.TIME).jvm()).containsKeys("driver4 4.19.3",
                "driver4-mapper 4.19.3");
        // the 2 % noise of each block, within its interval's reach: one round's sd is a few percent
        assertThat(calibration.measures().get(Measure.TIME).round().sd()).isBetween(0.01, 0.04);

        Cli.Outcome two = Cli.run("calibrate", "--from", dir.resolve("run-1") + "," + dir.resolve("run-2"));
        assertThat(two.code()).isEqualTo(ExitCode.USAGE);
        assertThat(two.err()).contains("a calibration needs three runs or more").doesNotContain("Exception");
        ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("one-jvm"));
        Cli.Outcome oneJvm = Cli.run("calibrate", "--from", dir.resolve("run-1") + "," + dir.resolve("run-2") + ","
                + dir.resolve("one-jvm"), "--save", dir.resolve("never.json").toString());
        assertThat(oneJvm.code()).isEqualTo(ExitCode.USAGE);
        assertThat(oneJvm.err()).contains("two JVMs a variant or more");
        assertThat(dir.resolve("never.json")).doesNotExist();

        Cli.Outcome missing = Cli.run("calibrate", "--from", dir.resolve("nowhere").toString());
        assertThat(missing.code()).isEqualTo(ExitCode.USAGE);
        assertThat(missing.err()).contains("--from " + dir.resolve("nowhere") + ": no result.json there");
    }
}
