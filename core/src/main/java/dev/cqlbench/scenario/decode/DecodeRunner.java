package dev.cqlbench.scenario.decode;

import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.JitQuietWarmup;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.util.UUID;

/**
 * Study 02 for one variant: per cycle, per width (3 or 12 columns), per N, per repetition, N reads of the same
 * row, each decoded by the library into its own object; the decoded values are checked outside the clock.
 */
public record DecodeRunner(ActivityReader reader, DecodePlan plan, Instruments instruments) implements ScenarioRunner {

    private static final UUID ID = DecodeSchema.STUDY_ROW.activityId();
    private static final Activity EXPECTED = DecodeSchema.STUDY_ROW;
    private static final ActivitySummary EXPECTED_SUMMARY = EXPECTED.summary();

    /** Reads of each width, in rounds, until the JIT compiler is quiet; nothing of it is kept. */
    @Override
    public void warmup() {
        JitQuietWarmup.run(instruments.warmupMillis(), instruments::stopped, round -> {
            for (int fields : DecodePlan.WIDTHS) {
                Tally tally = Tally.of(DecodePlan.label(fields, plan.warmup()), -1,
                        Tally.Options.ONE_AT_A_TIME.warmup(), null);
                TimedBlock.of(tally, instruments, 1).run(0, Pace.UNTIL_DONE, reads(fields, plan.warmup(),
                        new Checked()));
            }
        });
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        CycleMeasurements results = CycleMeasurements.NONE;
        for (int fields : DecodePlan.WIDTHS) {
            for (int n : plan.rows()) {
                Tally tally = Tally.of(DecodePlan.label(fields, n), cycle, Tally.Options.ONE_AT_A_TIME,
                        instruments.intervalLog());
                Checked checked = new Checked();
                TimedBlock<Slot> block = TimedBlock.of(tally, instruments, 1);
                for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
                    block.run(repetition, Pace.UNTIL_DONE, reads(fields, n, checked));
                }
                checked.countIn(tally);
                results = results.and(tally.total());
            }
        }
        return results;
    }

    /** N reads of the row at one width, each decoded by the library and checked after the clock stops. */
    private TimedBlock.Dispatcher<Slot> reads(int fields, int n, Checked checked) {
        TimedBlock.ItemOperation read = fields == 3 ? (i, done) -> done.accept(reader.readSummary(ID), null)
                : (i, done) -> done.accept(reader.readActivity(ID), null);
        TimedBlock.Check check = fields == 3
                ? (i, decoded) -> verify(decoded == null ? null : reader.toSummary(decoded), EXPECTED_SUMMARY)
                : (i, decoded) -> verify(decoded == null ? null : reader.toActivity(decoded), EXPECTED);
        return TimedBlock.items(0, n, read, checked.counting(check));
    }

    private static String verify(Object actual, Object expected) {
        if (actual == null) {
            return ErrorCounts.READ_MISSING;
        }
        return actual.equals(expected) ? null : ErrorCounts.READ_MISMATCH;
    }
}
