package dev.cqlbench.scenario.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A profile's keyspace_definition, as run on a user's cluster: in the run's keyspace, never over an existing one. */
class ProfileScenarioTest {

    @Test
    void theProfilesKeyspaceDefinitionCreatesTheRunsKeyspaceWithItsOwnReplication() {
        assertThat(ProfileScenario.inKeyspace("CREATE KEYSPACE stresscql WITH replication = {'class': "
                + "'NetworkTopologyStrategy', 'dc1': 3};\n", "bench"))
                .isEqualTo("CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': "
                        + "'NetworkTopologyStrategy', 'dc1': 3}");
        assertThat(ProfileScenario.inKeyspace("  create keyspace if not exists \"Stress\"\n  WITH replication = "
                + "{'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false", "ks"))
                .isEqualTo("CREATE KEYSPACE IF NOT EXISTS ks\n  WITH replication = "
                        + "{'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false");
        // not a keyspace's definition: as written, for the server to refuse with the profile's line
        assertThat(ProfileScenario.inKeyspace("DROP TABLE x;", "ks")).isEqualTo("DROP TABLE x");
    }
}
