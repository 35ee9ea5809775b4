package dev.cqlbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.run.Defaults;
import dev.cqlbench.server.cassandra.EmbeddedCassandraOptions;
import dev.cqlbench.server.cassandra.NodeSettings;
import org.junit.jupiter.api.Test;

/**
 * The embedded server module runs on Cassandra's classpath alone, so it cannot read core's defaults: the two facts
 * both state about Cassandra must agree.
 */
class DefaultsAgreeTest {

    @Test
    void coreAndTheEmbeddedServerAgreeOnCassandrasDefaults() {
        assertThat(Defaults.DATACENTER).isEqualTo(EmbeddedCassandraOptions.DATACENTER);
        assertThat(Defaults.CASSANDRA_BATCH_SIZE_FAIL_THRESHOLD_KIB)
                .isEqualTo(NodeSettings.DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB);
    }
}
