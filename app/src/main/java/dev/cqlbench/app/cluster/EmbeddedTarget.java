package dev.cqlbench.app.cluster;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** A single embedded node; its work directory is deleted on close unless kept. */
public final class EmbeddedTarget implements ClusterTarget {

    private final EmbeddedCassandra node;
    private final BindingConfig connection;
    private final boolean keepWorkDir;

    public EmbeddedTarget(EmbeddedCassandra node, String consistency, long requestTimeoutMillis,
                          Map<String, String> driverOptions, boolean keepWorkDir) {
        this.node = node;
        this.keepWorkDir = keepWorkDir;
        this.connection = new BindingConfig(List.of(node.contactPoint()), node.datacenter(), null, null,
                consistency, requestTimeoutMillis, driverOptions);
    }

    public EmbeddedCassandra node() {
        return node;
    }

    @Override
    public String kind() {
        return "embedded";
    }

    @Override
    public BindingConfig connection() {
        return connection;
    }

    @Override
    public Long serverPid() {
        return node.pid();
    }

    @Override
    public String replication(int replicationFactor) {
        return "{'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}";
    }

    @Override
    public void close() {
        node.close();
        if (!keepWorkDir) {
            deleteRecursively(node.workDir());
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is not worth failing a finished run
        }
    }
}
