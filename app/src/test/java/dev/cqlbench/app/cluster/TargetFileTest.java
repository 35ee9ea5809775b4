package dev.cqlbench.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.run.Connection;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.scenario.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetFileTest {

    private static final TargetSettings DEFAULTS = TargetSettings.defaults()
            .withConnection(Connection.defaults().withDriverOptions(Map.of("advanced.connection.pool.local.size", "1")))
            .withReplicationFactor(1).withClusterDir(Path.of("/tmp/none"));

    @Test
    void anExternalClusterWithCredentialsFromAFileTlsAndDriverSettings(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("pw");
        Files.writeString(secret, "s3cret\n");
        Path file = dir.resolve("prod.yaml");
        Files.writeString(file, """
                contact-points: [10.0.0.5:9042, 10.0.0.6:9042]
                datacenter: dc1
                username: bench
                password-file: %s
                consistency: LOCAL_QUORUM
                replication-factor: 3
                tls:
                  truststore: /etc/ssl/trust.jks
                  hostname-validation: false
                driver:
                  advanced.connection.pool.local.size: 2
                """.formatted(secret));
        TargetFile t = TargetFile.read(file);
        assertThat(t.name()).isEqualTo("prod");
        TargetSettings s = t.settings(DEFAULTS);
        assertThat(s.connection().contactPoints()).containsExactly("10.0.0.5:9042", "10.0.0.6:9042");
        assertThat(s.connection().datacenter()).isEqualTo("dc1");
        assertThat(s.connection().password()).isEqualTo("s3cret");
        assertThat(s.connection().consistency()).isEqualTo("LOCAL_QUORUM");
        assertThat(s.replicationFactor()).isEqualTo(3);
        assertThat(s.connection().driverOptions()).containsEntry("advanced.connection.pool.local.size", "2")
                .containsEntry("advanced.ssl-engine-factory.class", "DefaultSslEngineFactory")
                .containsEntry("advanced.ssl-engine-factory.truststore-path", "/etc/ssl/trust.jks")
                .containsEntry("advanced.ssl-engine-factory.hostname-validation", "false");
        assertThat(Json.pretty().writeValueAsString(s)).doesNotContain("s3cret").contains("\"passwordGiven\" : true");
    }

    @Test
    void secretsInDriverOptionsAreMaskedInTheResult() {
        assertThat(Connection.masked(Map.of("advanced.ssl-engine-factory.truststore-password", "x",
                "advanced.ssl-engine-factory.truststore-path", "/p")))
                .containsEntry("advanced.ssl-engine-factory.truststore-password", "***")
                .containsEntry("advanced.ssl-engine-factory.truststore-path", "/p");
    }

    @Test
    void anEmbeddedTargetStartsItsOwnNodes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("local.yml");
        Files.writeString(file, "name: three\nembedded-nodes: 3\nreplication-factor: 3\n");
        TargetSettings s = TargetFile.read(file).settings(DEFAULTS);
        assertThat(s.embedded()).isTrue();
        assertThat(s.embeddedNodes().count()).isEqualTo(3);
        assertThat(KeptCluster.read(s.clusterDir())).as("never the kept cluster").isEmpty();
    }

    @Test
    void badFilesAreRefusedWithTheirReason(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.yaml");
        String[][] cases = {
            {"datacenter: dc1\n", "either contact-points or embedded-nodes"},
            {"contact-points: [h:9042]\nembedded-nodes: 2\n", "either contact-points or embedded-nodes"},
            {"contact-points: [h:9042]\ncolour: blue\n", "cannot read target file"},
            {"contact-points: [h:9042]\nusername: u\npassword-env: CQLBENCH_TEST_UNSET_VAR\n",
                "CQLBENCH_TEST_UNSET_VAR is not set"}};
        for (String[] bad : cases) {
            Files.writeString(file, bad[0]);
            assertThatThrownBy(() -> TargetFile.read(file).settings(DEFAULTS)).as(bad[0])
                    .isInstanceOf(CqlbenchException.class).hasMessageContaining(bad[1]);
        }
        assertThatThrownBy(() -> TargetFile.read(dir.resolve("missing.yaml")))
                .hasMessageContaining("cannot read target file");
    }
}
