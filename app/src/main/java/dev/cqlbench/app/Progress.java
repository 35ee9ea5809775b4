package dev.cqlbench.app;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Where the orchestrator says what it is doing: one plain line per phase, and ticks while it measures. A terminal
 * shows the ticks as a live bar ({@link LiveProgress}); a log gets a plain line now and then.
 */
@FunctionalInterface
public interface Progress {

    void line(String text);

    /** How far the measured part of a run is. */
    default void tick(Tick tick) {
    }

    /** The measured part is over: a live bar goes away. */
    default void finish() {
    }

    /**
     * @param what       what is running now (variant, operation, cycle)
     * @param fraction   of the measuring done (its rounds, or its time budget if further), 0…1
     * @param operations done so far in the measured cycles
     * @param opsPerSec  rate of the last repetition
     */
    record Tick(String what, double fraction, long operations, double opsPerSec) {

        public String describe() {
            return String.format(Locale.ROOT, "%.0f%% of the measuring done, %,d ops, %s ops/s (%s)",
                    fraction * 100, operations, rate(opsPerSec), what);
        }

        static String rate(double opsPerSec) {
            return opsPerSec >= 10_000 ? String.format(Locale.ROOT, "%.1fk", opsPerSec / 1000)
                    : String.format(Locale.ROOT, "%.0f", opsPerSec);
        }
    }

    /** Plain lines, ticks at most every 15 s with an estimate of the time left: for logs and CI. */
    static Progress to(PrintStream out) {
        return new PlainProgress(out, 15_000_000_000L, System::nanoTime);
    }

    /** A live bar when {@code out} is a terminal (and not under CI), plain lines otherwise. */
    static Progress console(PrintStream out) {
        boolean terminal = System.console() != null && System.getenv("CI") == null
                && !"dumb".equals(System.getenv("TERM"));
        return terminal ? new LiveProgress(out) : to(out);
    }

    Progress SILENT = text -> { };

    /** Lines as they come; a tick line when enough time has passed since the last one. */
    final class PlainProgress implements Progress {
        private final PrintStream out;
        private final long intervalNanos;
        private final LongSupplier clock;
        private long started = -1;
        private long lastTick;

        PlainProgress(PrintStream out, long intervalNanos, LongSupplier clock) {
            this.out = out;
            this.intervalNanos = intervalNanos;
            this.clock = clock;
        }

        @Override
        public void line(String text) {
            out.println("cqlbench: " + text);
        }

        @Override
        public synchronized void tick(Tick tick) {
            long now = clock.getAsLong();
            if (started < 0) {
                started = now;
                lastTick = now;
                return;
            }
            if (now - lastTick < intervalNanos) {
                return;
            }
            lastTick = now;
            String left = "";
            if (tick.fraction() > 0.02 && tick.fraction() < 1) {
                long seconds = Math.round((now - started) / 1e9 * (1 - tick.fraction()) / tick.fraction());
                left = String.format(Locale.ROOT, ", about %dm%02ds left", seconds / 60, seconds % 60);
            }
            out.println("cqlbench: " + tick.describe() + left);
        }

        @Override
        public synchronized void finish() {
            started = -1;
        }
    }
}
