package dev.cqlbench.report;

import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.result.ClientConnections;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each variant sent: what its binding declares (statements, consistency, routing, batches), and what the
 * servers' own counters and connection lists observed it send, set beside the declaration so an unfair comparison
 * shows.
 */
public final class AuditSection {

    private AuditSection() {}

    /** What each variant sent, as its binding recorded it, and why a variant failed. */
    public static void audit(Doc out, RunResult result) {
        releases(out, result);
        out.append(String.format("%nwhat each variant sent%n"));
        for (VariantResult variant : result.variants()) {
            out.append("  ").append(variant.variant()).append(' ')
                    .append(variant.libraryVersion() == null ? "" : variant.libraryVersion()).append(": ")
                    .append(variant.audit().isEmpty() ? "(no audit: worker did not start)" : auditLine(variant.audit()))
                    .append('\n');
            if (variant.failure() != null) {
                out.append("  ").append(variant.variant()).append(" FAILED: ").append(variant.failure()).append('\n');
            }
            for (String mismatch : variant.auditMismatches()) {
                out.append("  ").append(variant.variant()).append(' ').append(AUDIT_MISMATCH).append(": ")
                        .append(mismatch).append('\n');
            }
        }
        observed(out, result);
    }

    /** A count per operation: two decimals, or two significant digits below a tenth (a batch of 5,000 rows). */
    static String perOperation(double x) {
        return x == 0 || x >= 0.1 ? String.format(Locale.ROOT, "%.2f", x) : String.format(Locale.ROOT, "%.2g", x);
    }

    /** Marks a declared audit the servers' counters contradict, in the terminal and (as a red cell) on the page. */
    public static final String AUDIT_MISMATCH = "AUDIT MISMATCH";

