package dev.cqlbench.runner;

import dev.cqlbench.measure.ErrorCounts;
import dev.cqlbench.measure.LatencyRecorder;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * The timed loop every scenario shares: operations {@code from .. from+n-1}, each timed alone, its outcome
 * checked after the clock stops. Only operations that succeeded and checked out go into the histogram;
 * the rest are counted by kind.
 */
final class RepetitionLoop {

    /** One synchronous operation on item {@code i}; returns what the library decoded (or null). */
    interface SyncOperation {
        Object run(int i) throws Exception;
    }

    /** One asynchronous operation on item {@code i}; completes with what the library decoded (or null). */
    interface AsyncOperation {
        CompletionStage<?> start(int i);
    }

    /** Checks item {@code i}'s outcome outside the timed section: null if right, else an error kind. */
    interface Check {
        String verify(int i, Object result);

        Check NONE = (i, result) -> null;
    }

    record Repetition(long count, long totalNanos) {}

    private RepetitionLoop() {}

    /** Total time is the sum of the operations' times, as the study's stopwatch. */
    static Repetition runSync(int from, int n, SyncOperation operation, Check check, LatencyRecorder recorder,
                              ErrorCounts errors, BooleanSupplier stop) {
        long total = 0;
        int done = 0;
        for (int i = from; i < from + n && !stop.getAsBoolean(); i++) {
            Object result = null;
            Throwable failure = null;
            long start = System.nanoTime();
            try {
                result = operation.run(i);
            } catch (Throwable t) {
                failure = t;
            }
            long latency = System.nanoTime() - start;
            total += latency;
            done++;
            settle(i, result, failure, latency, check, recorder, errors);
        }
        return new Repetition(done, total);
    }

    /** At most {@code window} operations in flight; total time is wall time from first start to last end. */
    static Repetition runAsync(int from, int n, int window, AsyncOperation operation, Check check,
                               LatencyRecorder recorder, ErrorCounts errors, BooleanSupplier stop) {
        Semaphore inFlight = new Semaphore(window);
        int done = 0;
        long begin = System.nanoTime();
        for (int i = from; i < from + n && !stop.getAsBoolean(); i++) {
            int item = i;
            inFlight.acquireUninterruptibly();
            long start = System.nanoTime();
            CompletionStage<?> stage;
            try {
                stage = operation.start(item);
            } catch (Throwable t) {
                errors.count(t);
                inFlight.release();
                done++;
                continue;
            }
            stage.whenComplete((result, failure) -> {
                long latency = System.nanoTime() - start;
                settle(item, result, failure, latency, check, recorder, errors);
                inFlight.release();
            });
            done++;
        }
        inFlight.acquireUninterruptibly(window);
        long total = System.nanoTime() - begin;
        inFlight.release(window);
        return new Repetition(done, total);
    }

    private static void settle(int i, Object result, Throwable failure, long latencyNanos, Check check,
                               LatencyRecorder recorder, ErrorCounts errors) {
        if (failure != null) {
            errors.count(failure);
            return;
        }
        String wrong;
        try {
            wrong = check.verify(i, result);
        } catch (RuntimeException e) {
            wrong = ErrorCounts.kindOf(e);
        }
        if (wrong != null) {
            errors.count(wrong);
        } else {
            recorder.recordNanos(latencyNanos);
        }
    }
}
