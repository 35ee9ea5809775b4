package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.scenario.ScenarioPlan;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.CrudSchema;
import dev.cqlbench.scenario.decode.DecodePlan;
import dev.cqlbench.scenario.decode.DecodeSchema;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import dev.cqlbench.scenario.hatshop.HatshopSchema;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.scenario.writes.WritesPlan;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.MixesSchema;
import dev.cqlbench.scenario.writes.WritesSchema;

/** Creates what each scenario's tables need, through the admin connection, before any worker starts. */
final class Schemas {

    private Schemas() {}

    /** Returns a short account of what was done, for the progress line. */
    static String prepare(ClusterAdmin admin, ClusterTarget target, RunSettings settings) {
        return prepare(admin, target, settings, settings.target().replicationFactor());
    }

    static String prepare(ClusterAdmin admin, ClusterTarget target, RunSettings settings, int replicationFactor) {
        ScenarioPlan plan = settings.plan();
        String keyspace = plan.keyspace();
        String replication = target.replication(replicationFactor);
        boolean drop = settings.target().dropExisting();
        if (plan instanceof CrudPlan) {
            boolean created = admin.ensureTable(keyspace, replication, CrudSchema.TABLE, CrudSchema.COLUMNS,
                    CrudSchema.createTable(keyspace), drop);
            return "table " + keyspace + "." + CrudSchema.TABLE + (created ? " created" : " ready");
        }
        if (plan instanceof DecodePlan) {
            boolean created = admin.ensureTable(keyspace, replication, DecodeSchema.TABLE, DecodeSchema.COLUMNS,
                    DecodeSchema.createTable(keyspace), drop);
            admin.execute(DecodeSchema.insertStudyRow(keyspace));
            return "table " + keyspace + "." + DecodeSchema.TABLE + (created ? " created" : " ready")
                    + ", study 02's row written";
        }
        if (plan instanceof HatshopPlan hatshop) {
            for (String table : java.util.List.of(HatshopSchema.ORDERS, HatshopSchema.LINE_ITEMS,
                    HatshopSchema.LINE_ITEMS_BY_ORDER)) {
                refuseForeignTable(admin, keyspace, table, HatshopSchema.COMMENT, "hatshop", "every replay", drop);
            }
            boolean durable = OrderStore.Spec.DURABLE.equals(hatshop.durability());
            if (!Boolean.valueOf(durable).equals(admin.durableWrites(keyspace))) {
                // durable_writes is the keyspace's: never changed under tables that are not hatshop's
                java.util.List<String> others = admin.tables(keyspace).stream().filter(t -> !java.util.List.of(
                        HatshopSchema.ORDERS, HatshopSchema.LINE_ITEMS, HatshopSchema.LINE_ITEMS_BY_ORDER).contains(t))
                        .sorted().toList();
                if (!others.isEmpty()) {
                    throw new CqlbenchException(ExitCode.SCHEMA, "--durability " + hatshop.durability() + " sets "
                            + "durable_writes = " + durable + " on keyspace " + keyspace + ", which also holds "
                            + String.join(", ", others) + ": use a --keyspace of hatshop's own");
                }
            }
            boolean created = admin.ensureTable(keyspace, replication, HatshopSchema.ORDERS,
                    HatshopSchema.ORDERS_COLUMNS, HatshopSchema.createOrders(keyspace), drop);
            admin.ensureTable(keyspace, replication, HatshopSchema.LINE_ITEMS, HatshopSchema.LINE_ITEM_COLUMNS,
                    HatshopSchema.createLineItems(keyspace), drop);
            admin.ensureTable(keyspace, replication, HatshopSchema.LINE_ITEMS_BY_ORDER,
                    HatshopSchema.LINE_ITEM_COLUMNS, HatshopSchema.createLineItemsByOrder(keyspace), drop);
            if (!Boolean.valueOf(durable).equals(admin.durableWrites(keyspace))) {
                admin.execute("ALTER KEYSPACE " + keyspace + " WITH durable_writes = " + durable);
            }
            return "tables " + keyspace + ".{orders, line_items, line_items_by_order}" + (created ? " created" : " ready")
                    + ", durable_writes = " + durable;
        }
        if (plan instanceof WritesPlan writes) {
            refuseForeignTable(admin, keyspace, WritesSchema.TABLE, WritesSchema.COMMENT, "writes", "every cell",
                    drop);
            boolean created = admin.ensureTable(keyspace, replication, WritesSchema.TABLE, WritesSchema.COLUMNS,
                    WritesSchema.createTable(keyspace), drop);
            Object threshold = target.describe().get("batchSizeFailThresholdKib");
            String note = "";
            if (threshold instanceof Integer kib && kib < writes.batchKib()) {
                note = "; batches of " + writes.batchSize() + " rows (~" + writes.batchKib() + " KiB) exceed the "
                        + "cluster's batch_size_fail_threshold of " + kib + " KiB: Cassandra will reject them";
            }
            return "table " + keyspace + "." + WritesSchema.TABLE + (created ? " created" : " ready")
                    + ", replication " + replication + note;
        }
        if (plan instanceof MixesPlan mixes) {
            refuseForeignTable(admin, keyspace, MixesSchema.TABLE, MixesSchema.COMMENT, "mixes", "every load",
                    drop);
            boolean created = admin.ensureTable(keyspace, replication, MixesSchema.TABLE,
                    MixesSchema.columns(mixes.fieldCount()), MixesSchema.createTable(keyspace, mixes.fieldCount()), drop);
            return "table " + keyspace + "." + MixesSchema.TABLE + " (" + mixes.fieldCount() + " fields)"
                    + (created ? " created" : " ready") + ", replication " + replication;
        }
        throw new IllegalArgumentException("no schema for " + plan.getClass().getSimpleName());
    }

    /**
     * A scenario that empties its table refuses one that holds rows and does not carry the comment marking it as
     * created by cqlbench: someone else's data is never truncated.
     */
    private static void refuseForeignTable(ClusterAdmin admin, String keyspace, String table, String comment,
                                           String scenario, String when, boolean drop) {
        String existing = admin.tableComment(keyspace, table);
        if (existing != null && !existing.equals(comment) && admin.hasRows(keyspace, table)) {
            if (drop) {
                admin.dropTable(keyspace, table); // --drop-existing: the user said so
                return;
            }
            throw new CqlbenchException(ExitCode.SCHEMA, "table " + keyspace + "." + table + " exists, holds rows "
                    + "and was not created by cqlbench; the " + scenario + " scenario empties it before " + when
                    + ": use another --keyspace, or --drop-existing to drop it");
        }
    }
}
