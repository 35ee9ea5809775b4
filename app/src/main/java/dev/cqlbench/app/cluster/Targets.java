package dev.cqlbench.app.cluster;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.Progress;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.server.cassandra.CassandraStartException;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens the target a run asked for. */
public final class Targets {

    private Targets() {}

    public static ClusterTarget open(TargetSettings settings, Progress progress) {
        if (!settings.embedded()) {
            return new ExternalTarget(new BindingConfig(settings.contactPoints(), settings.datacenter(),
                    settings.username(), settings.password(), settings.consistency(),
                    settings.requestTimeoutMillis(), settings.driverOptions()));
        }
        Path dir;
        try {
            dir = settings.workDir() != null ? Files.createDirectories(settings.workDir())
                    : Files.createTempDirectory("cqlbench-cassandra-");
        } catch (IOException e) {
            throw new CqlbenchException(ExitCode.SERVER_START, "cannot create the work directory: " + e.getMessage(), e);
        }
        progress.line("starting embedded Cassandra (heap " + settings.cassandraHeapMb() + " MB, work dir " + dir + ")");
        long start = System.nanoTime();
        EmbeddedCassandraOptions options = new EmbeddedCassandraOptions(dir, "127.0.0.1", 0,
                settings.cassandraHeapMb(), settings.startTimeout(), 50);
        try {
            EmbeddedCassandra node = EmbeddedCassandra.start(options);
            progress.line(String.format("embedded Cassandra up at %s (pid %d) in %.1f s", node.contactPoint(),
                    node.pid(), (System.nanoTime() - start) / 1e9));
            return new EmbeddedTarget(node, settings.consistency(), settings.requestTimeoutMillis(),
                    settings.driverOptions(), settings.keepWorkDir());
        } catch (CassandraStartException e) {
            throw new CqlbenchException(ExitCode.SERVER_START, e.getMessage(), e);
        }
    }
}
