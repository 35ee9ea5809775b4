package dev.cqlbench.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's record of what a variant sent: every node's {@link ServerCounters}, read by the worker right before
 * and right after an audited timed block (outside its clock and its CPU reading), the differences added to the
 * operation's notes as {@code server.<counter>}, with {@link #OPERATIONS} the operations of the audited blocks.
 * Only the variant's own worker is busy during its blocks, so what the nodes counted meanwhile is what it sent.
 * Every {@link #every}-th round is audited: what a library sends per operation does not change from round to
 * round, and a reading costs some tens of JMX calls.
 */
public final class ServerAudit implements AutoCloseable {

    /** Prefix of the notes an audit adds. */
    public static final String PREFIX = "server.";
    /** Note: operations of the audited blocks, which the counts are per. */
    public static final String OPERATIONS = PREFIX + "operations";
    /** Note: audited blocks whose counters could not be read (a node gone); their counts are left out. */
    public static final String UNREADABLE = PREFIX + "unreadable";

    private final List<ServerCounters> nodes;
    private final int every;

    private ServerAudit(List<ServerCounters> nodes, int every) {
        this.nodes = nodes;
        this.every = every;
    }

    /**
     * Connects to every node's JMX ({@code host:port}); null when {@code endpoints} is empty.
     *
     * @param every audit rounds 0, every, 2·every, …
     */
    public static ServerAudit connect(List<String> endpoints, int every) throws IOException {
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
        return new ServerAudit(nodes, Math.max(1, every));
    }

    /** Whether round {@code cycle}'s blocks are audited. */
    public boolean covers(int cycle) {
        return cycle % every == 0;
    }

    /** Every node's counters, added up; null when a node cannot be read. */
    public ServerCounters.Reading read() {
        Map<String, Long> sum = new TreeMap<>();
        try {
            for (ServerCounters node : nodes) {
                node.read().counts().forEach((k, v) -> sum.merge(k, v, Long::sum));
            }
        } catch (IOException e) {
            return null;
        }
        return new ServerCounters.Reading(sum);
    }

    /** The notes of one audited block of {@code operations} operations, read {@code before} and now. */
    public Map<String, Long> notes(ServerCounters.Reading before, long operations) {
        ServerCounters.Reading after = before == null ? null : read();
        Map<String, Long> out = new TreeMap<>();
        if (after == null) {
            out.put(UNREADABLE, 1L);
            return out;
        }
        after.since(before).forEach((k, v) -> out.put(PREFIX + k, v));
        out.put(OPERATIONS, operations);
        return out;
    }

    @Override
    public void close() {
        nodes.forEach(ServerCounters::close);
    }
}
