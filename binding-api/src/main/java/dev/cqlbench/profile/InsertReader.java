package dev.cqlbench.profile;

import dev.cqlbench.profile.Profile.Column;
import dev.cqlbench.profile.Profile.Insert;
import dev.cqlbench.profile.YamlTree.Node;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A profile's {@code insert}, read and checked as {@link ProfileReader} reads the rest: {@code partitions},
 * {@code select}, {@code batchtype} (LOGGED by default, COUNTER on a counter table) and {@code condition}.
 */
final class InsertReader {

    private InsertReader() {}

    static Insert read(ProfileReader r, Node node, boolean counters, List<Column> columns) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Node> nodes = node == null || node.value() == null ? Map.of() : node.map();
        if (nodes == null) {
            throw r.bad(node, "insert is a map (partitions, select, batchtype, condition), not " + ProfileReader.describe(node));
        }
        for (Map.Entry<String, Node> e : nodes.entrySet()) {
            String key = e.getKey().toLowerCase(Locale.ROOT);
            if (!ProfileReader.INSERT_KEYS.contains(key)) {
                throw r.bad(e.getValue(), "unknown insert key '" + e.getKey() + "'; known: "
                        + String.join(", ", ProfileReader.INSERT_KEYS));
            }
            values.put(key, r.scalar(e.getValue(), key));
            r.lines.put("insert." + key, e.getValue().line());
        }
        Distribution partitions = r.distribution(nodes.get("partitions"),
                values.getOrDefault("partitions", ProfileReader.DEFAULT_PARTITIONS), "partitions");
        if (partitions.min() < 1) {
            throw r.bad(nodes.get("partitions"), "partitions must be at least 1 (partitions per insert)");
        }
        String select = values.getOrDefault("select", ProfileReader.DEFAULT_SELECT);
        int slash = select.lastIndexOf('/');
        Distribution share;
        long divisor;
        try {
            share = r.distribution(nodes.get("select"), slash < 0 ? select : select.substring(0, slash), "select");
            divisor = slash < 0 ? 1 : Distribution.number(select.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw r.bad(nodes.get("select"), "select is a distribution over a divisor, e.g. fixed(1)/10, not '"
                    + select + "'");
        }
        if (divisor < 1 || share.min() < 0 || share.max() > divisor) {
            throw r.bad(nodes.get("select"), "select '" + select + "' is not a share between 0 and 1 of a partition's "
                    + "rows");
        }
        String rowPopulation = values.get("row-population");
        if (rowPopulation != null && !rowPopulation.replace(" ", "").equalsIgnoreCase("fixed(1)/1")) {
            throw r.bad(nodes.get("row-population"), "row-population (rows left unset) is not run by cqlbench: every "
                    + "row is written whole, so that it can be read back and compared");
        }
        String batchType = values.getOrDefault("batchtype", counters ? "COUNTER" : "LOGGED")
                .toUpperCase(Locale.ROOT);
        if (!Profile.BATCH_TYPES.contains(batchType)) {
            throw r.bad(nodes.get("batchtype"), "batchtype '" + values.get("batchtype") + "' is not one of LOGGED, "
                    + "UNLOGGED, COUNTER");
        }
        double rowsPerPartition = 1;
        for (Column column : columns) {
            if (column.kind().equals(Profile.CLUSTERING)) {
                rowsPerPartition *= column.cluster().max();
            }
        }
        boolean batches = partitions.max() * Math.min(rowsPerPartition, Rows.MAX_ROWS_PER_PARTITION)
                * Math.min(1, (double) share.max() / divisor) > 1;
        if (batches && counters != batchType.equals("COUNTER")) {
            // (a counter table whose inserts write one row each never batches: its batchtype says nothing)
            throw r.bad(nodes.get("batchtype"), counters ? "a counter table is written in COUNTER batches, not "
                    + batchType : "COUNTER batches are for counter tables");
        }
        if (!batches && counters) {
            batchType = "COUNTER";
        }
        String condition = values.get("condition");
        if (condition != null) {
            condition = condition.strip().replaceAll("\\s+", " ");
            if (!condition.regionMatches(true, 0, "IF ", 0, 3)) {
                throw r.bad(nodes.get("condition"), "condition '" + condition + "' is a CQL condition: IF NOT EXISTS, or "
                        + "IF followed by conditions on columns (IF body = NULL)");
            }
            if (counters) {
                throw r.bad(nodes.get("condition"), "a counter table cannot be written with a condition");
            }
            if (batches) {
                // Cassandra takes a conditional batch only within one partition; stress profiles batch one partition
                if (partitions.max() > 1) {
                    throw r.bad(nodes.get("condition"), "a condition needs one partition per insert (Cassandra refuses "
                            + "a conditional batch over several partitions): partitions is " + partitions);
                }
            }
            condition = condition.equalsIgnoreCase("IF NOT EXISTS") ? "IF NOT EXISTS" : "IF " + condition.substring(3);
            if (condition.contains("?")) {
                throw r.bad(nodes.get("condition"), "condition '" + condition + "' has a bind marker: a condition is "
                        + "written out (IF body = NULL)");
            }
            if (!condition.equals("IF NOT EXISTS") && columns.stream().allMatch(Column::key)) {
                throw r.bad(nodes.get("condition"), "condition '" + condition + "' makes the insert an UPDATE, which "
                        + "needs a column outside the primary key to set");
            }
        }
        return new Insert(partitions, share, divisor, batchType, condition);
    }
}
