package dev.cqlbench.app;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM: the run is asked to stop; it drains in-flight work and writes partial results before the
 * JVM exits. Ctrl-C is handled directly (sun.misc.Signal), so a second Ctrl-C can exit at once; SIGTERM goes
 * through the shutdown hook, which waits (bounded) for the same drain. Children need no hook of their own: each
 * watches its stdin and exits when this JVM is gone.
 */
public final class Lifecycle {

    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(60);

    private volatile String stopReason;
    private volatile boolean shuttingDown;
    private final java.util.concurrent.atomic.AtomicInteger interrupts = new java.util.concurrent.atomic.AtomicInteger();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile int exitCode = dev.cqlbench.app.ExitCode.INTERRUPTED;

    /** Installs the hook; tests running commands in-process use a Lifecycle without one. */
    public static Lifecycle withSignalHook() {
        Lifecycle lifecycle = new Lifecycle();
        Runtime.getRuntime().addShutdownHook(new Thread(lifecycle::onSignal, "cqlbench-shutdown"));
        try {
            // where SIGINT is ignored (a background job) the JVM leaves it ignored, and so does this
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> lifecycle.onInterrupt(System.err));
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // no direct handler here: Ctrl-C takes the shutdown hook's path
        }
        return lifecycle;
    }

    /** The first Ctrl-C stops the run gracefully; the second exits at once (children follow: their stdin closes). */
    void onInterrupt(java.io.PrintStream err) {
        if (interrupts.incrementAndGet() == 1) {
            requestStop("interrupted by Ctrl-C");
            err.println("cqlbench: stopping: operations in flight drain, then partial results are written "
                    + "(Ctrl-C again to exit at once, writing nothing more)");
        } else {
            err.println("cqlbench: second Ctrl-C: exiting now; result files already written stay, nothing more is");
            err.flush();
            Runtime.getRuntime().halt(dev.cqlbench.app.ExitCode.INTERRUPTED);
        }
    }

    private void onSignal() {
        shuttingDown = true;
        if (finished.getCount() == 0) {
            return; // normal exit
        }
        requestStop("interrupted by a signal (Ctrl-C or SIGTERM)");
        try {
            if (finished.await(DRAIN_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                // results written, children stopped: exit with the command's code (130 for a stopped run), not
                // with the signal's status (143), which the JVM would use once this hook returns
                Runtime.getRuntime().halt(exitCode);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public void requestStop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    public boolean stopRequested() {
        return stopReason != null;
    }

    public String stopReason() {
        return stopReason;
    }

    /** True once the JVM is exiting because of a signal: System.exit must not be called then. */
    public boolean shuttingDown() {
        return shuttingDown;
    }

    /** The command is done (results written, children stopped) and exits with {@code code}. */
    public void finished(int code) {
        exitCode = code;
        finished.countDown();
    }
}
