package dev.cqlbench.testkit;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves parameters of type {@code T} to one embedded node per test JVM: started in a temporary directory of its
 * own the first time a test asks for it, stopped and its directory deleted when the test plan ends. Each subclass is
 * a node of its own ({@link EmbeddedCassandraExtension}: the plain one).
 *
 * @param <T> what tests receive: the node, or something that holds it
 */
public abstract class SharedNodeResolver<T> implements ParameterResolver {

    /** Starts a node whose files go in {@code dir}. */
    @FunctionalInterface
    public interface Starter {
        EmbeddedCassandra start(Path dir) throws Exception;
    }

    private final Class<T> type;
    private final String dirPrefix;
    private final String what;
    private final Starter starter;
    private final Function<EmbeddedCassandra, T> given;

    /**
     * @param type      the parameter type resolved
     * @param dirPrefix the temporary directory's prefix
     * @param what      the node, as a failure to start it names it
     * @param starter   how the node starts
     * @param given     what a test receives of the node
     */
    protected SharedNodeResolver(Class<T> type, String dirPrefix, String what, Starter starter,
                                 Function<EmbeddedCassandra, T> given) {
        this.type = type;
        this.dirPrefix = dirPrefix;
        this.what = what;
        this.starter = starter;
        this.given = given;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == type;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(getClass(), k -> start(), Started.class)
                .given;
    }

    private Started start() {
        try {
            Path dir = Files.createTempDirectory(dirPrefix);
            EmbeddedCassandra node = starter.start(dir);
            return new Started(node, dir, given.apply(node));
        } catch (Exception e) {
            throw new IllegalStateException(what + ": " + e.getMessage(), e);
        }
    }

    private static final class Started implements ExtensionContext.Store.CloseableResource {
        private final EmbeddedCassandra node;
        private final Path dir;
        private final Object given;

        private Started(EmbeddedCassandra node, Path dir, Object given) {
            this.node = node;
            this.dir = dir;
            this.given = given;
        }

        @Override
        public void close() throws Exception {
            node.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
