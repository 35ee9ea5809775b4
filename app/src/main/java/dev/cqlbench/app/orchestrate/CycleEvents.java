package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.run.ClusterSchedule;
import dev.cqlbench.server.cassandra.EmbeddedCluster;
import dev.cqlbench.worker.WorkerEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a worker tells while one of its cycles runs, and what the orchestrator does about it: the servers' CPU read
 * around every timed block, the cluster schedule started when one of its blocks begins, progress told.
 */
final class CycleEvents implements Consumer<WorkerEvent> {

    private final VariantRun variant;
    private final int cycle;
    private final RunProgress progress;
    private final ResourceSampler sampler;
    private final NodeWatch.Phase phase;
    private final ClusterSchedule schedule;
    private final EmbeddedCluster scheduled;
    private final Placement placement;
    private final List<RunEvent> events;
    private final Lifecycle lifecycle;
    private final Progress lines;
    /** Runs of at most this many cycles tell each operation's cycle as it ends. */
    static final int FEW_CYCLES = 10;

    private final IdleBaseline idle;
    private final Map<String, List<Long>> serverCpuNanos = new LinkedHashMap<>();
    private final Map<String, long[]> perOperation = new LinkedHashMap<>();
    private final List<Thread> scheduleThreads = new ArrayList<>();
    private long blockStartCpu = -1;
    private long blockStartWall;
    /** When each operation's blocks began, ms after the run's first round began, in order. */
    private final Map<String, List<Long>> blockStarts = new LinkedHashMap<>();
    private final long roundsStartNanos;

    /**
     * @param scheduled the embedded cluster the schedule acts on; null: no schedule runs
     * @param idle      the servers' idle CPU, subtracted from what they use during each timed block
     */
    CycleEvents(VariantRun variant, int cycle, RunProgress progress, ResourceSampler sampler, IdleBaseline idle,
                NodeWatch.Phase phase, ClusterSchedule schedule, EmbeddedCluster scheduled, Placement placement,
                List<RunEvent> events, Lifecycle lifecycle, Progress lines, long roundsStartNanos) {
        this.placement = placement;
        this.roundsStartNanos = roundsStartNanos;
        this.idle = idle;
        this.variant = variant;
        this.cycle = cycle;
        this.progress = progress;
        this.sampler = sampler;
        this.phase = phase;
        this.schedule = schedule;
        this.scheduled = scheduled;
        this.events = events;
        this.lifecycle = lifecycle;
        this.lines = lines;
    }

    @Override
    public void accept(WorkerEvent event) {
        if (event instanceof WorkerEvent.Section section) {
            section(section);
        } else if (event instanceof WorkerEvent.Progress p) {
            repetitionDone(p);
        }
    }

    private void section(WorkerEvent.Section section) {
        if (section.begin()) {
            blockStarts.computeIfAbsent(section.operation(), k -> new ArrayList<>())
                    .add((System.nanoTime() - roundsStartNanos) / 1_000_000);
            phase.begin(variant.name(), section.operation());
            if (schedule != null && scheduled != null && schedule.during().contains(section.operation())) {
                Thread t = new Thread(new ScheduleDriver(scheduled, schedule, variant.name(), section.operation(),
                        System.nanoTime(), placement, events, lines, lifecycle::stopRequested),
                        "cqlbench-cluster-schedule");
                t.setDaemon(true);
                t.start();
                scheduleThreads.add(t);
            }
        }
        if (variant.serverPids.isEmpty()) {
            return;
        }
        long now = sampler.cpuNanos(variant.serverPids);
        long wall = System.nanoTime();
        if (section.begin()) {
            blockStartCpu = now;
            blockStartWall = wall;
        } else if (blockStartCpu >= 0) {
            long above = Math.round(now - blockStartCpu - idle.rate() * (wall - blockStartWall));
            serverCpuNanos.computeIfAbsent(section.operation(), k -> new ArrayList<>()).add(Math.max(0, above));
            blockStartCpu = -1;
        }
    }

    private void repetitionDone(WorkerEvent.Progress p) {
        phase.operation(p.operation());
        long[] sums = perOperation.computeIfAbsent(p.operation(), k -> new long[3]);
        sums[0] += p.count();
        sums[1] += p.errors();
        sums[2] += p.totalNanos();
        progress.repetitionDone(variant.name(), p);
        // a run of many short rounds says how it goes once a round (RoundRule), not once a block
        if (p.repetition() == progress.repetitions() - 1 && progress.cycles() <= FEW_CYCLES) {
            lines.line(String.format(Locale.ROOT, "cycle %d/%d: %s %-6s %d ops in %.2f s, %d errors", cycle + 1,
                    progress.cycles(), variant.name(), p.operation(), sums[0], sums[2] / 1e9, sums[1]));
        }
    }

    /**
     * The cycle's measurements, each block with the servers' CPU during it (above their idle baseline) where it was
     * read: the blocks of an operation of its own, not a kind's breakdown of them.
     */
    CycleMeasurements withServerCpu(CycleMeasurements done) {
        List<Block> out = new ArrayList<>();
        for (Block b : done.blocks()) {
            List<Long> read = serverCpuNanos.getOrDefault(b.operation(), List.of());
            out.add(b.repetition() < read.size() ? b.withServerCpu(read.get(b.repetition())) : b);
        }
        return new CycleMeasurements(out, done.distributions());
    }

    /** When the cycle's blocks of {@code operation} began (ms after the first round began), in order. */
    List<Long> blockStarts(String operation) {
        return blockStarts.getOrDefault(operation, List.of());
    }

    /** A join or decommission still going on finishes (or is stopped) before the next variant runs. */
    void awaitSchedule() {
        for (Thread t : scheduleThreads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
