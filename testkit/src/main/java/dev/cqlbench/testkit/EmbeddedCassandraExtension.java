package dev.cqlbench.testkit;

import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;

/**
 * Starts one real embedded Cassandra node per test JVM, the first time a test asks for it, and stops it
 * when the test plan ends. Test methods and constructors receive it as an {@link EmbeddedCassandra} parameter.
 */
public final class EmbeddedCassandraExtension extends SharedNodeResolver<EmbeddedCassandra> {

    public EmbeddedCassandraExtension() {
        super(EmbeddedCassandra.class, "cqlbench-test-cassandra", "embedded Cassandra for tests",
                dir -> EmbeddedCassandra.start(EmbeddedCassandraOptions.defaults(dir)), node -> node);
    }
}
