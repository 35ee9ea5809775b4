package dev.cqlbench.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeptClusterTest {

    private static KeptCluster.State state(Path dir, long pid) {
        return new KeptCluster.State(KeptCluster.FORMAT,
                List.of(new KeptCluster.Node(1, "127.0.0.1", 9042, pid, dir.resolve("node1").toString()),
                        new KeptCluster.Node(2, "127.0.0.2", 9042, Long.MAX_VALUE - 1, dir.resolve("node2").toString())),
                1024, 50, 3, "datacenter1", "2026-01-01T00:00:00Z");
    }

    @Test
    void stateSurvivesARoundTripAndNamesItsNodes(@TempDir Path dir) {
        KeptCluster.write(dir, state(dir, 1));
        KeptCluster.State read = KeptCluster.read(dir).orElseThrow();
        assertThat(read).isEqualTo(state(dir, 1));
        assertThat(read.contactPoints()).containsExactly("127.0.0.1:9042", "127.0.0.2:9042");
        assertThat(KeptCluster.read(dir.resolve("elsewhere"))).isEmpty();
    }

    @Test
    void aPidThatRunsSomethingElseIsNotTakenForANode(@TempDir Path dir) throws Exception {
        // a live process whose command line does not name the node's work directory (a recycled pid, say)
        Process other = new ProcessBuilder("sleep", "120").start();
        try {
            KeptCluster.State state = state(dir, other.pid());
            assertThat(state.down()).hasSize(2);
            KeptCluster.write(dir, state);
            KeptCluster.stop(dir, state, false); // must not signal it
            assertThat(other.waitFor(500, java.util.concurrent.TimeUnit.MILLISECONDS)).as("still running").isFalse();
            assertThat(KeptCluster.read(dir)).isEmpty();
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void aForeignStateFileIsRefusedWithAOneLineReason(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("cluster.json"), "{\"format\":\"something-else\",\"nodes\":[{}]}");
        assertThatThrownBy(() -> KeptCluster.read(dir)).isInstanceOf(CqlbenchException.class)
                .hasMessageContaining("is not a cqlbench cluster state file");
        Files.writeString(dir.resolve("cluster.json"), "not json");
        assertThatThrownBy(() -> KeptCluster.read(dir)).isInstanceOf(CqlbenchException.class)
                .hasMessageContaining("cannot read");
    }

    @Test
    void nodeHeapsShareAQuarterOfTheMachine() {
        long gib = 1L << 30;
        assertThat(EmbeddedCluster.heapFor(1, 24 * gib)).isEqualTo(1024);
        assertThat(EmbeddedCluster.heapFor(4, 24 * gib)).isEqualTo(1024);
        assertThat(EmbeddedCluster.heapFor(4, 8 * gib)).isEqualTo(512);
        assertThat(EmbeddedCluster.heapFor(3, 12 * gib)).isEqualTo(1024);
        assertThat(EmbeddedCluster.heapFor(8, 16 * gib)).isEqualTo(512);
        assertThat(EmbeddedCluster.address(0)).isEqualTo("127.0.0.1");
        assertThat(EmbeddedCluster.address(3)).isEqualTo("127.0.0.4");
    }
}
