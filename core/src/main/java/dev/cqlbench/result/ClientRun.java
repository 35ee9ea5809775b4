package dev.cqlbench.result;

/**
 * One client of a workload shared by several ({@code --client i/N}): which it was, where, its clock, and how busy it
 * was (filled in by {@code merge}, from its seconds).
 *
 * @param runId              the run every client belongs to: their common start instant
 * @param clockOffsetMs      this client's clock minus the cluster's (a node's {@code now()}), as measured over the
 *                           quickest of a few round trips; null where not measured
 * @param clockUncertaintyMs half that round trip: the offset is known to within this
 * @param clockReference     the node whose clock is the reference
 * @param cpuShareMax        the busiest second's CPU of the client JVM, as a share of the machine's cores (1 = all);
 *                           null until merged
 * @param lagMaxMs           open loop: the most an operation started after its scheduled time, ms; null until merged
 * @param gcMillis           the client JVM's garbage collection time during its timed seconds; null until merged
 */
public record ClientRun(int index, int count, String runId, Environment environment, String startedAt,
                        String finishedAt, Double clockOffsetMs, Double clockUncertaintyMs, String clockReference,
                        Double cpuShareMax, Double lagMaxMs, Long gcMillis) {

    /** The same client, with how busy its seconds show it was. */
    public ClientRun withLoad(Double cpuShare, Double lagMs, Long gc) {
        return new ClientRun(index, count, runId, environment, startedAt, finishedAt, clockOffsetMs,
                clockUncertaintyMs, clockReference, cpuShare, lagMs, gc);
    }
}
