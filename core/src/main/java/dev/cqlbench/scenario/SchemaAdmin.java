package dev.cqlbench.scenario;

import dev.cqlbench.binding.CqlTable;
import java.util.List;

/**
 * What a scenario's schema set-up may do on the run's cluster, before any worker starts, through the orchestrator's
 * own connection. Tables are created in the run's keyspace with the run's replication; an existing table with
 * another schema is a {@link SchemaClash} unless the user asked to drop it ({@code --drop-existing}).
 */
public interface SchemaAdmin {

    /** Creates {@code keyspace} (the run's replication) and the table if missing; true when the table was created. */
    boolean ensureTable(String keyspace, String table, List<String[]> columns, String createCql);

    /** {@link #ensureTable(String, String, List, String)} for a table cqlbench defines. */
    default boolean ensureTable(String keyspace, CqlTable table) {
        return ensureTable(keyspace, table.name(),
                table.columns().stream().map(c -> new String[] {c.name(), c.type()}).toList(), table.create(keyspace));
    }

    /** The run's replication, as CQL: {@code {'class': 'SimpleStrategy', 'replication_factor': 3}}. */
    String replication();

    void execute(String cql);

    /** The table's comment, or null when there is no such table. */
    String tableComment(String keyspace, String table);

    boolean hasRows(String keyspace, String table);

    void dropTable(String keyspace, String table);

    /** The keyspace's durable_writes, or null when there is no such keyspace. */
    Boolean durableWrites(String keyspace);

    /** The keyspace's tables. */
    List<String> tables(String keyspace);

    /**
     * Whether cqlbench runs the cluster's nodes (started for the run, or kept by 'cqlbench cluster start'), rather
     * than a cluster the user named with {@code --target}, where nothing is created unless asked.
     */
    boolean ownCluster();

    /** Whether the user asked to drop clashing tables ({@code --drop-existing}). */
    boolean dropExisting();

    /** The batch_size_fail_threshold of nodes the run started, KiB; null when unknown (external clusters). */
    Integer batchSizeFailThresholdKib();

    /**
     * A scenario that empties its table refuses one that holds rows and does not carry the comment marking it as
     * created by cqlbench: someone else's data is never truncated (with {@code --drop-existing} it is dropped).
     */
    default void refuseForeignTable(String keyspace, String table, String comment, String scenario, String when) {
        String existing = tableComment(keyspace, table);
        if (existing != null && !existing.equals(comment) && hasRows(keyspace, table)) {
            if (dropExisting()) {
                dropTable(keyspace, table);
                return;
            }
            throw new SchemaClash("table " + keyspace + "." + table + " exists, holds rows and was not created by "
                    + "cqlbench; the " + scenario + " scenario empties it before " + when + ": use another "
                    + "--keyspace, or --drop-existing to drop it");
        }
    }
}
