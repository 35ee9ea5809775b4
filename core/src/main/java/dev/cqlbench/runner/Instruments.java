package dev.cqlbench.runner;

import dev.cqlbench.measure.IntervalLog;
import dev.cqlbench.measure.Liveness;
import dev.cqlbench.measure.ServerAudit;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.run.Defaults;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.BooleanSupplier;

/**
 * What a runner is handed besides its binding: whom to tell about timed blocks, where completed operations are
 * counted for the heartbeat, the interval log of measured work (or null), whether it has been asked to stop, and
 * where it may write files of its own (or null), the server audit of its measured blocks (or null), where it waits
 * for the other clients sharing its workload (or null, alone), and how long its warm-up may go on while its JIT
 * compiler is busy ({@code Defaults.warmupMillis}). Nothing of it is static: a test makes its own.
 */
public record Instruments(String variant, RunListener listener, Liveness liveness, IntervalLog intervalLog,
                          BooleanSupplier stop, Path outputDir, ServerAudit audit, Barrier barrier,
                          long warmupMillis) {

    /** Without a barrier: a client alone, its warm-up the shortest cap. */
    public Instruments(String variant, RunListener listener, Liveness liveness, IntervalLog intervalLog,
                       BooleanSupplier stop, Path outputDir, ServerAudit audit) {
        this(variant, listener, liveness, intervalLog, stop, outputDir, audit, null,
                Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
    }

    /** For tests and benchmarks: no listener, no log, never stopped, no files. */
    public static Instruments quiet(String variant) {
        return new Instruments(variant, RunListener.NONE, new Liveness(), null, () -> false, null, null);
    }

    /** The same, with another listener. */
    public Instruments listening(RunListener other) {
        return new Instruments(variant, other, liveness, intervalLog, stop, outputDir, audit, barrier, warmupMillis);
    }

    /** The same, stopped when {@code other} says so. */
    public Instruments stoppedBy(BooleanSupplier other) {
        return new Instruments(variant, listener, liveness, intervalLog, other, outputDir, audit, barrier,
                warmupMillis);
    }

    /** The same, waiting for other clients at {@code other}. */
    public Instruments withBarrier(Barrier other) {
        return new Instruments(variant, listener, liveness, intervalLog, stop, outputDir, audit, other, warmupMillis);
    }

    public boolean stopped() {
        return stop.getAsBoolean();
    }

    /** A cycle's parts, in order, each run by {@code part} until a stop is asked for; their measurements in turn. */
    public <T> CycleMeasurements each(Iterable<T> parts, Function<T, CycleMeasurements> part) {
        CycleMeasurements out = CycleMeasurements.NONE;
        for (T p : parts) {
            if (stopped()) {
                break;
            }
            out = out.and(part.apply(p));
        }
        return out;
    }
}
