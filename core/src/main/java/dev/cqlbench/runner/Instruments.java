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
 * counted for the heartbeat, whether it has been asked to stop, what records its measured work besides its blocks
 * ({@link Recorders}), where it waits for the other clients sharing its workload (or null, alone), and how long its
 * warm-up may go on while its JIT compiler is busy ({@code Defaults.warmupMillis}). Nothing of it is static: a test
 * makes its own.
 */
public record Instruments(String variant, RunListener listener, Liveness liveness, BooleanSupplier stop,
                          Recorders recorders, Barrier barrier, long warmupMillis) {

    /**
     * What records a runner's measured work besides its blocks.
     *
     * @param intervalLog the interval log of measured work (or null)
     * @param outputDir   where it may write files of its own (or null)
     * @param audit       the server audit of its measured blocks (or null)
     */
    public record Recorders(IntervalLog intervalLog, Path outputDir, ServerAudit audit) {
        public static final Recorders NONE = new Recorders(null, null, null);
    }

    /** For tests and benchmarks: no listener, no log, never stopped, no files. */
    public static Instruments quiet(String variant) {
        return new Instruments(variant, RunListener.NONE, new Liveness(), () -> false, Recorders.NONE, null,
                Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
    }

    /** The same, with another listener. */
    public Instruments listening(RunListener other) {
        return new Instruments(variant, other, liveness, stop, recorders, barrier, warmupMillis);
    }

    /** The same, stopped when {@code other} says so. */
    public Instruments stoppedBy(BooleanSupplier other) {
        return new Instruments(variant, listener, liveness, other, recorders, barrier, warmupMillis);
    }

    /** The same, waiting for other clients at {@code other}. */
    public Instruments withBarrier(Barrier other) {
        return new Instruments(variant, listener, liveness, stop, recorders, other, warmupMillis);
    }

    /** The interval log of measured work; null for none. */
    public IntervalLog intervalLog() {
        return recorders.intervalLog();
    }

    /** Where it may write files of its own; null for none. */
    public Path outputDir() {
        return recorders.outputDir();
    }

    /** The server audit of its measured blocks; null for none. */
    public ServerAudit audit() {
        return recorders.audit();
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
