package dev.cqlbench.app.it;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One embedded node that takes password logins only ({@link SecurityIT#startWithAuthentication}), started the first
 * time a test class asks for it and stopped when the test plan ends: SecurityIT and BadInputIT share it. A
 * {@code @BeforeAll} method receives it as an {@link AuthenticatedNode} parameter.
 */
final class AuthenticatedNode implements ExtensionContext.Store.CloseableResource {

    final EmbeddedCassandra node;
    private final Path dir;

    private AuthenticatedNode(EmbeddedCassandra node, Path dir) {
        this.node = node;
        this.dir = dir;
    }

    @Override
    public void close() throws Exception {
        node.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Resolves {@link AuthenticatedNode} parameters to the one shared node. */
    static final class Extension implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == AuthenticatedNode.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                    .getOrComputeIfAbsent(AuthenticatedNode.class, k -> {
                        try {
                            Path dir = Files.createTempDirectory("cqlbench-it-auth");
                            return new AuthenticatedNode(SecurityIT.startWithAuthentication(dir.resolve("node")), dir);
                        } catch (Exception e) {
                            throw new IllegalStateException("node with authentication: " + e.getMessage(), e);
                        }
                    }, AuthenticatedNode.class);
        }
    }
}
