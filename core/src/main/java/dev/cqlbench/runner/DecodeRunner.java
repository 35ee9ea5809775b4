package dev.cqlbench.runner;

import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.runner.RepetitionLoop.Check;
import dev.cqlbench.runner.RepetitionLoop.Repetition;
import dev.cqlbench.runner.RepetitionLoop.SyncOperation;
import dev.cqlbench.scenario.decode.DecodePlan;
import dev.cqlbench.scenario.decode.DecodeSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Study 02 for one variant: per cycle, per width (3 or 12 columns), per N, per repetition, N reads of the same
 * row, each decoded by the library into its own object; the decoded values are checked outside the clock.
 */
public final class DecodeRunner implements ScenarioRunner {

    private static final UUID ID = DecodeSchema.STUDY_ROW.activityId();
    private static final Activity EXPECTED = DecodeSchema.STUDY_ROW;
    private static final ActivitySummary EXPECTED_SUMMARY = EXPECTED.summary();

    private final ActivityReader reader;
    private final DecodePlan plan;
    private final String variant;
    private final RunListener listener;
    private volatile boolean stopRequested;

    public DecodeRunner(ActivityReader reader, DecodePlan plan, String variant, RunListener listener) {
        this.reader = reader;
        this.plan = plan;
        this.variant = variant;
        this.listener = listener;
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    @Override
    public void warmup() {
        for (int fields : DecodePlan.WIDTHS) {
            run(fields, plan.warmupReads(), LatencyRecorder.singleWriter(), new ErrorCounts(), new Checked());
        }
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        List<OperationCycle> results = new ArrayList<>();
        for (int fields : DecodePlan.WIDTHS) {
            for (int n : plan.rows()) {
                String label = DecodePlan.label(fields, n);
                LatencyRecorder recorder = LatencyRecorder.singleWriter(label);
                ErrorCounts errors = new ErrorCounts();
                Checked checked = new Checked();
                List<Long> totals = new ArrayList<>();
                List<Long> counts = new ArrayList<>();
                long count = 0;
                long cpuBefore = ProcessCpu.nanos();
                for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
                    long errorsBefore = errors.total();
                    Repetition done = run(fields, n, recorder, errors, checked);
                    totals.add(done.totalNanos());
                    counts.add(done.count());
                    count += done.count();
                    listener.repetitionDone(variant, cycle, label, repetition, done.count(),
                            errors.total() - errorsBefore, done.totalNanos());
                }
                long cpu = cpuBefore < 0 ? -1 : ProcessCpu.nanos() - cpuBefore;
                results.add(new OperationCycle(label, cycle, count, errors.total(), errors.snapshot(), counts, totals,
                        HistogramCodec.encode(recorder.takeInterval()), cpu, null, checked.addTo(java.util.Map.of())));
            }
        }
        return results;
    }

    private Repetition run(int fields, int n, LatencyRecorder recorder, ErrorCounts errors, Checked checked) {
        SyncOperation op = fields == 3 ? i -> reader.readSummary(ID) : i -> reader.readActivity(ID);
        Check check = fields == 3
                ? (i, decoded) -> verify(decoded == null ? null : reader.toSummary(decoded), EXPECTED_SUMMARY)
                : (i, decoded) -> verify(decoded == null ? null : reader.toActivity(decoded), EXPECTED);
        return RepetitionLoop.runSync(0, n, op, checked.counting(check), recorder, errors, () -> stopRequested);
    }

    private static String verify(Object actual, Object expected) {
        if (actual == null) {
            return ErrorCounts.READ_MISSING;
        }
        return actual.equals(expected) ? null : ErrorCounts.READ_MISMATCH;
    }
}
