package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.TestResults;
import dev.cqlbench.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a calibration names the runs it rests on. */
class CalibrateCommandTest {

    @Test
    void aCalibrationOfRunsOfSeveralCommandsNamesEachCommandWithItsRuns() {
        RunResult two = TestResults.forked(1, 1.2);
        assertThat(CalibrateCommand.how(List.of(two, TestResults.forked(2, 1.2), TestResults.forked(3, 1.2))))
                .isEqualTo("3 runs × 2 JVMs × 8 rounds of run crud --library driver4,driver4-mapper");
        // the same runs of driver4 alone: another command, said apart, in the order first met
        RunResult one = RunResult.of(two.course(), two.settings().toBuilder()
                .variants(List.of(two.settings().variants().get(0))).build(), two.ranOn(), two.variants(), two.rounds(),
                two.blocks(), two.frame());
        assertThat(CalibrateCommand.how(List.of(two, one, TestResults.forked(2, 1.2), one)))
                .isEqualTo("2 runs × 2 JVMs × 8 rounds of run crud --library driver4,driver4-mapper and 2 runs × 2 "
                        + "JVMs × 8 rounds of run crud --library driver4");
    }
}
