package dev.cqlbench.app.host;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Worker JVMs stopped (SIGSTOP) while another JVM measures, and continued (SIGCONT) for their own turn: a stopped
 * JVM's JIT compiler and garbage collector cannot take the CPU of the one measuring. Nothing is in flight when a
 * worker stops (it has answered its round), and its connections stay open (the drivers' heartbeats find them idle
 * at most a round long).
 * <p>
 * A stopped process cannot notice that its stdin closed, which is how every child of cqlbench learns that cqlbench
 * is gone; so every stopped worker is continued by this JVM's shutdown hook and, should this JVM die without one
 * (SIGKILL, a second Ctrl-C's halt), by a guard: a shell started with the first stop that reads the pids it may have
 * to continue from a pipe and continues them all once the pipe closes, that is once this JVM is gone.
 */
public final class StoppedWorkers {

    /** After a continue, what fell due while the JVM stood still (its timers, heartbeats) runs before its turn. */
    static final long SETTLE_MILLIS = 10;

    private static final Set<Long> STOPPED = ConcurrentHashMap.newKeySet();
    private static final String GUARD = "trap '' INT TERM HUP; p=''; while read -r x; do p=\"$p $x\"; done; "
            + "[ -z \"$p\" ] || kill -CONT $p 2>/dev/null; exit 0";
    private static Writer guard;

    private StoppedWorkers() {}

    /** Whether workers can be stopped here (Linux, with /bin/sh for the guard). */
    public static boolean available() {
        return Linux.AVAILABLE && new java.io.File("/bin/sh").canExecute();
    }

    /** Stops worker {@code pid} until {@link #resume}; false when it cannot be (gone, or not here). */
    public static boolean stop(long pid) {
        if (!available() || !guard(pid)) {
            return false;
        }
        STOPPED.add(pid);
        if (!Linux.signal(pid, Linux.SIGSTOP)) {
            STOPPED.remove(pid);
            return false;
        }
        return true;
    }

    /** Continues worker {@code pid} if it was stopped, and lets it settle before it is asked anything. */
    public static void resume(long pid) {
        if (!STOPPED.remove(pid)) {
            return;
        }
        Linux.signal(pid, Linux.SIGCONT);
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (Linux.state(pid) == 'T' && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        try {
            Thread.sleep(SETTLE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether worker {@code pid} is stopped by this class. */
    public static boolean stopped(long pid) {
        return STOPPED.contains(pid);
    }

    /** Tells the guard (started on first use) that it may have to continue {@code pid}. */
    private static synchronized boolean guard(long pid) {
        try {
            if (guard == null) {
                Process shell = new ProcessBuilder("/bin/sh", "-c", GUARD)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                guard = new OutputStreamWriter(shell.getOutputStream(), StandardCharsets.US_ASCII);
                Runtime.getRuntime().addShutdownHook(new Thread(StoppedWorkers::resumeAll, "cqlbench-continue"));
            }
            guard.write(pid + "\n");
            guard.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void resumeAll() {
        for (Long pid : STOPPED) {
            Linux.signal(pid, Linux.SIGCONT);
        }
        STOPPED.clear();
    }
}
