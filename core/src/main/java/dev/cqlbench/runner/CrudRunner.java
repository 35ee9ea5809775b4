package dev.cqlbench.runner;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.LatencyRecorder;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.scenario.crud.CrudOperation;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
import dev.cqlbench.scenario.crud.UserGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import org.HdrHistogram.Histogram;

/**
 * Study 01's algorithm for one variant: per cycle, per operation type (write → read → update → delete), per
 * repetition, O operations on users generated before timing, each id used once per operation type. Reads are
 * compared with what was written, outside the timed section.
 */
public final class CrudRunner {

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

    /** Stops issuing operations; the current repetition ends early with what it did. */
    public void requestStop() {
        stopRequested = true;
    }

    /** Runs warmupOps of each operation type on users of their own, and throws the measurements away. */
    public void warmup() {
        if (plan.warmupOps() == 0) {
            return;
        }
        User[] users = UserGenerator.users(plan.seed(), variant, UserGenerator.WARMUP_CYCLE, plan.warmupOps());
        User[] updated = updatedCopies(users);
        for (CrudOperation operation : CrudOperation.values()) {
            runRepetition(operation, users, updated, 0, plan.warmupOps(), recorderFor(), new ErrorCounts());
        }
    }

    public List<OperationCycle> runCycle(int cycle) {
        User[] users = UserGenerator.users(plan.seed(), variant, cycle, plan.usersPerCycle());
        User[] updated = updatedCopies(users);
        List<OperationCycle> results = new ArrayList<>();
        for (CrudOperation operation : CrudOperation.values()) {
            LatencyRecorder recorder = recorderFor();
            ErrorCounts errors = new ErrorCounts();
            List<Long> totals = new ArrayList<>();
            List<Long> counts = new ArrayList<>();
            long count = 0;
            for (int repetition = 0; repetition < plan.repetitions() && !stopRequested; repetition++) {
                long errorsBefore = errors.total();
                Repetition done = runRepetition(operation, users, updated,
                        repetition * plan.operations(), plan.operations(), recorder, errors);
                totals.add(done.totalNanos);
                counts.add(done.count);
                count += done.count;
                listener.repetitionDone(variant, cycle, operation, repetition, done.count,
                        errors.total() - errorsBefore, done.totalNanos);
            }
            Histogram histogram = recorder.takeInterval();
            results.add(new OperationCycle(operation.label(), cycle, count, errors.total(), errors.snapshot(),
                    counts, totals, HistogramCodec.encode(histogram)));
        }
        return results;
    }

    private record Repetition(long count, long totalNanos) {}

    private LatencyRecorder recorderFor() {
        return plan.mode() == ExecutionMode.SYNC ? LatencyRecorder.singleWriter() : LatencyRecorder.multiWriter();
    }

    private Repetition runRepetition(CrudOperation operation, User[] users, User[] updated, int from, int n,
                                     LatencyRecorder recorder, ErrorCounts errors) {
        return plan.mode() == ExecutionMode.SYNC
                ? runSync(operation, users, updated, from, n, recorder, errors)
                : runAsync((AsyncUserCrud) crud, operation, users, updated, from, n, recorder, errors);
    }

    private Repetition runSync(CrudOperation operation, User[] users, User[] updated, int from, int n,
                               LatencyRecorder recorder, ErrorCounts errors) {
        long total = 0;
        int done = 0;
        for (int i = from; i < from + n && !stopRequested; i++) {
            User user = users[i];
            User read = null;
            Throwable failure = null;
            long start = System.nanoTime();
            try {
                switch (operation) {
                    case WRITE -> crud.insert(user);
                    case READ -> read = crud.read(user.id());
                    case UPDATE -> crud.update(updated[i]);
                    case DELETE -> crud.delete(user.id());
                }
            } catch (Throwable t) {
                failure = t;
            }
            long latency = System.nanoTime() - start;
            total += latency;
            done++;
            settle(operation, user, read, failure, latency, recorder, errors);
        }
        return new Repetition(done, total);
    }

    private Repetition runAsync(AsyncUserCrud async, CrudOperation operation, User[] users, User[] updated,
                                int from, int n, LatencyRecorder recorder, ErrorCounts errors) {
        int window = plan.concurrency();
        Semaphore inFlight = new Semaphore(window);
        int done = 0;
        long begin = System.nanoTime();
        for (int i = from; i < from + n && !stopRequested; i++) {
            User user = users[i];
            inFlight.acquireUninterruptibly();
            long start = System.nanoTime();
            CompletionStage<?> stage;
            try {
                stage = switch (operation) {
                    case WRITE -> async.insertAsync(user);
                    case READ -> async.readAsync(user.id());
                    case UPDATE -> async.updateAsync(updated[i]);
                    case DELETE -> async.deleteAsync(user.id());
                };
            } catch (Throwable t) {
                errors.count(t);
                inFlight.release();
                done++;
                continue;
            }
            stage.whenComplete((value, failure) -> {
                long latency = System.nanoTime() - start;
                settle(operation, user, operation == CrudOperation.READ ? (User) value : null, failure, latency,
                        recorder, errors);
                inFlight.release();
            });
            done++;
        }
        inFlight.acquireUninterruptibly(window);
        long total = System.nanoTime() - begin;
        inFlight.release(window);
        return new Repetition(done, total);
    }

    /** Counts the outcome; only operations that succeeded, and read back right, go into the histogram. */
    private static void settle(CrudOperation operation, User expected, User read, Throwable failure,
                               long latencyNanos, LatencyRecorder recorder, ErrorCounts errors) {
        if (failure != null) {
            errors.count(failure);
        } else if (operation == CrudOperation.READ && read == null) {
            errors.count(ErrorCounts.READ_MISSING);
        } else if (operation == CrudOperation.READ && !read.equals(expected)) {
            errors.count(ErrorCounts.READ_MISMATCH);
        } else {
            recorder.recordNanos(latencyNanos);
        }
    }

    private static User[] updatedCopies(User[] users) {
        User[] updated = new User[users.length];
        for (int i = 0; i < users.length; i++) {
            updated[i] = UserGenerator.updated(users[i]);
        }
        return updated;
    }
}
