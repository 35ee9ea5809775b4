package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.host.Placement;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.run.ClusterSchedule;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import dev.cqlbench.worker.WorkerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A run's {@link ClusterSchedule} (study 05's scale-out), on the clock of one timed block: when a block of an
 * operation the schedule acts during begins ({@link #listener}), at {@code addAt} a node bootstraps into the embedded
 * cluster (join start: the node booted outside the ring before the phase is told to join, or, without one, its JVM
 * starts; join end: it has joined the ring, streamed what it now owns, and accepts clients); at
 * {@code decommissionAt}, if set, it is decommissioned again. Each step is an event on the phase's timeline; a
 * failure is an event too, never an exception that would end the measurement. A join or decommission still going on
 * finishes (or is stopped) before the next JVM takes its turn ({@link #await}).
 */
final class ScheduleDriver {

    private static final Duration DECOMMISSION_TIMEOUT = Duration.ofMinutes(30);

    private final EmbeddedCluster cluster;
    private final ClusterSchedule plan;
    private final Placement placement;
    private final ClusterLog log;
    private final BooleanSupplier stop;
    private final List<Thread> running = new ArrayList<>();

    /** @param cluster the embedded cluster the schedule acts on; null (or no {@code plan}): nothing is scheduled */
    ScheduleDriver(EmbeddedCluster cluster, ClusterSchedule plan, Placement placement, ClusterLog log,
                   BooleanSupplier stop) {
        this.cluster = cluster;
        this.plan = plan;
        this.placement = placement;
        this.log = log;
        this.stop = stop;
    }

    /** What starts the schedule in a turn of {@code variant}: the beginning of a block it acts during. */
    Consumer<WorkerEvent> listener(String variant) {
        return event -> {
            if (event instanceof WorkerEvent.Section s && s.begin() && cluster != null && plan != null
                    && plan.during().contains(s.operation())) {
                Thread t = new Thread(() -> drive(new BlockClock(variant, s.operation(), System.nanoTime())),
                        "cqlbench-cluster-schedule");
                t.setDaemon(true);
                t.start();
                running.add(t);
            }
        };
    }

    /** A join or decommission still going on finishes (or is stopped) before the next JVM takes its turn. */
    void await() {
        for (Thread t : running) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        running.clear();
    }

    /** The clock of one block of {@code variant}'s {@code phase}, begun at {@code start} (ns). */
    private record BlockClock(String variant, String phase, long start) {
        double now() {
            return (System.nanoTime() - start) / 1e9;
        }
    }

    private void event(BlockClock clock, String kind, String detail) {
        double at = clock.now();
        log.add(new RunEvent(kind, clock.variant(), clock.phase(), at, detail),
                String.format("%s at %.1f s of %s: %s", kind, at, clock.phase(), detail));
    }

    private boolean sleepUntil(BlockClock clock, long millisAfterStart) {
        long target = clock.start() + millisAfterStart * 1_000_000L;
        while (System.nanoTime() < target) {
            if (stop.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return false;
            }
            try {
                Thread.sleep(Math.min(200, Math.max(1, (target - System.nanoTime()) / 1_000_000L)));
            } catch (InterruptedException e) {
                return false;
            }
        }
        return !stop.getAsBoolean();
    }

    /** The schedule on {@code clock}: the join, then the decommission if planned. */
    private void drive(BlockClock clock) {
        if (!sleepUntil(clock, plan.addAtMillis())) {
            return;
        }
        String address = EmbeddedCluster.address(cluster.nodes().size());
        event(clock, RunEvent.JOIN_START, cluster.hasSpare()
                ? "node " + address + ", started outside the ring before the phase, joins the ring of "
                        + cluster.nodes().size() + " (nodetool join) and bootstraps"
                : "node " + address + " starts and bootstraps into the ring of " + cluster.nodes().size());
        long begin = System.nanoTime();
        EmbeddedCassandra added;
        try {
            added = placement.startingServers(() -> cluster.addNode(stop)); // on the servers' CPUs, as the others
        } catch (Exception e) {
            event(clock, RunEvent.FAILED, "node " + address + " did not join: " + e.getMessage());
            return;
        }
        event(clock, RunEvent.JOIN_END, String.format("node %s (pid %d) joined and serves clients after %.1f s",
                address, added.pid(), (System.nanoTime() - begin) / 1e9));
        if (plan.decommissionAtMillis() <= 0 || !sleepUntil(clock, plan.decommissionAtMillis())) {
            return;
        }
        event(clock, RunEvent.DECOMMISSION_START, "node " + address
                + " leaves the ring (nodetool decommission --force)");
        begin = System.nanoTime();
        try {
            cluster.decommission(added, DECOMMISSION_TIMEOUT);
            event(clock, RunEvent.DECOMMISSION_END, String.format("node %s left after %.1f s and was stopped",
                    address, (System.nanoTime() - begin) / 1e9));
        } catch (Exception e) {
            event(clock, RunEvent.FAILED, "node " + address + " did not decommission: " + e.getMessage());
        }
    }
}
