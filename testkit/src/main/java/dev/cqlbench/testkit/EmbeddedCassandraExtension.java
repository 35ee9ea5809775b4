package dev.cqlbench.testkit;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
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
            try {
                Path dir = Files.createTempDirectory("cqlbench-test-cassandra");
                return new SharedNode(EmbeddedCassandra.start(EmbeddedCassandraOptions.defaults(dir)), dir);
            } catch (Exception e) {
                throw new IllegalStateException("embedded Cassandra for tests: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() throws IOException {
            node.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
