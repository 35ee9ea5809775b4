package dev.cqlbench.run;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;

/**
 * The Cassandra cluster a run uses: a connection without contact points means "embedded": the cluster 'cqlbench
 * cluster start' keeps up in {@code clusterDir} if there is one, else the {@code embeddedNodes} started for this run.
 * Recorded in the result as it is, but for secrets ({@link Connection}).
 *
 * @param connection        how every library's client connects
 * @param embeddedNodes     the nodes a run starts when it is given none (ignored with contact points)
 * @param replicationFactor of keyspaces this run creates; null: not given ({@link Defaults#REPLICATION_FACTOR}
 *                          once {@link #resolved()})
 * @param clusterDir        where a kept cluster's state is looked for
 * @param dropExisting      whether a table of another schema, or of rows cqlbench did not write, is dropped
 */
@RecordBuilder
public record TargetSettings(
        Connection connection,
        EmbeddedNodes embeddedNodes,
        Integer replicationFactor,
        Path clusterDir,
        boolean dropExisting)
        implements TargetSettingsBuilder.With {

    public TargetSettings {
        connection = connection == null ? Connection.defaults() : connection;
        embeddedNodes = embeddedNodes == null ? EmbeddedNodes.defaults() : embeddedNodes;
    }

    /** The embedded cluster, every field at its default. */
    public static TargetSettings defaults() {
        return new TargetSettings(Connection.defaults(), EmbeddedNodes.defaults(), null, null, false);
    }

    /** Whether the cluster is embedded: no contact points given. */
    public boolean embedded() {
        return connection.contactPoints().isEmpty();
    }

    /** The replication factor keyspaces get: the one given, else the default. */
    public int replication() {
        return replicationFactor == null ? Defaults.REPLICATION_FACTOR : replicationFactor;
    }

    /** The same settings with every default that depends on nothing else filled in. */
    public TargetSettings resolved() {
        return replicationFactor != null ? this : withReplicationFactor(Defaults.REPLICATION_FACTOR);
    }
}
