package dev.cqlbench.server.cassandra;

import java.io.IOException;
import java.io.InputStream;

/**
 * Main class of an embedded Cassandra node's JVM: runs {@code CassandraDaemon} and halts the node as soon as
 * its standard input closes, which happens when the process that started it dies for any reason, even
 * SIGKILL. So no node outlives cqlbench, except those {@code cqlbench cluster start} starts detached. Ctrl-C
 * in a terminal reaches the whole process group: the node ignores it and lets cqlbench stop it in order, after
 * the benchmark has drained.
 */
public final class CassandraNodeMain {

    /** Set on nodes of 'cqlbench cluster start': they outlive cqlbench and ignore its terminal's hang-up. */
    static final String DETACHED_PROPERTY = "cqlbench.detached";

    private CassandraNodeMain() {}

    public static void main(String[] args) {
        boolean detached = Boolean.getBoolean(DETACHED_PROPERTY);
        ignore("INT");
        if (detached) {
            ignore("HUP");
        } else {
            watchParent();
        }
        org.apache.cassandra.service.CassandraDaemon.main(args);
    }

    private static void watchParent() {
        Thread watchdog = new Thread(() -> {
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // nothing is ever sent; we only wait for end of stream
                }
            } catch (IOException ignored) {
                // a broken pipe means the parent is gone as well
            }
            System.err.println("cqlbench: parent process gone, halting embedded Cassandra node");
            Runtime.getRuntime().halt(3);
        }, "cqlbench-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static void ignore(String signal) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> { });
        } catch (IllegalArgumentException | UnsupportedOperationException notOnThisPlatform) {
            // cqlbench still stops the node with SIGTERM
        }
    }
}
