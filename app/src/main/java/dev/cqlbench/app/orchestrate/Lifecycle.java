package dev.cqlbench.app.orchestrate;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM: the shutdown hook asks the run to stop, then waits (bounded) for it to drain in-flight
 * work and write partial results before the JVM exits. Children need no hook of their own: each watches
 * its stdin and exits when this JVM is gone.
 */
public final class Lifecycle {

    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(60);

    private volatile String stopReason;
    private volatile boolean shuttingDown;
    private final CountDownLatch finished = new CountDownLatch(1);

    /** Installs the hook; tests running commands in-process use a Lifecycle without one. */
    public static Lifecycle withSignalHook() {
        Lifecycle lifecycle = new Lifecycle();
        Runtime.getRuntime().addShutdownHook(new Thread(lifecycle::onSignal, "cqlbench-shutdown"));
        return lifecycle;
    }

    private void onSignal() {
        shuttingDown = true;
        if (finished.getCount() == 0) {
            return; // normal exit
        }
        requestStop("interrupted by a signal (Ctrl-C or SIGTERM)");
        try {
            finished.await(DRAIN_DEADLINE.toSeconds(), TimeUnit.SECONDS);
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

    /** The command is done (results written, children stopped). */
    public void finished() {
        finished.countDown();
    }
}
