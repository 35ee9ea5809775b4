package dev.cqlbench.app.host;

import dev.cqlbench.result.PlacementFacts;
import dev.cqlbench.run.BadSetting;
import java.util.Collection;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Where a run's processes run. Split: the servers cqlbench starts or keeps on this machine (Cassandra nodes, the
 * embedded MariaDB) on the first half of the machine's CPUs, cqlbench and its worker JVMs on the other half, as a
 * client machine apart from a server machine; shared: every process wherever the OS puts it, client and servers
 * competing for the same cores. On the 2-core host a worker's block of 100 operations moved 15–17 % from one JVM to
 * the next in the same round shared, 8–11 % split (docs/methodology.md).
 * <p>
 * A thread's CPU affinity passes to the processes it starts and the threads it creates, so pinning this JVM's
 * threads pins every worker started after, and a server started from a thread pinned to the server CPUs
 * ({@link #startingServers}) runs there whole, its JVM sizing itself for those CPUs. Servers started before (a
 * cluster kept by 'cqlbench cluster start') are pinned thread by thread ({@link #pinServers}).
 *
 * @param mode    {@link #SPLIT} or {@link #SHARED}
 * @param servers the servers' CPUs (every CPU when shared)
 * @param clients cqlbench's and its workers' CPUs (every CPU when shared)
 * @param machine every CPU this process may use
 * @param note    why it is shared when split was asked or chosen; null otherwise
 */
public record Placement(String mode, CpuSet servers, CpuSet clients, CpuSet machine, String note) {

    public static final String AUTO = "auto";
    public static final String SPLIT = "split";
    public static final String SHARED = "shared";

    /** The CPUs this process could use when it started, before any was pinned; null where nothing can be. */
    private static final CpuSet MACHINE = Linux.AVAILABLE ? Linux.affinity(0) : null;

    /**
     * The placement asked ({@link #AUTO}, {@link #SPLIT} or {@link #SHARED}) for a run whose servers do or do not run
     * on this machine, {@code nodesHere} Cassandra nodes among them at most at once: auto splits when they do and
     * the servers' half of the CPUs holds a CPU a node (several nodes on one CPU would measure the CPU they share,
     * not the cluster: on this 2-core host a 2-node cluster served 2,800 ops/s on one CPU, a node alone 26,000).
     */
    public static Placement resolve(String asked, boolean serversHere, int nodesHere) {
        String mode = asked == null ? AUTO : asked.toLowerCase(Locale.ROOT);
        if (!mode.equals(AUTO) && !mode.equals(SPLIT) && !mode.equals(SHARED)) {
            throw new BadSetting("--placement must be auto, split or shared, got '" + asked + "'");
        }
        boolean room = MACHINE != null && nodesHere <= Math.max(1, MACHINE.size() / 2);
        if (mode.equals(AUTO) && serversHere && !room) {
            return new Placement(SHARED, MACHINE, MACHINE, MACHINE, nodesHere + " nodes on this machine: half of "
                    + "its CPUs holds less than one a node");
        }
        boolean split = mode.equals(SPLIT) || mode.equals(AUTO) && serversHere;
        if (!split) {
            return new Placement(SHARED, MACHINE, MACHINE, MACHINE, null);
        }
        if (MACHINE == null) {
            return new Placement(SHARED, null, null, null, "CPU affinity cannot be set on this system");
        }
        if (MACHINE.size() < 2) {
            return new Placement(SHARED, MACHINE, MACHINE, MACHINE, "one CPU: nothing to split");
        }
        CpuSet servers = MACHINE.first(MACHINE.size() / 2);
        return new Placement(SPLIT, servers, MACHINE.without(servers), MACHINE, null);
    }

    /** Whether servers and clients run on CPUs of their own. */
    public boolean split() {
        return SPLIT.equals(mode);
    }

    /**
     * Pins every thread of this JVM to the clients' CPUs (every CPU when shared): the workers it starts follow. Closing
     * what it returns gives every thread back the CPUs this thread had before, so that what this JVM starts after the
     * run (a demo's next part, a test's next run in one JVM, and what they start) is not confined to the clients'.
     */
    public Pinned pinThisProcess() {
        if (clients == null) {
            return () -> { };
        }
        long pid = ProcessHandle.current().pid();
        CpuSet before = Linux.affinity(0);
        Linux.setProcessAffinity(pid, clients);
        return () -> Linux.setProcessAffinity(pid, before);
    }

    /** This JVM pinned by {@link #pinThisProcess}, undone by closing it. */
    public interface Pinned extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Runs {@code start} (which starts server processes) on a thread pinned to the servers' CPUs, so that what it
     * starts runs there from its first instruction; the thread's own CPUs are given back after.
     */
    public <T> T startingServers(Callable<T> start) throws Exception {
        return servers == null ? start.call() : on(servers, start);
    }

    /**
     * Runs {@code start} (which starts worker JVMs) on a thread free to use every CPU: a worker warms up (its JIT
     * compiler busiest) on every CPU, then {@link #pinClients} puts it on the clients' CPUs for the rounds.
     */
    public <T> T startingWorkers(Callable<T> start) throws Exception {
        return split() ? on(machine, start) : start.call();
    }

    /** Runs {@code start} on this thread pinned to {@code cpus}, and gives the thread its own CPUs back after. */
    private static <T> T on(CpuSet cpus, Callable<T> start) throws Exception {
        CpuSet own = Linux.affinity(0);
        Linux.setAffinity(0, cpus);
        try {
            return start.call();
        } finally {
            Linux.setAffinity(0, own);
        }
    }

    /** Pins every thread of these running workers to the clients' CPUs. */
    public void pinClients(Collection<Long> pids) {
        if (clients != null) {
            pids.forEach(pid -> Linux.setProcessAffinity(pid, clients));
        }
    }

    /**
     * JVM arguments for a worker: sized for the clients' CPUs it measures on (its JIT and GC threads), whatever CPUs
     * it warms up on.
     */
    public java.util.List<String> workerJvmArgs() {
        return split() ? java.util.List.of("-XX:ActiveProcessorCount=" + clients.size()) : java.util.List.of();
    }

    /** Pins every thread of these running servers (started by another cqlbench) to the servers' CPUs. */
    public void pinServers(Collection<Long> pids) {
        if (servers != null) {
            pids.forEach(pid -> Linux.setProcessAffinity(pid, servers));
        }
    }

    /** What the result records, with whether idle workers were paused while another measured. */
    public PlacementFacts facts(boolean idleWorkersPaused) {
        return new PlacementFacts(mode, servers == null ? null : servers.toString(),
                clients == null ? null : clients.toString(), machine == null ? 0 : machine.size(), idleWorkersPaused,
                note);
    }
}
