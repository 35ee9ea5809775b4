package dev.cqlbench.runner;

/**
 * Where the clients that share a workload ({@code --client i/N}) wait for one another between timed blocks, so that
 * one of them can prepare the table for all (empty it) and all start writing at the same instant. The orchestrator
 * keeps the barrier in the cluster itself (a table every client reaches); a client alone has none.
 */
@FunctionalInterface
public interface Barrier {

    /**
     * Waits until every client has arrived at {@code step} (a name every client gives in the same order); returns the
     * wall-clock instant, ms since the epoch, at which they all start what comes next, or 0 when the run was asked to
     * stop meanwhile.
     */
    long await(String step);
}
