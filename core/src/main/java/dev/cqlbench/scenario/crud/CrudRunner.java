package dev.cqlbench.scenario.crud;

import dev.cqlbench.binding.AsyncUserCrud;
import dev.cqlbench.binding.User;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.runner.TimedBlock;
import dev.cqlbench.runner.Checked;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.JitQuietWarmup;
import dev.cqlbench.runner.Pace;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.runner.Slot;
import dev.cqlbench.runner.Tally;
import java.util.Arrays;
import java.util.concurrent.Semaphore;

/**
 * Study 01's algorithm for one variant: per cycle, per operation type (write → read → update → delete), per
 * repetition, O operations on users generated before timing, each id used once per operation type. Reads are
 * compared with what was written, outside the timed section. With {@code verify}, after each write, update and
 * delete the users it acknowledged are read back (untimed) and compared with what it wrote, or must be gone.
 */
public final class CrudRunner implements ScenarioRunner {

    private final UserCrud crud;
    private final CrudPlan plan;
    private final String userStream;
    private final Instruments instruments;
    private final Tally.Options options;

    public CrudRunner(UserCrud crud, CrudPlan plan, Instruments instruments) {
        if (plan.mode() == ExecutionMode.ASYNC && !(crud instanceof AsyncUserCrud)) {
            throw new IllegalArgumentException(instruments.variant() + " has no asynchronous API; run it with --mode "
                    + "sync");
        }
        this.crud = crud;
        this.plan = plan;
        this.userStream = plan.userStreamOf(instruments.variant());
        this.instruments = instruments;
        this.options = plan.mode() == ExecutionMode.SYNC ? Tally.Options.ONE_AT_A_TIME : Tally.Options.CONCURRENT;
    }

    /**
     * Every operation type on the warm-up users, in rounds, until the JIT compiler is quiet (at most
     * {@link Defaults#warmupMillis}); nothing of it is kept.
     */
    @Override
    public void warmup() {
        if (plan.warmup() == 0) {
            return;
        }
        User[] users = UserGenerator.users(plan.seed(), userStream, UserGenerator.WARMUP_CYCLE, plan.warmup());
        User[] updated = updatedCopies(users);
        JitQuietWarmup.run(instruments.warmupMillis(), instruments::stopped, round -> {
            for (CrudOperation operation : CrudOperation.values()) {
                Tally tally = Tally.of(operation.label(), UserGenerator.WARMUP_CYCLE, options.warmup(), null);
                TimedBlock.Check check = operation == CrudOperation.READ
                        ? (i, read) -> verifyRead(users[(int) i], (User) read) : TimedBlock.Check.NONE;
                block(tally).run(0, Pace.UNTIL_DONE, TimedBlock.items(0, plan.warmup(),
                        operation(operation, users, updated), check));
            }
        });
    }

    @Override
    public CycleMeasurements runCycle(int cycle) {
        return runCycle(cycle, true);
    }

    @Override
    public CycleMeasurements runCycle(int cycle, boolean everyRow) {
        User[] users = UserGenerator.users(plan.seed(), userStream, cycle, plan.usersPerCycle());
        User[] updated = updatedCopies(users);
        CycleMeasurements results = CycleMeasurements.NONE;
        // users whose insert was acknowledged (all of them when this run does not insert: an earlier one did)
        boolean[] written = new boolean[users.length];
        Arrays.fill(written, !plan.operationsToRun().contains(CrudOperation.WRITE));
        for (CrudOperation operation : plan.operationsToRun()) {
            Tally tally = Tally.of(operation.label(), cycle, options, instruments.intervalLog());
            Checked checked = new Checked();
            boolean[] acknowledged = new boolean[users.length];
            TimedBlock.Check check = operation == CrudOperation.READ
                    ? checked.counting((i, read) -> verifyRead(users[(int) i], (User) read))
                    : (i, ignored) -> {
                        acknowledged[(int) i] = true;
                        return null;
                    };
            TimedBlock<Slot> block = block(tally);
            for (int repetition = 0; repetition < plan.repetitions() && !instruments.stopped(); repetition++) {
                block.run(repetition, Pace.UNTIL_DONE, TimedBlock.items((long) repetition * plan.operations(),
                        plan.operations(), operation(operation, users, updated), check));
            }
            if (operation == CrudOperation.WRITE) {
                System.arraycopy(acknowledged, 0, written, 0, written.length);
            }
            if (plan.verify() && operation != CrudOperation.READ) {
                readBack(operation, users, updated, acknowledged, written, checked, tally, cycle, everyRow);
            }
            checked.countIn(tally);
            results = results.and(tally.total());
        }
        return results;
    }

