package dev.cqlbench.app.orchestrate;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.worker.WorkerEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the orchestrator reads around each timed block of one JVM's turn, from the worker's {@link WorkerEvent.Section}
 * events: when the block began, and the servers' CPU during it above their idle baseline; then stamps them on the
 * blocks the turn measured ({@link #stamp}), matched by operation and repetition.
 */
final class BlockWindows implements Consumer<WorkerEvent> {

    private final List<Long> serverPids;
    private final ResourceSampler sampler;
    private final IdleBaseline idle;
    private final long roundsStartNanos;
    /** When each operation's blocks began, ms after the run's first round began, in order. */
    private final Map<String, List<Long>> starts = new LinkedHashMap<>();
    private final Map<String, List<Long>> serverCpuNanos = new LinkedHashMap<>();
    private long blockStartCpu = -1;
    private long blockStartWall;

    /**
     * @param serverPids       the servers whose CPU is read around each block (none: not read)
     * @param idle             the servers' idle CPU, subtracted from what they use during each block
     * @param roundsStartNanos when the run's first round began
     */
    BlockWindows(List<Long> serverPids, ResourceSampler sampler, IdleBaseline idle, long roundsStartNanos) {
        this.serverPids = serverPids;
        this.sampler = sampler;
        this.idle = idle;
        this.roundsStartNanos = roundsStartNanos;
    }

    @Override
    public void accept(WorkerEvent event) {
        if (!(event instanceof WorkerEvent.Section section)) {
            return;
        }
        long wall = System.nanoTime();
        if (section.begin()) {
            starts.computeIfAbsent(section.operation(), k -> new ArrayList<>()).add((wall - roundsStartNanos)
                    / 1_000_000);
        }
        if (serverPids.isEmpty()) {
            return;
        }
        long cpu = sampler.cpuNanos(serverPids);
        if (section.begin()) {
            blockStartCpu = cpu;
            blockStartWall = wall;
        } else if (blockStartCpu >= 0) {
            long above = Math.round(cpu - blockStartCpu - idle.rate() * (wall - blockStartWall));
            serverCpuNanos.computeIfAbsent(section.operation(), k -> new ArrayList<>()).add(Math.max(0, above));
            blockStartCpu = -1;
        }
    }

    /**
     * The turn's blocks as {@code variant}'s fork {@code fork} ran them in turn {@code turn} of the round: each with
     * when it began and the servers' CPU during it where they were read (the blocks of an operation of its own, not a
     * kind's breakdown of them).
     */
    List<Block> stamp(CycleMeasurements done, String variant, int fork, int turn) {
        List<Block> out = new ArrayList<>();
        for (Block b : done.blocks()) {
            out.add(b.stamped(variant, fork, turn, nth(starts, b), nth(serverCpuNanos, b)));
        }
        return out;
    }

    private static Long nth(Map<String, List<Long>> read, Block b) {
        List<Long> of = read.getOrDefault(b.operation(), List.of());
        return b.repetition() < of.size() ? of.get(b.repetition()) : null;
    }
}
