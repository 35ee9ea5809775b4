package dev.cqlbench.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the servers counted during an operation's audited blocks ({@link ServerAudit}): every node's counters added
 * up, by {@link ServerCounters}' names ({@code cql.prepared}, {@code batch.logged}, {@code request.read.QUORUM}, …),
 * and the requests each node coordinated.
 *
 * @param operations  operations of the audited blocks, which the counts are per
 * @param blocks      audited blocks
 * @param unreadable  audited blocks whose counters could not be read (a node gone): their counts are left out
 * @param counters    what the nodes counted, added up, by counter
 * @param coordinated the requests each node coordinated, node1 first
 */
public record AuditedCounts(long operations, long blocks, long unreadable, Map<String, Long> counters,
                            List<Long> coordinated) {

    public AuditedCounts {
        counters = counters == null ? Map.of() : Map.copyOf(new TreeMap<>(counters));
        coordinated = coordinated == null ? List.of() : List.copyOf(coordinated);
    }

    /** A block whose counters could not be read. */
    public static final AuditedCounts UNREADABLE = new AuditedCounts(0, 0, 1, Map.of(), List.of());

    /** Whether any operation was audited. */
    @JsonIgnore
    public boolean audited() {
        return operations > 0;
    }

    /** What the nodes counted of {@code counter}; 0 where they counted none. */
    public long count(String counter) {
        return counters.getOrDefault(counter, 0L);
    }

    /** {@code counter} per audited operation. */
    public double perOperation(String counter) {
        return operations == 0 ? 0 : (double) count(counter) / operations;
    }

    /** Requests by kind and consistency level ("read.QUORUM" → n), in order. */
    @JsonIgnore
    public Map<String, Long> byConsistency() {
        Map<String, Long> out = new TreeMap<>();
        counters.forEach((k, v) -> {
            if (k.startsWith("request.")) {
                String rest = k.substring("request.".length());
                int dot = rest.indexOf('.');
                String level = dot < 0 ? "" : rest.substring(dot + 1);
                if (!level.isEmpty() && level.equals(level.toUpperCase(Locale.ROOT))) {
                    out.put(rest, v);
                }
            }
        });
        return out;
    }

    /** Both added up; either may be null (nothing audited). */
    public static AuditedCounts sum(AuditedCounts a, AuditedCounts b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Map<String, Long> counters = new TreeMap<>(a.counters);
        b.counters.forEach((k, v) -> counters.merge(k, v, Long::sum));
        List<Long> coordinated = new ArrayList<>();
        for (int i = 0; i < Math.max(a.coordinated.size(), b.coordinated.size()); i++) {
            coordinated.add((i < a.coordinated.size() ? a.coordinated.get(i) : 0)
                    + (i < b.coordinated.size() ? b.coordinated.get(i) : 0));
        }
        return new AuditedCounts(a.operations + b.operations, a.blocks + b.blocks, a.unreadable + b.unreadable,
                counters, coordinated);
    }
}
