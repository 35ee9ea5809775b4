package dev.cqlbench.app.cluster;

import dev.cqlbench.scenario.SchemaAdmin;
import java.util.List;

/** What a scenario's schema set-up may do on the run's cluster: the admin connection, the run's replication. */
public final class SchemaTarget implements SchemaAdmin {

    private final ClusterAdmin admin;
    private final String replication;
    private final boolean dropExisting;
    private final Integer batchSizeFailThresholdKib;
    private final boolean ownCluster;
    private final java.time.Duration waits;
    private final java.util.function.BooleanSupplier stop;

    /**
     * @param waits null when this run creates what its scenario needs; else how long it waits for another client of
     *              the run (client 0) to create each table, which it then only checks: tables created at once
     *              through several coordinators of a multi-node cluster can end with schemas that disagree
     */
    public SchemaTarget(ClusterAdmin admin, ClusterTarget target, int replicationFactor, boolean dropExisting,
                        java.time.Duration waits, java.util.function.BooleanSupplier stop) {
        this.admin = admin;
        this.waits = waits;
        this.stop = stop;
        this.replication = target.replication(replicationFactor);
        this.dropExisting = dropExisting;
        this.batchSizeFailThresholdKib = target.facts().embedded().batchSizeFailThresholdKib();
        this.ownCluster = !target.serverPids().isEmpty();
    }

    @Override
    public boolean ownCluster() {
        return ownCluster;
    }

    @Override
    public boolean ensureTable(String keyspace, String table, List<String[]> columns, String createCql) {
        if (waits != null) {
            admin.awaitTable(keyspace, table, waits, stop);
        }
        return admin.ensureTable(keyspace, replication, table, columns, createCql, dropExisting);
    }

    @Override
    public String replication() {
        return replication;
    }

    @Override
    public void execute(String cql) {
        if (waits != null) {
            return; // client 0 runs the scenario's definitions; the tables awaited show they are in place
        }
        admin.execute(cql);
    }

    @Override
    public String tableComment(String keyspace, String table) {
        return admin.tableComment(keyspace, table);
    }

    @Override
    public boolean hasRows(String keyspace, String table) {
        return admin.hasRows(keyspace, table);
    }

    @Override
    public void dropTable(String keyspace, String table) {
        admin.dropTable(keyspace, table);
    }

    @Override
    public Boolean durableWrites(String keyspace) {
        return admin.durableWrites(keyspace);
    }

    @Override
    public List<String> tables(String keyspace) {
        return admin.tables(keyspace);
    }

    @Override
    public boolean dropExisting() {
        return dropExisting;
    }

    @Override
    public Integer batchSizeFailThresholdKib() {
        return batchSizeFailThresholdKib;
    }
}
