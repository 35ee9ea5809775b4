package dev.cqlbench.result;

import dev.cqlbench.measure.AuditedCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A binding's declared audit (what it says it sends) against what the servers counted in its audited blocks
 * ({@link AuditedCounts}): one line per disagreement. Checked where the declaration can be checked:
 * <ul>
 *   <li>{@code statements} "prepared…": no unprepared statements; "unprepared…": no prepared ones;</li>
 *   <li>{@code batches} "none": no batches; "unlogged…": no logged ones; "logged…": no unlogged ones;
 *       "…single partition": one partition per batch;</li>
 *   <li>{@code consistency} X: every read and write request at X;</li>
 *   <li>{@code protocolVersion} Vn: every connection of the worker the servers listed on protocol version n
 *       ({@link ClientConnections}).</li>
 * </ul>
 * What the server counted of the wrong kind must exceed {@link #TOLERANCE} per operation to count: a driver's own
 * occasional metadata query during a block is not the binding's statement.
 */
public final class ObservedAudit {

    /** Requests of the wrong kind per operation above which a declaration is contradicted. */
    public static final double TOLERANCE = 0.05;

    private static final Pattern LEVEL = Pattern.compile("^[A-Z_]+");

    private ObservedAudit() {}

    /** Every disagreement, "write: declares prepared statements; the server counted 1.00 unprepared per operation". */
    public static List<String> mismatches(Map<String, String> declared, List<OperationResult> operations,
                                          ClientConnections connections) {
        List<String> out = new ArrayList<>();
        for (OperationResult op : operations) {
            out.addAll(mismatches(declared, op.operation(), op.counts().server()));
        }
        String protocol = declared.getOrDefault("protocolVersion", "").strip();
        if (!protocol.isEmpty() && connections != null) {
            connections.protocols().forEach((version, listed) -> {
                if (!version.equals(protocol)) {
                    out.add(String.format(Locale.ROOT, "%s: declares protocol %s; the servers listed %.1f of its "
                            + "connections per round on %s", CONNECTIONS, protocol,
                            (double) listed / Math.max(1, connections.rounds()), version));
                }
            });
        }
        return out;
    }

    /** What a disagreement about the connections starts with, where an operation's starts with its name. */
    public static final String CONNECTIONS = "connections";

    /** The disagreements of one operation with what the servers counted; none when nothing was audited (null). */
    public static List<String> mismatches(Map<String, String> declared, String operation, AuditedCounts counted) {
        List<String> out = new ArrayList<>();
        if (counted != null && counted.audited()) {
            check(declared, counted, operation, out);
        }
        return out;
    }

    private static void check(Map<String, String> declared, AuditedCounts n, String operation, List<String> out) {
        long ops = n.operations();
        String statements = lower(declared.get("statements"));
        double prepared = n.perOperation("cql.prepared");
        double regular = n.perOperation("cql.regular");
        if (statements.startsWith("prepared") && regular > TOLERANCE) {
            out.add(line(operation, "prepared statements", regular, "unprepared"));
        } else if (statements.startsWith("unprepared") && prepared > TOLERANCE) {
            out.add(line(operation, "unprepared statements", prepared, "prepared"));
        }
        String batches = lower(declared.get("batches"));
        double logged = n.perOperation("batch.logged");
        double unlogged = n.perOperation("batch.unlogged");
        double counter = n.perOperation("batch.counter");
        if (batches.equals("none") && logged + unlogged + counter > TOLERANCE) {
            out.add(line(operation, "no batches", logged + unlogged + counter, "batches"));
        } else if (batches.startsWith("unlogged") && logged > TOLERANCE) {
            out.add(line(operation, "unlogged batches", logged, "logged batches"));
        } else if (batches.startsWith("logged") && unlogged > TOLERANCE) {
            out.add(line(operation, "logged batches", unlogged, "unlogged batches"));
        }
        long batchCount = n.count("batch.logged") + n.count("batch.unlogged");
        long partitions = n.count("batch.logged.partitions") + n.count("batch.unlogged.partitions");
        if (batches.contains("single partition") && batchCount > 0 && partitions > batchCount * (1 + TOLERANCE)) {
            out.add(String.format(Locale.ROOT, "%s: declares single-partition batches; the server counted %.2f "
                    + "partitions per batch", operation, (double) partitions / batchCount));
        }
        Matcher level = LEVEL.matcher(declared.getOrDefault("consistency", ""));
        if (level.find()) {
            String expected = level.group();
            n.byConsistency().forEach((k, v) -> {
                String other = k.substring(k.indexOf('.') + 1);
                if (!other.equals(expected) && (double) v / ops > TOLERANCE) {
                    out.add(String.format(Locale.ROOT, "%s: declares consistency %s; the server counted %.2f "
                            + "requests per operation at %s", operation, expected, (double) v / ops, other));
                }
            });
        }
    }

    private static String line(String operation, String declared, double perOp, String counted) {
        return String.format(Locale.ROOT, "%s: declares %s; the server counted %.2f %s per operation", operation,
                declared, perOp, counted);
    }

    private static String lower(String s) {
        return s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
    }
}
