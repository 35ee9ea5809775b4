package dev.cqlbench.server.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraYamlTest {

    /** Every node of a cluster started together owns exactly its share of the ring, in ranges of one size. */
    @Test
    void nodesStartedTogetherCutTheRingEvenly() {
        for (int nodes : new int[] {1, 2, 3, 5}) {
            List<BigInteger> all = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                List<BigInteger> mine = Arrays.stream(CassandraYaml.initialTokens(i, nodes).split(","))
                        .map(BigInteger::new).toList();
                assertEquals(CassandraYaml.NUM_TOKENS, mine.size());
                all.addAll(mine);
            }
            List<BigInteger> ring = all.stream().sorted().distinct().toList();
            assertEquals(nodes * CassandraYaml.NUM_TOKENS, ring.size(), "tokens are distinct");
            BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
            assertTrue(ring.get(0).compareTo(min) > 0, "the partitioner's minimum is no token");
            assertTrue(ring.get(ring.size() - 1).compareTo(BigInteger.valueOf(Long.MAX_VALUE)) <= 0);
            BigInteger step = BigInteger.ONE.shiftLeft(64).divide(BigInteger.valueOf(ring.size()));
            for (int k = 1; k < ring.size(); k++) {
                BigInteger gap = ring.get(k).subtract(ring.get(k - 1));
                assertTrue(gap.subtract(step).abs().compareTo(BigInteger.ONE) <= 0, "gap " + gap + " vs " + step);
                // neighbours on the ring belong to different nodes, dealt out in turn
                assertEquals(k % nodes, owner(ring.get(k), nodes));
            }
        }
    }

    @Test
    void theYamlCarriesTheTokensOnlyWhenGiven() {
        EmbeddedCassandraOptions node = EmbeddedCassandraOptions.defaults(Path.of("/tmp/n"));
        assertFalse(CassandraYaml.render(Path.of("/tmp/n"), node, 9042, 7000).contains("initial_token"));
        String tokens = CassandraYaml.initialTokens(1, 2);
        assertTrue(CassandraYaml.render(Path.of("/tmp/n"), node.withInitialTokens(tokens), 9042, 7000)
                .contains("initial_token: " + tokens + "\n"));
    }

    /** Nodes started together are each a seed; a node added later has them as seeds and joins. */
    @Test
    void aNodeIsASeedWhenItsAddressIsAmongTheSeeds() {
        String seeds = "127.0.0.1:7000,127.0.0.2:7000";
        assertTrue(node("127.0.0.1", seeds).seed());
        assertTrue(node("127.0.0.2", seeds).seed());
        assertFalse(node("127.0.0.3", seeds).seed());
        assertFalse(node("127.0.0.1", "127.0.0.10:7000").seed(), "127.0.0.1 is not 127.0.0.10");
        assertTrue(node("127.0.0.1", null).seed());
    }

    private static EmbeddedCassandraOptions node(String address, String seeds) {
        return EmbeddedCassandraOptions.defaults(Path.of("/tmp/n")).withAddress(address).withStoragePort(7000)
                .withSeeds(seeds);
    }

    private static int owner(BigInteger token, int nodes) {
        for (int i = 0; i < nodes; i++) {
            if (Arrays.asList(CassandraYaml.initialTokens(i, nodes).split(",")).contains(token.toString())) {
                return i;
            }
        }
        return -1;
    }
}
