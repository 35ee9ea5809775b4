package dev.cqlbench.app.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.result.ClientConnections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionAuditTest {

    private static ConnectionAudit.Seen reading(ClusterAdmin.Client... clients) {
        Map<String, ClusterAdmin.Client> out = new LinkedHashMap<>();
        for (ClusterAdmin.Client c : clients) {
            out.put(c.node() + "/" + c.clientEnd(), c);
        }
        return new ConnectionAudit.Seen(out, null);
    }

    private static ClusterAdmin.Client client(String node, int port, int protocol, String driver, long requests) {
        return new ClusterAdmin.Client(node, "127.0.0.1", port, protocol, driver, driver == null ? null : "4.19.3",
                requests);
    }

    @Test
    void aRoundsRequestsAreWhatItsConnectionsCarriedMeanwhile() {
        // two nodes, one connection each before; a third opens during the round
        ConnectionAudit.Seen before = reading(client("n1", 5001, 5, "Java Driver", 100),
                client("n2", 5002, 5, "Java Driver", 40));
        ConnectionAudit.Seen after = reading(client("n1", 5001, 5, "Java Driver", 160),
                client("n2", 5002, 5, "Java Driver", 90), client("n2", 5003, 4, null, 7));
        ClientConnections one = ConnectionAudit.add(null, before, after, 100);
        assertThat(one.rounds()).isEqualTo(1);
        assertThat(one.connections()).isEqualTo(3);
        assertThat(one.requests()).isEqualTo(60 + 50 + 7);
        assertThat(one.operations()).isEqualTo(100);
        assertThat(one.protocols()).containsExactlyInAnyOrderEntriesOf(Map.of("V5", 2L, "V4", 1L));
        assertThat(one.drivers()).containsExactlyInAnyOrderEntriesOf(Map.of("Java Driver 4.19.3", 2L,
                "(not sent)", 1L));

        ClientConnections two = ConnectionAudit.add(one, after, after, 0);
        assertThat(two.rounds()).isEqualTo(2);
        assertThat(two.connections()).isEqualTo(6);
        assertThat(two.requests()).isEqualTo(117);
    }

    @Test
    void aReadingThatFailsSaysWhyUnlessARoundWasReadAlready() {
        ConnectionAudit.Seen fine = reading(client("n1", 5001, 5, "d", 1));
        ConnectionAudit.Seen failed = new ConnectionAudit.Seen(Map.of(), "no such table");
        assertThat(ConnectionAudit.add(null, fine, failed, 10).unreadable()).isEqualTo("no such table");
        ClientConnections read = ConnectionAudit.add(null, fine, fine, 10);
        assertThat(ConnectionAudit.add(read, failed, fine, 10)).isEqualTo(read);
    }
}
