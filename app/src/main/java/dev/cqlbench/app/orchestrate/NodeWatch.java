package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.worker.WorkerEvent;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Watches the node processes of the run's cluster (embedded or kept: their pids are known) while it measures. A
 * node whose process exits without being asked (a decommissioned node leaves the list first) becomes a node-down
 * event on the current phase's clock, and the run goes on with the others; when none is left the run is stopped
 * with a cluster-down event and one line saying why, and what was measured is written.
 */
final class NodeWatch implements AutoCloseable {

    static final long POLL_MILLIS = 250;

    /** Where the run is: which variant and phase, and when that phase's clock started. */
    static final class Phase {
        private volatile String variant = "";
        private volatile String operation;
        private volatile long startNanos = System.nanoTime();

        void begin(String variant, String operation) {
            this.variant = variant;
            this.operation = operation;
            this.startNanos = System.nanoTime();
        }

        void operation(String operation) {
            this.operation = operation;
        }

        /** What tells the phase where {@code variant}'s turn is: each block's beginning, each operation it reports. */
        Consumer<WorkerEvent> listener(String variant) {
            return event -> {
                if (event instanceof WorkerEvent.Section s && s.begin()) {
                    begin(variant, s.operation());
                } else if (event instanceof WorkerEvent.RepetitionDone p) {
                    operation(p.operation());
                }
            };
        }

        RunEvent event(String kind, String detail) {
            return new RunEvent(kind, variant, operation == null ? "" : operation,
                    (System.nanoTime() - startNanos) / 1e9, detail);
        }
    }

    private final Supplier<List<Long>> pids;
    private final Phase phase;
    private final ClusterLog log;
    private final Lifecycle lifecycle;
    private final Set<Long> down = new LinkedHashSet<>();
    private final Thread thread;
    private volatile boolean closed;

    NodeWatch(Supplier<List<Long>> pids, Phase phase, ClusterLog log, Lifecycle lifecycle) {
        this.pids = pids;
        this.phase = phase;
        this.log = log;
        this.lifecycle = lifecycle;
        this.thread = new Thread(this::watch, "cqlbench-node-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (!closed) {
            check();
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One look at every node; package-private for tests. */
    synchronized void check() {
        List<Long> current = pids.get();
        if (current.isEmpty() || closed) {
            return;
        }
        for (Long pid : current) {
            boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            if (!alive && down.add(pid)) {
                RunEvent event = phase.event(RunEvent.NODE_DOWN, "node process " + pid + " exited");
                log.add(event, String.format(Locale.ROOT, "node process %d exited at %.1f s of %s %s: %d of %d "
                        + "nodes left", pid, event.atSecond(), event.variant(), event.operation(),
                        current.size() - down.stream().filter(current::contains).count(), current.size()));
            }
        }
        if (down.containsAll(current) && !lifecycle.stopRequested()) {
            String reason = "every node of the cluster is down (process" + (current.size() == 1 ? " " : "es ")
                    + current + " exited): the run stopped, what was measured is written";
            log.add(phase.event(RunEvent.CLUSTER_DOWN, reason), reason);
            lifecycle.requestStop(reason);
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
