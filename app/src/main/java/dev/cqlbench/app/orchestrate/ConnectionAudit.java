package dev.cqlbench.app.orchestrate;

import com.datastax.oss.driver.api.core.DriverException;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.result.ClientConnections;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import oshi.SystemInfo;
import oshi.software.os.InternetProtocolStats;

/**
 * The connections the servers list for one worker ({@code system_views.clients} of every node, over the
 * orchestrator's own CQL session, the one that prepared the schema), read right before and right after each audited round, outside the round's
 * resource window: a connection is the worker's when its client end (address and port) is one of the worker
 * process's own sockets, found in the operating system's table of connections (OSHI). So every library is seen the
 * same way, whatever its driver, on any cluster whose nodes see the client's own address.
 */
final class ConnectionAudit implements AutoCloseable {

    private final ClusterAdmin admin;
    private final InternetProtocolStats sockets = new SystemInfo().getOperatingSystem().getInternetProtocolStats();

    /** On {@code admin}'s session, which it closes when it is closed. */
    ConnectionAudit(ClusterAdmin admin) {
        this.admin = admin;
    }

    /** One reading: the worker's connections by node and client end; or why they cannot be read. */
    record Seen(Map<String, ClusterAdmin.Client> connections, String unreadable) {}

    /** The connections the servers list now for process {@code pid}. */
    Seen read(long pid) {
        Set<String> own = socketsOf(pid);
        if (own.isEmpty()) {
            return new Seen(Map.of(), "the worker's sockets are not in the operating system's table");
        }
        Map<String, ClusterAdmin.Client> out = new LinkedHashMap<>();
        try {
            for (ClusterAdmin.Client c : admin.clients()) {
                if (own.contains(c.clientEnd())) {
                    out.put(c.node() + "/" + c.clientEnd(), c);
                }
            }
        } catch (DriverException e) {
            return new Seen(Map.of(), "system_views.clients cannot be read (Cassandra 4.0 or later has it): "
                    + e.getMessage());
        }
        if (out.isEmpty()) {
            return new Seen(out, "no connection the servers list is one of the worker's sockets (an address "
                    + "translator or proxy between them?)");
        }
        return new Seen(out, null);
    }

    /**
     * {@code sofar} and one more audited round, read {@code before} and {@code after} it, in which the worker timed
     * {@code operations} operations: its connections (as listed after), by protocol and driver, and the requests
     * they carried meanwhile.
     */
    static ClientConnections add(ClientConnections sofar, Seen before, Seen after, long operations) {
        ClientConnections base = sofar == null ? ClientConnections.none() : sofar;
        if (after.unreadable() != null || before.unreadable() != null) {
            return base.rounds() > 0 ? base : ClientConnections.unreadable(
                    after.unreadable() != null ? after.unreadable() : before.unreadable());
        }
        Map<String, Long> protocols = new TreeMap<>();
        Map<String, Long> drivers = new TreeMap<>();
        long requests = 0;
        for (Map.Entry<String, ClusterAdmin.Client> e : after.connections().entrySet()) {
            ClusterAdmin.Client now = e.getValue();
            ClusterAdmin.Client then = before.connections().get(e.getKey());
            requests += now.requests() - (then == null ? 0 : then.requests());
            protocols.merge("V" + now.protocolVersion(), 1L, Long::sum);
            String driver = now.driverName() == null || now.driverName().isBlank()
                    ? "(not sent)" : (now.driverName() + " " + (now.driverVersion() == null ? "" : now.driverVersion()));
            drivers.merge(driver.strip(), 1L, Long::sum);
        }
        return base.plus(protocols, drivers, requests, operations);
    }

    /** The client ends ("address:port") of process {@code pid}'s TCP sockets. */
    private Set<String> socketsOf(long pid) {
        Set<String> out = new HashSet<>();
        for (InternetProtocolStats.IPConnection c : sockets.getConnections()) {
            if (c.getowningProcessId() == pid && c.getType().startsWith("tcp")) {
                try {
                    out.add(InetAddress.getByAddress(c.getLocalAddress()).getHostAddress() + ":" + c.getLocalPort());
                } catch (UnknownHostException e) {
                    // not an address: not a connection to a node
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        admin.close();
    }
}
