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
    /** Note: audited blocks. */
    public static final String BLOCKS = PREFIX + "blocks";
    /** Note: audited blocks whose connections could be read, which {@link #CONNECTIONS} is summed over. */
    public static final String CONNECTIONS_READ = PREFIX + "connections.read";
    /** Note: connections that carried the block's requests, summed over the audited blocks. */
    public static final String CONNECTIONS = PREFIX + "connections";
    /** Prefix of notes counting those connections by protocol version ({@code server.protocol.V5}). */
    public static final String PROTOCOL = PREFIX + "protocol.";
    /** Prefix of notes counting those connections by driver name and version. */
    public static final String DRIVER = PREFIX + "driver.";
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

    /**
     * What every node has counted so far, added up, and the connections each has (by node and client address);
     * null when a node cannot be read.
     */
    public Reading read() {
        Map<String, Long> sum = new TreeMap<>();
        Map<String, Map<String, String>> connections = new TreeMap<>();
        try {
            for (int i = 0; i < nodes.size(); i++) {
                ServerCounters node = nodes.get(i);
                node.read().counts().forEach((k, v) -> sum.merge(k, v, Long::sum));
                if (connections != null) {
                    connections = connections(node, i, connections);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new Reading(new ServerCounters.Reading(sum), connections);
    }

    /**
     * The node's connections added to {@code into}; null when they cannot be read here: the node answers with
     * Guava's immutable collections, which a worker without Guava on its classpath (driver 4 shades its own)
     * cannot decode. The counters do not depend on it.
     */
    private static Map<String, Map<String, String>> connections(ServerCounters node, int index,
                                                                Map<String, Map<String, String>> into) {
        try {
            for (Map<String, String> c : node.connections()) {
                into.put(index + "/" + c.get("address"), c);
            }
            return into;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** One reading of every node: its counters added up, its client connections (null: not readable here). */
    public record Reading(ServerCounters.Reading counters, Map<String, Map<String, String>> connections) {}

    /**
     * The notes of one audited block of {@code operations} operations, read {@code before} and now: the counters'
     * differences; {@code server.connections}, the connections that carried two requests or more meanwhile (an idle
     * driver's heartbeat is one every 30 s); and per protocol version and per driver name and version, how many of
     * those connections used it ({@code server.protocol.V5}, {@code server.driver.<name> <version>}).
     */
    public Map<String, Long> notes(Reading before, long operations) {
        Reading after = before == null ? null : read();
        Map<String, Long> out = new TreeMap<>();
        if (after == null) {
            out.put(UNREADABLE, 1L);
            return out;
        }
        after.counters().since(before.counters()).forEach((k, v) -> out.put(PREFIX + k, v));
        out.put(OPERATIONS, operations);
        out.put(BLOCKS, 1L);
        if (before.connections() == null || after.connections() == null) {
            return out;
        }
        out.put(CONNECTIONS_READ, 1L);
        after.connections().forEach((key, now) -> {
            Map<String, String> then = before.connections().get(key);
            long carried = requests(now) - (then == null ? 0 : requests(then));
            if (carried >= 2) {
                out.merge(CONNECTIONS, 1L, Long::sum);
                out.merge(PROTOCOL + "V" + now.getOrDefault("version", "?"), 1L, Long::sum);
                String driver = now.get("driverName") == null || "undefined".equals(now.get("driverName"))
                        ? "(not sent)" : now.get("driverName") + " " + now.getOrDefault("driverVersion", "");
                out.merge(DRIVER + driver.strip(), 1L, Long::sum);
            }
        });
        return out;
    }

    private static long requests(Map<String, String> connection) {
        try {
            return Long.parseLong(connection.getOrDefault("requests", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        nodes.forEach(ServerCounters::close);
    }
}
