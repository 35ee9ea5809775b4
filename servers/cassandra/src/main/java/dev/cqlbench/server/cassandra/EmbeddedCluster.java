package dev.cqlbench.server.cassandra;

import dev.cqlbench.server.jvm.ServerJvm;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * N embedded nodes on 127.0.0.1 … 127.0.0.N, one JVM each, sharing one CQL port and one storage port. The nodes
 * of a new cluster start together, each a seed with its share of the tokens given, so none bootstraps; a node added
 * later bootstraps (Cassandra admits one bootstrapping node at a time), booted outside the ring ahead of its join when
 * asked ({@link #bootSpare}). A failure to start any node stops those
 * already up.
 */
public final class EmbeddedCluster implements AutoCloseable {

    /** Loopback addresses give at most this many nodes (127.0.0.1 … 127.0.0.254). */
    public static final int MAX_NODES = 254;

    private final List<EmbeddedCassandra> nodes;
    private final Options options;
    private final int nativePort;
    private final int storagePort;
    /** The node {@link #bootSpare} boots outside the ring for {@link #addNode}; null when none. */
    private final java.util.concurrent.atomic.AtomicReference<CompletableFuture<EmbeddedCassandra>> spare =
            new java.util.concurrent.atomic.AtomicReference<>();
    private volatile boolean closing;

    private EmbeddedCluster(List<EmbeddedCassandra> nodes, Options options, int nativePort, int storagePort) {
        this.nodes = new java.util.concurrent.CopyOnWriteArrayList<>(nodes);
        this.options = options;
        this.nativePort = nativePort;
        this.storagePort = storagePort;
    }

    /**
     * How to start a cluster.
     *
     * @param workDir node i's files go to {@code workDir/node<i>}
     * @param nodes   how many nodes it starts with
     * @param node    what every node is started with; its {@link NodeSettings#allocationRf} is the replication
     *                factor token allocation balances for (the keyspaces'), as far as the nodes reach
     */
    public record Options(Path workDir, int nodes, NodeSettings node) {

        public Options {
            if (nodes < 1 || nodes > MAX_NODES) {
                throw new IllegalArgumentException("nodes must be between 1 and " + MAX_NODES);
            }
        }
    }

    /** The loopback address of node {@code i} (0-based). */
    public static String address(int i) {
        return "127.0.0." + (i + 1);
    }

    /**
     * A heap for each of {@code nodes} nodes that leaves the machine room: a quarter of physical memory shared
     * out, between 512 MiB and 1 GiB.
     */
    public static int heapFor(int nodes, long physicalMemoryBytes) {
        long share = physicalMemoryBytes / 4 / Math.max(1, nodes) / (1024 * 1024);
        return (int) Math.max(512, Math.min(1024, share));
    }

    public static EmbeddedCluster start(Options options, Consumer<String> progress, BooleanSupplier stop)
            throws CassandraStartException {
        // ports are chosen free, but another process (an outgoing connection's ephemeral port) can take one before
        // the first node binds it: then new ports, a few times
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(options, progress, stop);
            } catch (CassandraStartException e) {
                if (attempt >= 3 || stop.getAsBoolean() || !e.portTaken()) {
                    throw e;
                }
                progress.accept("a port chosen for the nodes was taken meanwhile; trying other ports");
                for (int i = 0; i < options.nodes(); i++) {
                    ServerJvm.deleteTree(options.workDir().resolve("node" + (i + 1)));
                }
            }
        }
    }


    private static EmbeddedCluster startOnce(Options options, Consumer<String> progress, BooleanSupplier stop)
            throws CassandraStartException {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < options.nodes(); i++) {
            addresses.add(address(i));
        }
        int nativePort;
        int storagePort;
        try {
            nativePort = commonFreePort(addresses, -1);
            storagePort = commonFreePort(addresses, nativePort);
        } catch (IOException e) {
            throw new CassandraStartException("no free port on " + addresses + ": " + e.getMessage(),
                    options.workDir());
        }
        List<EmbeddedCassandra> started = new ArrayList<>();
        try {
            if (options.nodes() == 1) {
                started.add(startNode(nodeOptions(options, 0, nativePort, storagePort), 1, progress, stop));
            } else {
                // a new cluster's nodes start together: each a seed, its tokens given, so none bootstraps
                List<CompletableFuture<EmbeddedCassandra>> starting = new ArrayList<>();
                for (int i = 0; i < options.nodes(); i++) {
                    EmbeddedCassandraOptions node = nodeOptions(options, i, nativePort, storagePort)
                            .withInitialTokens(CassandraYaml.initialTokens(i, options.nodes()));
                    starting.add(onItsOwnThread("cqlbench-node-start",
                            () -> startNode(node, options.nodes(), progress, stop)));
                }
                // every start ends, up or failed, before a failure is said: none is left starting unseen
                CompletableFuture.allOf(starting.toArray(CompletableFuture[]::new)).exceptionally(e -> null).join();
                starting.stream().filter(f -> !f.isCompletedExceptionally()).forEach(f -> started.add(f.join()));
                for (CompletableFuture<EmbeddedCassandra> f : starting) {
                    join(f); // the first failure, if any: those started are stopped below
                }
                awaitRing(started, options.node().startTimeout(), stop);
            }
        } catch (CassandraStartException | RuntimeException e) {
            closeAll(started);
            throw e;
        }
        return new EmbeddedCluster(started, options, nativePort, storagePort);
    }

    private static EmbeddedCassandra startNode(EmbeddedCassandraOptions node, int nodes, Consumer<String> progress,
                                               BooleanSupplier stop) throws CassandraStartException {
        long begin = System.nanoTime();
        EmbeddedCassandra up = EmbeddedCassandra.start(node, stop);
        progress.accept(String.format("node %s/%d up at %s (pid %d) in %.1f s",
                up.address().substring(up.address().lastIndexOf('.') + 1), nodes, up.contactPoint(), up.pid(),
                (System.nanoTime() - begin) / 1e9));
        return up;
    }

    private static EmbeddedCassandra join(CompletableFuture<EmbeddedCassandra> starting) throws CassandraStartException {
        try {
            return starting.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof CassandraStartException start) {
                throw start;
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /**
     * Waits until every node of a cluster started together sees every node up and in the ring (its own StorageService
     * over JMX): a node listens for clients before gossip has told it of the others.
     */
    private static void awaitRing(List<EmbeddedCassandra> nodes, Duration timeout, BooleanSupplier stop)
            throws CassandraStartException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (EmbeddedCassandra node : nodes) {
            try {
                int seen = node.storageService((server, service) -> {
                    while (true) {
                        List<?> live = (List<?>) server.getAttribute(service, "LiveNodes");
                        java.util.Map<?, ?> tokens = (java.util.Map<?, ?>) server.getAttribute(service,
                                "TokenToEndpointMap");
                        boolean met = live.size() == nodes.size()
                                && tokens.size() == nodes.size() * CassandraYaml.NUM_TOKENS;
                        if (met || stop.getAsBoolean() || System.nanoTime() > deadline) {
                            return met ? -1 : live.size();
                        }
                        Thread.sleep(100);
                    }
                });
                if (seen >= 0) {
                    throw new CassandraStartException("node " + node.address() + " saw " + seen + " of "
                            + nodes.size() + " nodes up within " + timeout.toSeconds() + " s", node.log());
                }
            } catch (java.io.IOException | javax.management.JMException e) {
                throw new CassandraStartException("cannot ask node " + node.address() + " for its ring over JMX: "
                        + e.getMessage(), node.log());
            }
        }
    }

    /**
     * Node {@code i}'s options: the first {@code options.nodes()} are every one a seed; a node added later has them
     * as its seeds, and bootstraps.
     */
    private static EmbeddedCassandraOptions nodeOptions(Options options, int i, int nativePort, int storagePort) {
        List<String> seeds = new ArrayList<>();
        for (int s = 0; s < options.nodes(); s++) {
            seeds.add(address(s) + ":" + storagePort);
        }
        NodeSettings node = options.node().withAllocationRf(Math.min(options.node().allocationRf(), options.nodes()));
        return new EmbeddedCassandraOptions(options.workDir().resolve("node" + (i + 1)), address(i), nativePort,
                storagePort, String.join(",", seeds), node, null, null);
    }

    /**
     * Starts booting the node {@link #addNode} adds next, outside the ring (see
     * {@link EmbeddedCassandra#startOutsideRing}), and returns at once; {@code booted} hears how long its boot took.
     * On one host a node's JVM start is CPU the running nodes lose (12-19 s of a join under load on the 2-core host),
     * which a real cluster's new machine spends on its own CPUs: booted ahead, the join that {@link #addNode} makes is
     * the operator's {@code nodetool join}. The calling thread's CPUs are the node's.
     */
    public void bootSpare(Consumer<String> booted, BooleanSupplier stop) {
        EmbeddedCassandraOptions node = nodeOptions(options, nodes.size(), nativePort, storagePort);
        long begin = System.nanoTime();
        CompletableFuture<EmbeddedCassandra> booting = onItsOwnThread("cqlbench-node-boot", () -> {
            EmbeddedCassandra up = EmbeddedCassandra.startOutsideRing(node, () -> closing || stop.getAsBoolean());
            booted.accept(String.format("node %s booted outside the ring in %.1f s, to join it when the schedule "
                    + "says", node.address(), (System.nanoTime() - begin) / 1e9));
            return up;
        });
        CompletableFuture<EmbeddedCassandra> before = spare.getAndSet(booting);
        if (before != null) {
            closeWhenStarted(before);
        }
    }

    /**
     * Adds one more node to the running cluster (the next loopback address) and returns once it has joined the ring
     * and accepts CQL clients: the data it now owns has streamed to it. The node {@link #bootSpare} booted joins (its
     * boot waited for if not done); otherwise a node starts and bootstraps.
     */
    public EmbeddedCassandra addNode(BooleanSupplier stop) throws CassandraStartException {
        int i = nodes.size();
        if (i >= MAX_NODES) {
            throw new CassandraStartException("no loopback address left for another node", options.workDir());
        }
        CompletableFuture<EmbeddedCassandra> booted = spare.getAndSet(null);
        if (booted == null) {
            EmbeddedCassandra node = EmbeddedCassandra.start(nodeOptions(options, i, nativePort, storagePort), stop);
            nodes.add(node);
            return node;
        }
        EmbeddedCassandra node = join(booted);
        nodes.add(node); // closed with the cluster from here on, should the run stop while it joins
        try {
            node.joinRing();
        } catch (CassandraStartException e) {
            nodes.remove(node);
            node.close();
            throw e;
        }
        return node;
    }

    /** Whether a node {@link #bootSpare booted outside the ring} waits for {@link #addNode}. */
    public boolean hasSpare() {
        return spare.get() != null;
    }

    /** A node start that may fail. */
    private interface NodeStart {
        EmbeddedCassandra start() throws CassandraStartException;
    }

    /**
     * {@code start} on a daemon thread of its own (which takes the calling thread's CPUs): its failure completes the
     * future exceptionally ({@link #join} gives it back).
     */
    private static CompletableFuture<EmbeddedCassandra> onItsOwnThread(String name, NodeStart start) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return start.start();
            } catch (CassandraStartException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, runnable -> {
            Thread t = new Thread(runnable, name);
            t.setDaemon(true);
            t.start();
        });
    }

    private static void closeWhenStarted(CompletableFuture<EmbeddedCassandra> starting) {
        starting.handle((node, failed) -> {
            if (node != null) {
                node.close();
            }
            return null;
        }).join();
    }

    /**
     * Removes a node from the ring ({@code nodetool decommission --force}: its data streams away), then stops it.
     * Forced because Cassandra's own system_distributed and system_traces keyspaces have RF 3 and a small local
     * cluster would otherwise refuse to shrink below 3 nodes; the benchmark's keyspace keeps its RF as long as
     * enough nodes remain.
     */
    public void decommission(EmbeddedCassandra node, Duration timeout) throws java.io.IOException,
            InterruptedException {
        node.nodetool(timeout, "decommission", "--force");
        nodes.remove(node);
        node.close();
    }

    public List<EmbeddedCassandra> nodes() {
        return List.copyOf(nodes);
    }

    public List<String> contactPoints() {
        return nodes.stream().map(EmbeddedCassandra::contactPoint).toList();
    }

    public List<Long> pids() {
        return nodes.stream().map(EmbeddedCassandra::pid).toList();
    }

    public String datacenter() {
        return EmbeddedCassandraOptions.DATACENTER;
    }

    /** Stops every node at once, a node booting outside the ring too (see {@link EmbeddedCassandra#close}). */
    @Override
    public void close() {
        closing = true;
        CompletableFuture<EmbeddedCassandra> booting = spare.getAndSet(null);
        CompletableFuture<Void> spareClosed = booting == null ? CompletableFuture.completedFuture(null)
                : CompletableFuture.runAsync(() -> closeWhenStarted(booting));
        closeAll(nodes);
        spareClosed.join();
    }

    private static void closeAll(List<EmbeddedCassandra> nodes) {
        CompletableFuture.allOf(nodes.stream()
                .map(n -> CompletableFuture.runAsync(n::close))
                .toArray(CompletableFuture[]::new)).join();
    }

    /** A port free on every address, other than {@code not}. */
    private static int commonFreePort(List<String> addresses, int not) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = Ports.free(addresses.get(0));
            if (port == not) {
                continue;
            }
            boolean free = true;
            for (String address : addresses) {
                if (!Ports.bindable(port, InetAddress.getByName(address))) {
                    free = false;
                    last = new IOException("port " + port + " is in use at " + address);
                    break;
                }
            }
            if (free) {
                return port;
            }
        }
        throw last != null ? last : new IOException("no common free port");
    }
}
