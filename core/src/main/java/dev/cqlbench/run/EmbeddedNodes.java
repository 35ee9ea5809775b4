package dev.cqlbench.run;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;

/**
 * The embedded nodes a run starts when it is given no contact points and no cluster is kept: how many, and how.
 *
 * @param count                      nodes; null: 1, or as many as the kept cluster has
 * @param heapMb                     heap of each node; null: chosen from the machine's memory
 * @param workDir                    where their data and logs go; null: a new temporary directory
 * @param keepWorkDir                whether that directory stays after the run
 * @param startTimeoutSeconds        how long to wait for each node to accept clients
 * @param batchSizeFailThresholdKib  their batch_size_fail_threshold; null: Cassandra's default
 * @param batchSizeFailThresholdAuto whether the scenario chose the threshold (no option given)
 * @param authentication             the nodes take password logins only; cqlbench logs in as their default superuser
 */
@RecordBuilder
public record EmbeddedNodes(
        Integer count,
        Integer heapMb,
        Path workDir,
        boolean keepWorkDir,
        long startTimeoutSeconds,
        Integer batchSizeFailThresholdKib,
        boolean batchSizeFailThresholdAuto,
        boolean authentication)
        implements EmbeddedNodesBuilder.With {

    /** Nothing given: one node, sized by the machine, in a temporary directory, Cassandra's thresholds. */
    public static EmbeddedNodes defaults() {
        return new EmbeddedNodes(null, null, null, false, Defaults.START_TIMEOUT_SECONDS, null, false, false);
    }
}