    /**
     * What the servers counted per operation in the audited blocks ({@link dev.cqlbench.measure.ServerAudit}), per variant and operation;
     * nothing when no block was audited.
     */
    static void observed(Doc out, RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "operation", "ops", "prepared", "unprepared", "batches", "partitions/batch",
                "reads", "writes", "by consistency", "coordinated by node", "forwarded", "coordinator µs",
                "storage reads", "storage writes", "replica µs", "bytes in", "bytes out", "declared"));
        for (VariantResult variant : result.variants()) {
            List<String> mismatches = variant.auditMismatches();
            for (OperationResult op : variant.operations()) {
                AuditedCounts n = op.counts().server();
                if (n == null || !n.audited()) {
                    continue;
                }
                long ops = n.operations();
                java.util.function.Function<String, Long> c = n::count;
                java.util.function.Function<Long, String> per = v -> perOperation((double) v / ops);
                long batches = c.apply("batch.logged") + c.apply("batch.unlogged") + c.apply("batch.counter");
                long partitions = c.apply("batch.logged.partitions") + c.apply("batch.unlogged.partitions")
                        + c.apply("batch.counter.partitions");
                StringBuilder levels = new StringBuilder();
                n.byConsistency().forEach((k, v) -> levels.append(levels.length() == 0 ? "" : " ").append(k)
                        .append(' ').append(per.apply(v)));
                rows.add(List.of(variant.variant(), op.operation(), Long.toString(ops), per.apply(c.apply("cql.prepared")),
                        per.apply(c.apply("cql.regular")), per.apply(batches),
                        batches == 0 ? "-" : String.format(Locale.ROOT, "%s%.1f", partitions > 8 * batches ? "≈" : "",
                                (double) partitions / batches),
                        per.apply(c.apply("request.read") + c.apply("request.range")), per.apply(c.apply("request.write")),
                        levels.length() == 0 ? "-" : levels.toString(), coordinators(n.coordinated()),
                        per.apply(c.apply("request.read.remote") + c.apply("request.write.remote")),
                        micros(c.apply("request.read.micros") + c.apply("request.write.micros")
                                + c.apply("request.range.micros"), ops),
                        per.apply(c.apply("storage.read") + c.apply("storage.range")), per.apply(c.apply("storage.write")),
                        micros(c.apply("storage.read.micros") + c.apply("storage.write.micros")
                                + c.apply("storage.range.micros"), ops),
                        String.format(Locale.ROOT, "%.0f", (double) c.apply("bytes.received") / ops),
                        String.format(Locale.ROOT, "%.0f", (double) c.apply("bytes.sent") / ops),
                        mismatches.stream().anyMatch(m -> m.startsWith(op.operation() + ":")) ? AUDIT_MISMATCH
                                : "agrees"));
            }
        }
        if (rows.size() > 1) {
            out.append(String.format(Locale.ROOT, "%nwhat the servers counted, per operation (every node's own "
                    + "counters, read over JMX around each block of the first measured round and every %dth after it; "
                    + "µs: time the requests took their coordinators, the reads and writes their replicas; bytes: CQL "
                    + "messages)%n", Defaults.AUDIT_EVERY));
            out.table(rows, Map.of(AUDIT_MISMATCH, "bad"), 2);
        } else if (result.variants().stream().anyMatch(v -> v.connections() != null)) {
            out.append(String.format(Locale.ROOT, "  the servers' own counters: not read (cqlbench reads them over JMX "
                    + "on the nodes it started, embedded or kept by 'cqlbench cluster start')%n"));
        }
        connections(out, result);
    }

    /** Time per operation, µs, to one decimal below 10. */
    private static String micros(long total, long ops) {
        double x = (double) total / ops;
        return String.format(Locale.ROOT, x < 10 ? "%.1f" : "%.0f", x);
    }

    /** Each node's share of the requests coordinated, in the nodes' order ("34/33/33 %"); "-" for none. */
    static String coordinators(List<Long> byNodeInOrder) {
        Map<Integer, Long> byNode = new java.util.TreeMap<>();
        for (int i = 0; i < byNodeInOrder.size(); i++) {
            if (byNodeInOrder.get(i) > 0) {
                byNode.put(i + 1, byNodeInOrder.get(i));
            }
        }
        long all = byNode.values().stream().mapToLong(Long::longValue).sum();
        if (all == 0) {
            return "-";
        }
        if (byNode.size() == 1) {
            return "node" + byNode.keySet().iterator().next();
        }
        int last = byNode.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        StringBuilder shares = new StringBuilder();
        for (int node = 1; node <= last; node++) {
            shares.append(node == 1 ? "" : "/").append(String.format(Locale.ROOT, "%.0f",
                    100.0 * byNode.getOrDefault(node, 0L) / all));
        }
        return shares.append(" %").toString();
    }

    /** The client connections the servers listed for each variant's worker ({@link ClientConnections}). */
    static void connections(Doc out, RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "connections", "protocol", "driver (as it named itself)", "requests per operation"));
        List<String> unreadable = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            ClientConnections c = variant.connections();
            if (c == null) {
                continue;
            }
            if (c.rounds() > 0) {
                rows.add(List.of(variant.variant(), String.format(Locale.ROOT, "%.1f",
                        (double) c.connections() / c.rounds()), shares(c.protocols()), shares(c.drivers()),
                        c.operations() == 0 ? "-" : perOperation((double) c.requests() / c.operations())));
            } else if (c.unreadable() != null) {
                unreadable.add(variant.variant() + ": " + c.unreadable());
            }
        }
        if (rows.size() > 1) {
            out.append(String.format(Locale.ROOT, "%nthe worker's connections as the servers listed them "
                    + "(system_views.clients of every node, around each audited round; requests: every message "
                    + "they carried, heartbeats and untimed checks included)%n"));
            out.table(rows);
        }
        unreadable.forEach(line -> out.append("  client connections not read for ").append(line).append('\n'));
    }

    /** The names, each with its share when there are several. */
    private static String shares(Map<String, Long> counts) {
        if (counts.size() <= 1) {
            return counts.isEmpty() ? "-" : counts.keySet().iterator().next();
        }
        long all = counts.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder out = new StringBuilder();
        counts.forEach((k, v) -> out.append(out.length() == 0 ? "" : ", ").append(k)
                .append(String.format(Locale.ROOT, " (%.0f %%)", 100.0 * v / all)));
        return out.toString();
    }

    public static String auditLine(Map<String, String> audit) {
        StringBuilder line = new StringBuilder();
        audit.forEach((k, v) -> line.append(line.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return line.toString();
    }

    /**
     * The released versions that ran in place of the built ones ({@code --library driver4@4.17.0}): each variant's
     * artifacts, with the start of their checksums (the result holds them whole).
     */
    private static void releases(Doc out, RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("variant", "ran with (in place of the built library's artifacts)", "sha256"));
        for (Variant v : result.settings().variants()) {
            if (v.release() == null) {
                continue;
            }
            for (String artifact : v.release().artifacts()) {
                int at = artifact.indexOf(" sha256:");
                rows.add(List.of(v.name(), at < 0 ? artifact : artifact.substring(0, at),
                        at < 0 ? "-" : artifact.substring(at + 8, Math.min(artifact.length(), at + 20)) + "…"));
            }
        }
        if (rows.size() > 1) {
            out.append(String.format("%nreleased versions, resolved from Maven repositories%n"));
            out.table(rows);
        }
    }

}
