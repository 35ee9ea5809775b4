package dev.cqlbench.result;

import dev.cqlbench.run.Maps;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client connections of a variant's worker as the servers listed them ({@code system_views.clients} of every
 * node, read over CQL right before and right after each audited round, outside its timed blocks), added up over
 * those rounds. A connection is the worker's when its client address and port is one of the worker process's own
 * sockets, so every library is seen the same way, on any cluster whose nodes see the client's own address.
 *
 * @param rounds      audited rounds whose connections were read
 * @param connections connections listed, added up over those rounds (per round: divide by {@code rounds})
 * @param requests    requests those connections carried during those rounds, by the servers' count (every message
 *                    the worker sent, queries and heartbeats alike)
 * @param operations  operations the worker timed in those rounds
 * @param protocols   connections by protocol version ("V5"), added up over the rounds
 * @param drivers     connections by the driver's name and version as it named itself, added up over the rounds
 * @param unreadable  why the connections could not be read (an older Cassandra, no process table), or null
 */
public record ClientConnections(int rounds, long connections, long requests, long operations,
                                Map<String, Long> protocols, Map<String, Long> drivers, String unreadable) {

    public ClientConnections {
        protocols = protocols == null ? Map.of() : Maps.sorted(protocols);
        drivers = drivers == null ? Map.of() : Maps.sorted(drivers);
    }

    /** Nothing read yet. */
    public static ClientConnections none() {
        return new ClientConnections(0, 0, 0, 0, Map.of(), Map.of(), null);
    }

    /** Could not be read, for this reason. */
    public static ClientConnections unreadable(String why) {
        return new ClientConnections(0, 0, 0, 0, Map.of(), Map.of(), why);
    }

    /**
     * These and one more round's, read: its connections by protocol and driver, requests carried, operations timed
     * (readable from then on).
     */
    public ClientConnections plus(Map<String, Long> roundProtocols, Map<String, Long> roundDrivers, long roundRequests,
                                  long roundOperations) {
        Map<String, Long> p = new TreeMap<>(protocols);
        roundProtocols.forEach((k, v) -> p.merge(k, v, Long::sum));
        Map<String, Long> d = new TreeMap<>(drivers);
        roundDrivers.forEach((k, v) -> d.merge(k, v, Long::sum));
        long listed = roundProtocols.values().stream().mapToLong(Long::longValue).sum();
        return new ClientConnections(rounds + 1, connections + listed, requests + roundRequests,
                operations + roundOperations, p, d, null);
    }

    /** These and another client's, over the same rounds: both clients' connections and requests (merged results). */
    public ClientConnections and(ClientConnections other) {
        if (other == null || unreadable != null) {
            return this;
        }
        if (other.unreadable() != null) {
            return other;
        }
        Map<String, Long> p = new TreeMap<>(protocols);
        other.protocols().forEach((k, v) -> p.merge(k, v, Long::sum));
        Map<String, Long> d = new TreeMap<>(drivers);
        other.drivers().forEach((k, v) -> d.merge(k, v, Long::sum));
        return new ClientConnections(Math.max(rounds, other.rounds()), connections + other.connections(),
                requests + other.requests(), operations + other.operations(), p, d, null);
    }
}
