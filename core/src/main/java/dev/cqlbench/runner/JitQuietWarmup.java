package dev.cqlbench.runner;

import dev.cqlbench.measure.ProcessCpu;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Warmup that goes on until the JIT compiler is quiet: rounds of the measured code until two in a row see it spend at
 * most a tenth of their time compiling (one can fall in a lull of the compile queue), or a time limit has passed.
 */
public final class JitQuietWarmup {

    private JitQuietWarmup() {}

    /** One round of warmup; the argument is the round's number, from 0. */
    @FunctionalInterface
    public interface Round {
        void run(int round);
    }

    /**
     * Runs {@code round} at least once, then again while the JIT is busy, until {@code maxMillis} has passed since the
     * start (0: one round only) or {@code stop} says so.
     */
    public static void run(long maxMillis, BooleanSupplier stop, Round round) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxMillis);
        int quiet = 0;
        for (int n = 0; !stop.getAsBoolean(); n++) {
            long jitBefore = ProcessCpu.jitMillis();
            long begin = System.nanoTime();
            round.run(n);
            long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            long jitMillis = jitBefore < 0 ? 0 : ProcessCpu.jitMillis() - jitBefore;
            quiet = jitMillis * 10 <= wallMillis ? quiet + 1 : 0;
            if (quiet == 2 || maxMillis == 0 || System.nanoTime() >= deadline) {
                return;
            }
        }
    }
}
