package dev.cqlbench.result;

import dev.cqlbench.measure.AuditedCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A binding's declared audit (what it says it sends, read as a {@link DeclaredAudit}) against what the servers
 * counted in its audited blocks ({@link AuditedCounts}), field by field: one line per disagreement. Checked where
 * the declaration can be checked:
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

    private ObservedAudit() {}

    /** Every disagreement, "write: declares prepared statements; the server counted 1.00 unprepared per operation". */
    public static List<String> mismatches(Map<String, String> declared, List<OperationResult> operations,
                                          ClientConnections connections) {
        List<String> out = new ArrayList<>();
        for (OperationResult op : operations) {
            out.addAll(mismatches(declared, op.operation(), op.counts().server()));
        }
        String protocol = DeclaredAudit.of(declared).protocolVersion();
        if (protocol != null && connections != null) {
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
            check(DeclaredAudit.of(declared), counted, operation, out);
        }
        return out;
    }

    /** The declaration, field by field, against what the servers counted per operation. */
    private static void check(DeclaredAudit d, AuditedCounts n, String operation, List<String> out) {
        double prepared = n.perOperation("cql.prepared");
        double regular = n.perOperation("cql.regular");
        if (d.statements() == DeclaredAudit.Statements.PREPARED && regular > TOLERANCE) {
            out.add(line(operation, "prepared statements", regular, "unprepared"));
        } else if (d.statements() == DeclaredAudit.Statements.UNPREPARED && prepared > TOLERANCE) {
            out.add(line(operation, "unprepared statements", prepared, "prepared"));
        }
        double logged = n.perOperation("batch.logged");
        double unlogged = n.perOperation("batch.unlogged");
        double counter = n.perOperation("batch.counter");
        if (d.batches() == DeclaredAudit.Batches.NONE && logged + unlogged + counter > TOLERANCE) {
            out.add(line(operation, "no batches", logged + unlogged + counter, "batches"));
        } else if (d.batches() == DeclaredAudit.Batches.UNLOGGED && logged > TOLERANCE) {
            out.add(line(operation, "unlogged batches", logged, "logged batches"));
        } else if (d.batches() == DeclaredAudit.Batches.LOGGED && unlogged > TOLERANCE) {
            out.add(line(operation, "logged batches", unlogged, "unlogged batches"));
        }
        long batchCount = n.count("batch.logged") + n.count("batch.unlogged");
        long partitions = n.count("batch.logged.partitions") + n.count("batch.unlogged.partitions");
        if (d.singlePartition() && batchCount > 0 && partitions > batchCount * (1 + TOLERANCE)) {
            out.add(String.format(Locale.ROOT, "%s: declares single-partition batches; the server counted %.2f "
                    + "partitions per batch", operation, (double) partitions / batchCount));
        }
        if (d.consistency() != null) {
            n.byConsistency().forEach((k, v) -> {
                String other = k.substring(k.indexOf('.') + 1);
                if (!other.equals(d.consistency()) && n.perOperation("request." + k) > TOLERANCE) {
                    out.add(String.format(Locale.ROOT, "%s: declares consistency %s; the server counted %.2f "
                            + "requests per operation at %s", operation, d.consistency(), (double) v / n.operations(),
                            other));
                }
            });
        }
    }

    private static String line(String operation, String declared, double perOp, String counted) {
        return String.format(Locale.ROOT, "%s: declares %s; the server counted %.2f %s per operation", operation,
                declared, perOp, counted);
    }
}
