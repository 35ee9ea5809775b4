package dev.cqlbench.run;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Map;

/**
 * The servers a run talks to, and what happens to them while it measures.
 *
 * @param target   the Cassandra cluster (of every variant without a target of its own)
 * @param targets  each variant target's own cluster, by target name ({@code --target} files); empty otherwise
 * @param sql      the relational database, for variants whose library talks SQL; null otherwise
 * @param schedule what happens to the cluster during timed blocks (scale-out); null: nothing
 */
@RecordBuilder
public record Servers(TargetSettings target, Map<String, TargetSettings> targets, SqlSettings sql,
                      ClusterSchedule schedule) implements ServersBuilder.With {

    public Servers {
        target = target == null ? TargetSettings.defaults() : target;
        targets = Maps.sorted(targets);
    }

    /** The embedded cluster, nothing else. */
    public static Servers defaults() {
        return new Servers(TargetSettings.defaults(), Map.of(), null, null);
    }
}
