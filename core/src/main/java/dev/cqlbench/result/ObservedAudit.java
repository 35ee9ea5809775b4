package dev.cqlbench.result;

import dev.cqlbench.measure.ServerAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A binding's declared audit (what it says it sends) against what the servers counted in its audited blocks
 * ({@link ServerAudit} notes): one line per disagreement. Checked where the declaration can be checked:
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
            out.addAll(mismatches(declared, op.operation(), op.notes() == null ? Map.of() : op.notes()));
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

    /** The disagreements of one operation, from its notes ({@link ServerAudit#notes}); none when nothing audited. */
    public static List<String> mismatches(Map<String, String> declared, String operation, Map<String, Long> notes) {
        List<String> out = new ArrayList<>();
        long ops = notes.getOrDefault(ServerAudit.OPERATIONS, 0L);
        if (ops > 0) {
            check(declared, notes, ops, operation, out);
        }
        return out;
    }

    private static void check(Map<String, String> declared, Map<String, Long> n, long ops, String operation,
                              List<String> out) {
        String statements = lower(declared.get("statements"));
        double prepared = per(n, "cql.prepared", ops);
        double regular = per(n, "cql.regular", ops);
        if (statements.startsWith("prepared") && regular > TOLERANCE) {
            out.add(line(operation, "prepared statements", regular, "unprepared"));
        } else if (statements.startsWith("unprepared") && prepared > TOLERANCE) {
            out.add(line(operation, "unprepared statements", prepared, "prepared"));
        }
        String batches = lower(declared.get("batches"));
        double logged = per(n, "batch.logged", ops);
        double unlogged = per(n, "batch.unlogged", ops);
        double counter = per(n, "batch.counter", ops);
        if (batches.equals("none") && logged + unlogged + counter > TOLERANCE) {
            out.add(line(operation, "no batches", logged + unlogged + counter, "batches"));
        } else if (batches.startsWith("unlogged") && logged > TOLERANCE) {
            out.add(line(operation, "unlogged batches", logged, "logged batches"));
        } else if (batches.startsWith("logged") && unlogged > TOLERANCE) {
            out.add(line(operation, "logged batches", unlogged, "unlogged batches"));
        }
        long batchCount = n.getOrDefault(ServerAudit.PREFIX + "batch.logged", 0L)
                + n.getOrDefault(ServerAudit.PREFIX + "batch.unlogged", 0L);
        long partitions = n.getOrDefault(ServerAudit.PREFIX + "batch.logged.partitions", 0L)
                + n.getOrDefault(ServerAudit.PREFIX + "batch.unlogged.partitions", 0L);
        if (batches.contains("single partition") && batchCount > 0 && partitions > batchCount * (1 + TOLERANCE)) {
            out.add(String.format(Locale.ROOT, "%s: declares single-partition batches; the server counted %.2f "
                    + "partitions per batch", operation, (double) partitions / batchCount));
        }
        Matcher level = LEVEL.matcher(declared.getOrDefault("consistency", ""));
        if (level.find()) {
            String expected = level.group();
            n.forEach((k, v) -> {
                String other = levelOf(k);
                if (other != null && !other.equals(expected) && (double) v / ops > TOLERANCE) {
                    out.add(String.format(Locale.ROOT, "%s: declares consistency %s; the server counted %.2f "
                            + "requests per operation at %s", operation, expected, (double) v / ops, other));
                }
            });
        }
    }

    /** "QUORUM" for the note {@code server.request.read.QUORUM}; null for other notes. */
    public static String levelOf(String note) {
        String prefix = ServerAudit.PREFIX + "request.";
        if (!note.startsWith(prefix)) {
            return null;
        }
        String rest = note.substring(prefix.length());
        int dot = rest.indexOf('.');
        if (dot < 0) {
            return null;
        }
        String level = rest.substring(dot + 1);
        return level.equals(level.toUpperCase(Locale.ROOT)) ? level : null;
    }

    private static String line(String operation, String declared, double perOp, String counted) {
        return String.format(Locale.ROOT, "%s: declares %s; the server counted %.2f %s per operation", operation,
                declared, perOp, counted);
    }

    private static double per(Map<String, Long> notes, String counter, long ops) {
        return (double) notes.getOrDefault(ServerAudit.PREFIX + counter, 0L) / ops;
    }

    private static String lower(String s) {
        return s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
    }
}
