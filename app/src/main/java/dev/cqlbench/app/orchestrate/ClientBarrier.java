package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.runner.Barrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The clients' barrier, kept in the cluster they all reach: each client writes its arrival at a step (its clock's
 * time) into {@value ClusterAdmin#BARRIER_TABLE} of the run's keyspace, at LOCAL_QUORUM, and reads the step's
 * arrivals until all N are there. All then start at the same instant: the next whole second at least
 * {@link Defaults#BARRIER_MARGIN_MILLIS} after the last arrival (and not before {@code --start-at}), which every client
 * computes from the same rows.
 */
record ClientBarrier(ClusterAdmin admin, String keyspace, ClientShard client, BooleanSupplier stop)
        implements Barrier {

    @Override
    public long await(String step) {
        Long before = admin.arrivals(keyspace, client.runId(), step).get(client.index());
        if (before != null) { // its rows would let the first client start alone, before the others are ready
            throw new IllegalStateException("run " + client.runId() + " of keyspace " + keyspace + " met at " + step
                    + " before (client " + client.index() + " arrived at " + java.time.Instant.ofEpochMilli(before)
                    + "): give every run a --run-id of its own");
        }
        admin.arrive(keyspace, client.runId(), step, client.index(), System.currentTimeMillis());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Defaults.BARRIER_TIMEOUT_SECONDS);
        while (!stop.getAsBoolean()) {
            java.util.Map<Integer, Long> arrivals = admin.arrivals(keyspace, client.runId(), step);
            if (arrivals.size() >= client.count()) {
                return startAfter(arrivals.values().stream().mapToLong(Long::longValue).max().orElse(0),
                        client.startAtMillis());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(String.format("%d of %d clients arrived at %s within %d s: a client "
                        + "stopped or is far behind", arrivals.size(), client.count(), step,
                        Defaults.BARRIER_TIMEOUT_SECONDS));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        return 0;
    }

    /** The next whole second at least the margin after the last arrival, and not before {@code notBefore}. */
    static long startAfter(long lastArrival, long notBefore) {
        long start = ((lastArrival + Defaults.BARRIER_MARGIN_MILLIS) / 1000 + 1) * 1000;
        return Math.max(start, notBefore);
    }
}
