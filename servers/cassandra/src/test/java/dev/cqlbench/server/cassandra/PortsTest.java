package dev.cqlbench.server.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void aFreePortLiesBelowTheRangeOutgoingConnectionsTakeTheirsFrom() throws Exception {
        int low = Ports.ephemeralLow();
        for (int i = 0; i < 20; i++) {
            int port = Ports.free("127.0.0.1");
            assertTrue(port < low, port + " is not below the ephemeral range starting at " + low);
            assertTrue(Ports.bindable(port, InetAddress.getLoopbackAddress()), port + " cannot be bound");
        }
    }

    @Test
    void aPortSomethingListensOnIsNotBindable() throws Exception {
        try (ServerSocket taken = new ServerSocket(Ports.free("127.0.0.1"), 1, InetAddress.getLoopbackAddress())) {
            assertFalse(Ports.bindable(taken.getLocalPort(), InetAddress.getLoopbackAddress()));
        }
    }
}
