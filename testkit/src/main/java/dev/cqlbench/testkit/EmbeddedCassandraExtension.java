package dev.cqlbench.testkit;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts one real embedded Cassandra node per test JVM, the first time a test asks for it, and stops it
 * when the test plan ends. Test methods and constructors receive it as an {@link EmbeddedCassandra} parameter.
 */
public final class EmbeddedCassandraExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == EmbeddedCassandra.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedNode.class, k -> SharedNode.start(), SharedNode.class)
                .node;
    }

    private static final class SharedNode implements ExtensionContext.Store.CloseableResource {
        private final EmbeddedCassandra node;
        private final Path dir;

        private SharedNode(EmbeddedCassandra node, Path dir) {
            this.node = node;
            this.dir = dir;
        }

        static SharedNode start() {
            Path dir;
            try {
                dir = Files.createTempDirectory("cqlbench-test-cassandra");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            SharedNode started = null;
            try {
                started = new SharedNode(EmbeddedCassandra.start(EmbeddedCassandraOptions.defaults(dir)), dir);
                return started;
            } catch (Exception e) {
                throw new IllegalStateException("embedded Cassandra for tests: " + e.getMessage(), e);
            } finally {
                if (started == null) {
                    EmbeddedCluster.deleteQuietly(dir); // a node that did not start leaves nothing in /tmp
                }
            }
        }

        @Override
        public void close() {
            node.close();
            EmbeddedCluster.deleteQuietly(dir);
        }
    }
}
