package dev.cqlbench.result;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a binding declares it sends ({@code Binding.audit()}: words a user reads, "prepared (8 statements)",
 * "unlogged, single partition", "LOCAL_ONE"), as the fields the servers' counters can check ({@link ObservedAudit}).
 * A field the declaration leaves out, or says in words this does not know, is {@code UNDECLARED} (null): nothing is
 * checked against it.
 *
 * @param statements      prepared or unprepared statements
 * @param batches         none, logged or unlogged
 * @param singlePartition whether each batch is declared to touch one partition
 * @param consistency     the consistency level of every request ("LOCAL_ONE"), or null
 * @param protocolVersion the protocol version of every connection ("V5"), or null
 */
public record DeclaredAudit(Statements statements, Batches batches, boolean singlePartition, String consistency,
                            String protocolVersion) {

    public enum Statements { PREPARED, UNPREPARED, UNDECLARED }

    public enum Batches { NONE, LOGGED, UNLOGGED, UNDECLARED }

    private static final Pattern LEVEL = Pattern.compile("^[A-Z_]+");

    /** The declaration's checkable fields, read from its words. */
    public static DeclaredAudit of(Map<String, String> declared) {
        String statements = lower(declared.get("statements"));
        String batches = lower(declared.get("batches"));
        Matcher level = LEVEL.matcher(declared.getOrDefault("consistency", "").strip());
        String protocol = declared.getOrDefault("protocolVersion", "").strip();
        return new DeclaredAudit(
                statements.startsWith("prepared") ? Statements.PREPARED
                        : statements.startsWith("unprepared") ? Statements.UNPREPARED : Statements.UNDECLARED,
                batches.equals("none") ? Batches.NONE : batches.startsWith("unlogged") ? Batches.UNLOGGED
                        : batches.startsWith("logged") ? Batches.LOGGED : Batches.UNDECLARED,
                batches.contains("single partition"), level.find() ? level.group() : null,
                protocol.isEmpty() ? null : protocol);
    }

    private static String lower(String s) {
        return s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
    }
}
