package dev.cqlbench.binding;

import dev.cqlbench.scenario.writes.WriteData;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Study 04's write patterns on the time-series table {@code keyspace.readings (sensor, ts, value)}: single
 * asynchronous inserts, batches of any rows, and the grouping of rows by the replicas that own them. Rows are
 * addressed by index into a {@link WriteData} generated before the clock starts. A batch the server refuses
 * as too large completes with {@link BatchRejectedException}.
 */
public interface RowWriter {

    /** Inserts row {@code i}. */
    CompletionStage<Void> insert(WriteData rows, int i);

    /** One batch of the rows {@code indices[0 .. count-1]}, LOGGED or UNLOGGED. */
    CompletionStage<Void> batch(WriteData rows, int[] indices, int count, boolean logged);

    /**
     * The rows {@code from .. to-1} grouped by replica set (the nodes that own each row's partition, from the
     * driver's token map), each group in row order: the study's {@code splitByToken}.
     */
    List<int[]> groupByReplicaSet(WriteData rows, int from, int to);

    /** Empties the table (outside any timed section). */
    void truncate() throws Exception;

    /** Reads every row of the table at consistency ALL (every replica answers) and hands each to {@code visitor}. */
    void scan(RowVisitor visitor) throws Exception;

    @FunctionalInterface
    interface RowVisitor {
        void row(long sensor, long tsMillis, double value);
    }
}
