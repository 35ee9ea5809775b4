package dev.cqlbench.runner;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.measure.ProcessCpu;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.runner.RepetitionLoop.AsyncOperation;
import dev.cqlbench.runner.RepetitionLoop.Check;
import dev.cqlbench.runner.RepetitionLoop.Repetition;
import dev.cqlbench.runner.RepetitionLoop.SyncOperation;
import dev.cqlbench.scenario.crud.CrudOperation;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
import dev.cqlbench.scenario.crud.UserGenerator;
import java.util.ArrayList;
import java.util.List;

/**
 * Study 01's algorithm for one variant: per cycle, per operation type (write → read → update → delete), per
 * repetition, O operations on users generated before timing, each id used once per operation type. Reads are
 * compared with what was written, outside the timed section. With {@code verify}, after each write, update and
 * delete the users it acknowledged are read back (untimed) and compared with what it wrote, or must be gone.
 */
public final class CrudRunner implements ScenarioRunner {

    private final UserCrud crud;
    private final CrudPlan plan;
    private final String variant;
    private final RunListener listener;
    private volatile boolean stopRequested;

    public CrudRunner(UserCrud crud, CrudPlan plan, String variant, RunListener listener) {
        if (plan.mode() == ExecutionMode.ASYNC && !(crud instanceof AsyncUserCrud)) {
            throw new IllegalArgumentException(variant + " has no asynchronous API; run it with --mode sync");
        }
        this.crud = crud;
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
        if (plan.warmupOps() == 0) {
            return;
        }
        User[] users = UserGenerator.users(plan.seed(), plan.userStreamOf(variant), UserGenerator.WARMUP_CYCLE,
                plan.warmupOps());
        User[] updated = updatedCopies(users);
        for (CrudOperation operation : CrudOperation.values()) {
            Check check = operation == CrudOperation.READ ? (i, read) -> verifyRead(users[i], (User) read)
                    : Check.NONE;
            run(operation, users, updated, 0, plan.warmupOps(), check, recorder(null), new ErrorCounts());
        }
    }

    @Override
    public List<OperationCycle> runCycle(int cycle) {
        User[] users = UserGenerator.users(plan.seed(), plan.userStreamOf(variant), cycle, plan.usersPerCycle());
        User[] updated = updatedCopies(users);
        List<OperationCycle> results = new ArrayList<>();
        // users whose insert was acknowledged (all of them when this run does not insert: an earlier one did)
        boolean[] written = new boolean[users.length];
        java.util.Arrays.fill(written, !plan.operationsToRun().contains(CrudOperation.WRITE));
        for (CrudOperation operation : plan.operationsToRun()) {
            LatencyRecorder recorder = recorder(operation.label());
            ErrorCounts errors = new ErrorCounts();
            Checked checked = new Checked();
            boolean[] acknowledged = new boolean[users.length];
            Check check = operation == CrudOperation.READ
                    ? checked.counting((i, read) -> verifyRead(users[i], (User) read))
                    : (i, ignored) -> {
                        acknowledged[i] = true;
                        return null;
                    };
            List<Long> totals = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            long count = 0;
            long cpuBefore = ProcessCpu.nanos();
            for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
                long errorsBefore = errors.total();
                Repetition done = run(operation, users, updated, repetition * plan.operations(), plan.operations(),
                        check, recorder, errors);
                totals.add(done.totalNanos());
                counts.add(done.count());
                count += done.count();
                listener.repetitionDone(variant, cycle, operation.label(), repetition, done.count(),
                        errors.total() - errorsBefore, done.totalNanos());
            }
            long cpu = cpuBefore < 0 ? -1 : ProcessCpu.nanos() - cpuBefore;
            if (operation == CrudOperation.WRITE) {
                System.arraycopy(acknowledged, 0, written, 0, written.length);
            }
            if (plan.verify() && operation != CrudOperation.READ) {
                readBack(operation, users, updated, acknowledged, written, checked, errors);
            }
            results.add(new OperationCycle(operation.label(), cycle, count, errors.total(), errors.snapshot(),
                    counts, totals, HistogramCodec.encode(recorder.takeInterval()), cpu, null,
                    checked.addTo(java.util.Map.of())));
        }
        return results;
    }

    /** @param label the operation measured (its latencies also go to --hdr-log), or null for warmup */
    private LatencyRecorder recorder(String label) {
        return plan.mode() == ExecutionMode.SYNC ? LatencyRecorder.singleWriter(label)
                : LatencyRecorder.multiWriter(label);
    }

    private Repetition run(CrudOperation operation, User[] users, User[] updated, int from, int n, Check check,
                           LatencyRecorder recorder, ErrorCounts errors) {
        if (plan.mode() == ExecutionMode.SYNC) {
            SyncOperation op = switch (operation) {
                case WRITE -> i -> { crud.insert(users[i]); return null; };
                case READ -> i -> crud.read(users[i].id());
                case UPDATE -> i -> { crud.update(updated[i]); return null; };
                case DELETE -> i -> { crud.delete(users[i].id()); return null; };
            };
            return RepetitionLoop.runSync(from, n, op, check, recorder, errors, () -> stopRequested);
        }
        AsyncUserCrud async = (AsyncUserCrud) crud;
        AsyncOperation op = switch (operation) {
            case WRITE -> i -> async.insertAsync(users[i]);
            case READ -> i -> async.readAsync(users[i].id());
            case UPDATE -> i -> async.updateAsync(updated[i]);
            case DELETE -> i -> async.deleteAsync(users[i].id());
        };
        return RepetitionLoop.runAsync(from, n, plan.concurrency(), op, check, recorder, errors, () -> stopRequested);
    }

    /**
     * Untimed: every user {@code operation} acknowledged, read back. An insert must read back as inserted, an
     * update as updated (when the user's insert was acknowledged too), a delete must leave nothing. Differences
     * are errors of {@code operation}; a read-back that fails leaves the write unverifiable.
     */
    private void readBack(CrudOperation operation, User[] users, User[] updated, boolean[] acknowledged,
                          boolean[] written, Checked checked, ErrorCounts errors) {
        for (int i = 0; i < users.length && !stopRequested; i++) {
            if (!acknowledged[i] || (operation == CrudOperation.UPDATE && !written[i])) {
                continue;
            }
            User read;
            try {
                read = crud.read(users[i].id());
            } catch (Exception e) {
                checked.unverifiable.increment();
                continue;
            }
            checked.checked.increment();
            String wrong = switch (operation) {
                case WRITE -> read == null ? ErrorCounts.ROW_MISSING : read.equals(users[i]) ? null : ErrorCounts.ROW_WRONG;
                case UPDATE -> read == null ? ErrorCounts.ROW_MISSING
                        : read.equals(updated[i]) ? null : ErrorCounts.ROW_WRONG;
                case DELETE -> read == null ? null : ErrorCounts.ROW_WRONG;
                case READ -> null;
            };
            if (wrong != null) {
                checked.differed.increment();
                errors.count(wrong);
            }
        }
    }

    private static String verifyRead(User expected, User read) {
        if (read == null) {
            return ErrorCounts.READ_MISSING;
        }
        return read.equals(expected) ? null : ErrorCounts.READ_MISMATCH;
    }

    private static User[] updatedCopies(User[] users) {
        User[] updated = new User[users.length];
        for (int i = 0; i < users.length; i++) {
            updated[i] = UserGenerator.updated(users[i]);
        }
        return updated;
    }
}
