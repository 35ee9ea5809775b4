package dev.cqlbench.testkit;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.jvm.ServerJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Supplier;
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
    private final Supplier<Started> start;

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
        this.start = () -> {
            Path dir;
            try {
                dir = Files.createTempDirectory(dirPrefix);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Started started = null;
            try {
                EmbeddedCassandra node = starter.start(dir);
                started = new Started(node, dir, given.apply(node));
                return started;
            } catch (Exception e) {
                throw new IllegalStateException(what + ": " + e.getMessage(), e);
            } finally {
                if (started == null) {
                    ServerJvm.deleteTree(dir); // a node that did not start leaves nothing in /tmp
                }
            }
        };
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == type;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(getClass(), k -> start.get(), Started.class)
                .given();
    }

    /** A node started in {@code dir}, and what tests receive of it. */
    private record Started(EmbeddedCassandra node, Path dir, Object given)
            implements ExtensionContext.Store.CloseableResource {

        @Override
        public void close() {
            node.close();
            ServerJvm.deleteTree(dir);
        }
    }
}
