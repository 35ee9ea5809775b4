package dev.cqlbench.measure;

import dev.cqlbench.run.Defaults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's record of what a variant sent: every node's {@link ServerCounters}, read by the worker right before
 * and right after an audited timed block (outside its clock and its CPU reading), the differences added to the
 * operation's {@link AuditedCounts}, with the operations of the audited blocks, and per node the requests it
 * coordinated. Only the variant's own worker is busy
 * during its blocks, so what the nodes counted meanwhile is what it sent. The first measured round and every
 * {@link Defaults#AUDIT_EVERY}-th after it are audited ({@link Defaults#audited}, decided by the orchestrator and
 * told with each round, {@link #auditing}): what a library sends per operation does not change from round to round,
 * and a reading costs some tens of JMX calls.
 */
public final class ServerAudit implements AutoCloseable {

    /** The reading's key of the requests node {@code n} coordinated ({@code coordinated.node2}). */
    private static final String COORDINATED = "coordinated.node";

    /** The requests a node coordinated: every kind of {@link ServerCounters}' {@code request.*} counts. */
    private static final List<String> REQUESTS = List.of("request.read", "request.write", "request.range",
            "request.cas_read", "request.cas_write");

    private final List<ServerCounters> nodes;
    private volatile boolean audited;

    private ServerAudit(List<ServerCounters> nodes) {
        this.nodes = nodes;
    }

    /**
     * Connects to every node's JMX ({@code host:port}, in the nodes' order: the first is node1); null when
     * {@code endpoints} is empty.
     */
    public static ServerAudit connect(List<String> endpoints) throws IOException {
        if (endpoints == null || endpoints.isEmpty()) {
            return null;
        }
        List<ServerCounters> nodes = new ArrayList<>();
        try {
            for (String endpoint : endpoints) {
                int colon = endpoint.lastIndexOf(':');
                nodes.add(ServerCounters.connect(endpoint.substring(0, colon),
                        Integer.parseInt(endpoint.substring(colon + 1)), null));
            }
        } catch (IOException | RuntimeException e) {
            nodes.forEach(ServerCounters::close);
            throw e;
        }
        return new ServerAudit(nodes);
    }

    /** Whether the round about to run is audited, as the orchestrator said with it. */
    public void auditing(boolean audited) {
        this.audited = audited;
    }

    /** Whether the running round's blocks are audited. */
    public boolean covers() {
        return audited;
    }

    /**
     * What every node has counted so far, added up, and per node the requests it coordinated; null when a node
     * cannot be read.
     */
    public ServerCounters.Counted read() {
        Map<String, Long> sum = new TreeMap<>();
        try {
            for (int i = 0; i < nodes.size(); i++) {
                Map<String, Long> counts = nodes.get(i).read().counts();
                counts.forEach((k, v) -> sum.merge(k, v, Long::sum));
                sum.put(COORDINATED + (i + 1),
                        REQUESTS.stream().mapToLong(k -> counts.getOrDefault(k, 0L)).sum());
            }
        } catch (IOException e) {
            return null;
        }
        return new ServerCounters.Counted(sum);
    }

    /** What the nodes counted during one audited block of {@code operations} operations, read {@code before}. */
    public AuditedCounts counted(ServerCounters.Counted before, long operations) {
        ServerCounters.Counted after = before == null ? null : read();
        if (after == null) {
            return AuditedCounts.UNREADABLE;
        }
        Map<String, Long> counters = new TreeMap<>();
        List<Long> coordinated = new ArrayList<>(java.util.Collections.nCopies(nodes.size(), 0L));
        after.since(before).forEach((k, v) -> {
            if (k.startsWith(COORDINATED)) {
                coordinated.set(Integer.parseInt(k.substring(COORDINATED.length())) - 1, v);
            } else {
                counters.put(k, v);
            }
        });
        return new AuditedCounts(operations, 1, 0, counters, coordinated);
    }

    @Override
    public void close() {
        nodes.forEach(ServerCounters::close);
    }
}