    private TimedBlock<Slot> block(Tally tally) {
        return TimedBlock.of(tally, instruments, plan.concurrency());
    }

    /** One crud operation on user i: the synchronous call completing at once, or the asynchronous one. */
    private TimedBlock.ItemOperation operation(CrudOperation operation, User[] users, User[] updated) {
        if (plan.mode() == ExecutionMode.SYNC) {
            return switch (operation) {
                case WRITE -> (i, done) -> {
                    crud.insert(users[(int) i]);
                    done.accept(null, null);
                };
                case READ -> (i, done) -> done.accept(crud.read(users[(int) i].id()), null);
                case UPDATE -> (i, done) -> {
                    crud.update(updated[(int) i]);
                    done.accept(null, null);
                };
                case DELETE -> (i, done) -> {
                    crud.delete(users[(int) i].id());
                    done.accept(null, null);
                };
            };
        }
        AsyncUserCrud async = (AsyncUserCrud) crud;
        return switch (operation) {
            case WRITE -> (i, done) -> async.insertAsync(users[(int) i]).whenComplete(done);
            case READ -> (i, done) -> async.readAsync(users[(int) i].id()).whenComplete(done);
            case UPDATE -> (i, done) -> async.updateAsync(updated[(int) i]).whenComplete(done);
            case DELETE -> (i, done) -> async.deleteAsync(users[(int) i].id()).whenComplete(done);
        };
    }

    /**
     * Read-backs in flight at once through a library's asynchronous API after a synchronous run (untimed, so only
     * their speed matters); an asynchronous run reads back with its own window.
     */
    static final int READ_BACK_WINDOW = 32;

    /**
     * Untimed: every user {@code operation} acknowledged ({@code everyRow}), or one in
     * {@link ScenarioRunner#SAMPLE_EVERY} in turn, read back (through the library's asynchronous API where it has one,
     * several at a time, so checking costs the run little time). An insert must read back
     * as inserted, an update as updated (when the user's insert was acknowledged too), a delete must leave nothing.
     * Differences are errors of {@code operation}; a read-back that fails leaves the write unverifiable.
     */
    private void readBack(CrudOperation operation, User[] users, User[] updated, boolean[] acknowledged,
                          boolean[] written, Checked checked, Tally tally, int cycle, boolean everyRow) {
        AsyncUserCrud async = crud instanceof AsyncUserCrud a ? a : null;
        int inFlight = plan.mode() == ExecutionMode.ASYNC ? plan.concurrency() : READ_BACK_WINDOW;
        Semaphore window = new Semaphore(inFlight);
        for (int i = 0; i < users.length && !instruments.stopped(); i++) {
            if (!acknowledged[i] || (operation == CrudOperation.UPDATE && !written[i])
                    || !ScenarioRunner.sampled(i, cycle, everyRow)) {
                continue;
            }
            int user = i;
            if (async != null) {
                window.acquireUninterruptibly();
                async.readAsync(users[i].id()).whenComplete((read, failure) -> {
                    try {
                        judge(operation, users[user], updated[user], read, failure, checked, tally);
                    } finally {
                        window.release();
                    }
                });
                continue;
            }
            User read = null;
            Throwable failure = null;
            try {
                read = crud.read(users[i].id());
            } catch (Exception e) {
                failure = e;
            }
            judge(operation, users[i], updated[i], read, failure, checked, tally);
        }
        window.acquireUninterruptibly(inFlight);
    }

    /** One read-back compared with what {@code operation} wrote (synchronized: async ones complete on I/O threads). */
    private synchronized void judge(CrudOperation operation, User user, User updated, User read, Throwable failure,
                                    Checked checked, Tally tally) {
        instruments.liveness().completed();
        if (failure != null) {
            checked.unverifiable();
            return;
        }
        String wrong = switch (operation) {
            case WRITE -> read == null ? ErrorCounts.ROW_MISSING : read.equals(user) ? null : ErrorCounts.ROW_WRONG;
            case UPDATE -> read == null ? ErrorCounts.ROW_MISSING : read.equals(updated) ? null : ErrorCounts.ROW_WRONG;
            case DELETE -> read == null ? null : ErrorCounts.ROW_WRONG;
            case READ -> null;
        };
        checked.compared(wrong != null);
        if (wrong != null) {
            tally.error(0, wrong, 1);
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
