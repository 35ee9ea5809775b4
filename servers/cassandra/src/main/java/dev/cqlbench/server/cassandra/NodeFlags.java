package dev.cqlbench.server.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * The flags every embedded node's JVM starts with beyond its heap: how it waits for the ring on one host, and what
 * Java 17 must open to Cassandra; and what a result records of them ({@link #settings}).
 */
public final class NodeFlags {

    private NodeFlags() {}

    /**
     * How long a node waits for the ring, on one host where all gossip is local (each wait in Cassandra 5.0's
     * StorageService and Gossiper). Gossip is not waited on to settle ({@code skip_wait_for_gossip_to_settle}). A
     * seed waits {@value #SEED_RING_DELAY_MS} ms: at most twice that for the other seeds' shadow-round answer, and no
     * schema to wait for with its tokens given. A joining node waits {@value #JOINING_RING_DELAY_MS} ms for the
     * schema and again for pending ranges before it streams: gossip runs once a second, so 3 s leaves two rounds to
     * learn the schema (with 1 s it could bootstrap before it knew a table, and stream nothing). Every node keeps a
     * silent joining node in gossip the default 30 s: Cassandra ties that time to the ring delay (half of
     * {@code gossip_quarantine_delay_ms}, by default twice the ring delay), and with 1 s a seed would drop a joining
     * node after 1 s of silence (read in Cassandra 5.0.6's Gossiper, not seen here).
     */
    static List<String> ring(boolean seed) {
        List<String> flags = new ArrayList<>(List.of("-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.ring_delay_ms=" + (seed ? SEED_RING_DELAY_MS : JOINING_RING_DELAY_MS),
                "-Dcassandra.gossip_quarantine_delay_ms=" + QUARANTINE_DELAY_MS,
                "-Dcassandra.memtable_row_overhead_computation_step=" + ROW_OVERHEAD_STEPS));
        if (!seed) {
            // the shadow round checks that no live node has this address and that no other node is bootstrapping:
            // cqlbench adds one node at a time, on an address no node of the cluster had (the round took about 1 s of
            // a join in the node's log)
            flags.add("-Dcassandra.allow_unsafe_join=true");
        }
        return flags;
    }

    /**
     * Entries of the skip list a node measures at start to estimate a memtable row's overhead: Cassandra's 100,000
     * took 1.6 s of a 7.5-s start on the 2-core host, 5.6 s of a node joining under load; the mean of 1,000 is the same
     * figure to a byte (its own test clusters use 100).
     */
    static final int ROW_OVERHEAD_STEPS = 1000;

    /**
     * The ring's settings, and the tokens of a new cluster's nodes, as Cassandra names them: what a result records of
     * how its embedded nodes started and joined.
     */
    public static java.util.Map<String, String> settings() {
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("skip_wait_for_gossip_to_settle", "0");
        settings.put("ring_delay_ms", SEED_RING_DELAY_MS + " (nodes started together), " + JOINING_RING_DELAY_MS
                + " (a node joining)");
        settings.put("gossip_quarantine_delay_ms", Integer.toString(QUARANTINE_DELAY_MS));
        settings.put("memtable_row_overhead_computation_step", Integer.toString(ROW_OVERHEAD_STEPS));
        settings.put("allow_unsafe_join", "true on a node joining (no shadow round: cqlbench adds one node at a time, "
                + "on a new address)");
        settings.put("join_ring", "false on a node joining: it boots before the phase outside the ring, and joins "
                + "(StorageService.joinRing, what nodetool join calls) at the scheduled time");
        settings.put("num_tokens", Integer.toString(CassandraYaml.NUM_TOKENS));
        settings.put("initial_token", "nodes started together: every one a seed, the ring cut evenly among them "
                + "(no bootstrap); a node joining: allocated for the RF, bootstrapped");
        return settings;
    }

    static final int SEED_RING_DELAY_MS = 1000;
    static final int JOINING_RING_DELAY_MS = 3000;
    static final int QUARANTINE_DELAY_MS = 60_000;

    /** From Cassandra's conf/jvm17-server.options, which the cassandra-all jar does not carry. */
    static final List<String> JAVA17 = List.of(
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.math=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/java.net=ALL-UNNAMED");
}
