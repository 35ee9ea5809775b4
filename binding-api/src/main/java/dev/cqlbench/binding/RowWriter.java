package dev.cqlbench.binding;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Study 04's write patterns on the time-series table {@code keyspace.readings (sensor, ts, value)}: single
 * asynchronous inserts, batches of any rows, and the grouping of rows by the replicas that own them. Rows are
 * addressed by index into {@link Rows} generated before the clock starts. A batch the server refuses
 * as too large completes with {@link BatchRejectedException}.
 */
public interface RowWriter {

    /** Inserts row {@code i}. */
    CompletionStage<Void> insert(Rows rows, int i);

    /** One batch of the rows {@code indices[0 .. count-1]}, LOGGED or UNLOGGED. */
    CompletionStage<Void> batch(Rows rows, int[] indices, int count, boolean logged);

    /**
     * The rows {@code from .. to-1} grouped by replica set (the nodes that own each row's partition, from the
     * driver's token map), each group in row order: the study's {@code splitByToken}.
     */
    List<int[]> groupByReplicaSet(Rows rows, int from, int to);

    /** Empties the table (outside any timed section). */
    void truncate() throws Exception;

    /** Reads every row of the table at consistency ALL (every replica answers) and hands each to {@code visitor}. */
    void scan(RowVisitor visitor) throws Exception;

    @FunctionalInterface
    interface RowVisitor {
        void row(long sensor, long tsMillis, double value);
    }

    /** The rows of one timed write, by index: one partition per sensor, clustered by time. */
    interface Rows {
        long sensor(int i);

        long tsMillis(int i);

        double value(int i);
    }

    /**
     * Study 04's write patterns on {@code keyspace.readings}, statements prepared; {@code pattern} says how the
     * writer will be driven (async, logged-batch, unlogged-batch, token-aware-batch), for the binding's audit.
     */
    record On(String keyspace, String pattern) implements Capability<RowWriter> {
        @Override
        public Class<RowWriter> type() {
            return RowWriter.class;
        }
    }
}
