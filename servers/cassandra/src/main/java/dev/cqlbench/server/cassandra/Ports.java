package dev.cqlbench.server.cassandra;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for servers cqlbench starts. A port the kernel hands out for {@code bind(0)} lies in its ephemeral range,
 * the range it also takes local ports of outgoing connections from: between choosing such a port and the server
 * binding it, any connection on the machine can take it (a node then dies with "in use by another process"). Ports
 * below that range are taken only by something that binds them on purpose.
 */
public final class Ports {
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default start of the ephemeral range, where the kernel does not say. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32768;
    private static final int LOWEST = 10000;

    private Ports() {
    }

    /** A port nothing listens on at {@code address}, below the ephemeral range when there is room. */
    public static int free(String address) throws IOException {
        InetAddress inet = InetAddress.getByName(address);
        int high = ephemeralLow() - 1;
        if (high > LOWEST) {
            for (int attempt = 0; attempt < 200; attempt++) {
                int port = ThreadLocalRandom.current().nextInt(LOWEST, high + 1);
                if (bindable(port, inet)) {
                    return port;
                }
            }
        }
        try (ServerSocket socket = new ServerSocket(0, 1, inet)) {
            return socket.getLocalPort();
        }
    }

    /** Whether {@code port} can be bound at {@code address} now. */
    public static boolean bindable(int port, InetAddress address) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new java.net.InetSocketAddress(address, port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int ephemeralLow() {
        try {
            // readLine, not readString: Java 17 reads a /proc file whose size says 0 as its first byte alone
            String[] range;
            try (java.io.BufferedReader in = Files.newBufferedReader(EPHEMERAL_RANGE)) {
                range = in.readLine().trim().split("\\s+");
            }
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }
}
