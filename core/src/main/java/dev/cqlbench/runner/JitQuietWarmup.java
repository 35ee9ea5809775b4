package dev.cqlbench.runner;

import dev.cqlbench.measure.ProcessCpu;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Warmup that goes on until the JIT compiler is quiet: rounds of the measured code until, over the last
 * {@link #QUIET_WINDOW_MILLIS} of them (two rounds at least), the compiler's threads took at most a tenth of the CPU
 * the JVM used, or a time limit has passed.
 *
 * <p>The signal is read over a window of time, not round by round: a round short enough to end the warm-up close to
 * its limit (crud's 500 operations of each kind) lasts a second or two, and one C2 compile of 0.5 s puts it over a
 * tenth, so whether a warm-up ended early turned on where its compiles fell. Two libraries' four JVMs on the 2-core host
 * go quiet within their 12-s limit either way; the demo's eight JVMs of four libraries were busy to their limit
 * (37-43 s) with rounds of 500 and of 1,000, round by round and over the window: their compilers have that much to do.
 */
public final class JitQuietWarmup {

    /** The span of the most recent rounds over which the compiler must be quiet. */
    static final long QUIET_WINDOW_MILLIS = 4_000;
    /** The share of a window's wall time the compiler may take and the window still count as quiet. */
    static final double QUIET_SHARE = 0.10;

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
        Window window = new Window();
        for (int n = 0; !stop.getAsBoolean(); n++) {
            ProcessCpu.CpuTimes before = ProcessCpu.read();
            long begin = System.nanoTime();
            round.run(n);
            long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
            ProcessCpu.CpuTimes after = ProcessCpu.read();
            long jitMillis = before.compilerNanos() < 0 ? 0
                    : (after.compilerNanos() - before.compilerNanos()) / 1_000_000;
            // the JVM's own CPU, compiler included; where it cannot be told, the round's wall time
            long cpuMillis = before.operationsNanos() < 0 || before.compilerNanos() < 0 ? wallMillis
                    : (after.operationsNanos() - before.operationsNanos()) / 1_000_000 + jitMillis;
            if (window.quietAfter(wallMillis, cpuMillis, jitMillis) || maxMillis == 0
                    || System.nanoTime() >= deadline) {
                return;
            }
        }
    }

    /**
     * The most recent rounds spanning {@link #QUIET_WINDOW_MILLIS}, and whether the compiler was quiet in them: its
     * threads took at most {@link #QUIET_SHARE} of the CPU the JVM used. Of the JVM's CPU, not of the wall time: eight
     * JVMs warming on two CPUs each get a quarter of one, and a compiler busy all the time would be a quarter of the
     * wall time at most.
     */
    static final class Window {

        private final Deque<long[]> rounds = new ArrayDeque<>();
        private long wall;
        private long cpu;
        private long jit;

        /**
         * Adds a round of {@code wallMillis} in which the JVM used {@code cpuMillis} of CPU, {@code jitMillis} of it
         * compiling; whether the window is quiet.
         */
        boolean quietAfter(long wallMillis, long cpuMillis, long jitMillis) {
            rounds.addLast(new long[] {wallMillis, cpuMillis, jitMillis});
            wall += wallMillis;
            cpu += cpuMillis;
            jit += jitMillis;
            // the oldest rounds leave once the window spans enough without them
            while (rounds.size() > 2 && wall - rounds.peekFirst()[0] >= QUIET_WINDOW_MILLIS) {
                long[] oldest = rounds.removeFirst();
                wall -= oldest[0];
                cpu -= oldest[1];
                jit -= oldest[2];
            }
            return rounds.size() >= 2 && wall >= QUIET_WINDOW_MILLIS && jit <= QUIET_SHARE * cpu;
        }
    }
}
