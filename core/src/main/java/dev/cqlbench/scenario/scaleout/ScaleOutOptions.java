package dev.cqlbench.scenario.scaleout;

import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.ClusterSchedule;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.mixes.MixesOptions;
import dev.cqlbench.scenario.mixes.MixesPlan;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The scale-out scenario's options and their defaults: one mix, and when a node joins (and leaves). */
public final class ScaleOutOptions extends ScenarioOptions<MixesPlan> {

    /** Nodes the run starts unless given; the replication factor is at most this unless given. */
    static final int NODES = 3;

    @Option(names = "--workload", paramLabel = "NAME|FILE",
            description = "The mix that runs throughout (default: ${DEFAULT-VALUE}).")
    String workload = "read95_update5";

    @Option(names = "--concurrency",
            description = "Operations in flight (default: ${DEFAULT-VALUE}); with --rate, the most in flight.")
    int concurrency = 16;

    @Option(names = "--duration", paramLabel = "TIME", description = "Length of the run phase (default: "
            + "${DEFAULT-VALUE}).")
    String duration = "180s";

    @Option(names = "--add-node-at", paramLabel = "TIME", description = "When, after the run phase begins, one more "
            + "node starts to join (default: ${DEFAULT-VALUE}).")
    String addNodeAt = "60s";

    @Option(names = "--decommission-at", paramLabel = "TIME", description = "When, after the run phase begins, the "
            + "added node is decommissioned again (default: never).")
    String decommissionAt;

    @Option(names = "--stream-throughput", paramLabel = "MIB/S", description = "Streaming throughput of every node, "
            + "MiB/s, as nodetool setstreamthroughput (default: Cassandra's 24).")
    Integer streamThroughput;

    @Option(names = "--records",
            description = "Records loaded before the run: what the joining node streams (default: ${DEFAULT-VALUE}).")
    int records = 100_000;

    @Option(names = "--warmup-ops", description = "Warmup before measuring, through the measured code: up to this many "
            + "records loaded, then this many operations of the mix; then the table is emptied "
            + "(default: ${DEFAULT-VALUE}).")
    int warmupOps = Defaults.LOAD_WARMUP_OPS;

    @Option(names = "--warmup-max-s", paramLabel = "S", description = "After --warmup-ops, warmup goes on while the JIT "
            + "compiler is busy, up to this many seconds in all; 0: --warmup-ops only (default: ${DEFAULT-VALUE}).")
    int warmupMaxSeconds = Defaults.LOAD_WARMUP_MAX_SECONDS;

    @Mixin
    MixesOptions.Shared shared = new MixesOptions.Shared();

    public ScaleOutOptions() {
        super("ycsb");
    }

    @Override
    public MixesPlan plan() {
        Checks.positive("--concurrency", concurrency);
        Checks.positive("--records", records);
        Checks.notNegative("--warmup-ops", warmupOps);
        Checks.notNegative("--warmup-max-s", warmupMaxSeconds);
        phaseMillis();
        if (workload.contains(",")) {
            throw new BadSetting("--workload takes one mix here (a node joins while it runs), got '" + workload + "'");
        }
        // one phase of one mix: the mixes scenario's plan, in its own words (the shared options as given)
        return new MixesOptions().shared(shared).with("--workload", workload, "--concurrency",
                Integer.toString(concurrency), "--records", Integer.toString(records), "--warmup-ops",
                Integer.toString(warmupOps), "--warmup-max-s", Integer.toString(warmupMaxSeconds), "--duration",
                duration, "--repetitions", "1", RunOption.CYCLES, "1", RunOption.SEED, Long.toString(seed),
                "--keyspace", keyspace).plan();
    }

    private long phaseMillis() {
        return time("--duration", duration);
    }

    /** The schedule: when the node joins (and leaves), on each run phase's clock. */
    ClusterSchedule schedule(MixesPlan plan) {
        long phase = phaseMillis();
        long addAt = time("--add-node-at", addNodeAt);
        long decommission = decommissionAt == null ? 0 : time("--decommission-at", decommissionAt);
        if (addAt >= phase) {
            throw new BadSetting("--add-node-at " + addNodeAt + " is not within --duration " + duration);
        }
        if (decommissionAt != null && (decommission <= addAt || decommission >= phase)) {
            throw new BadSetting("--decommission-at must come after --add-node-at and within --duration");
        }
        Checks.positiveIfGiven("--stream-throughput", streamThroughput);
        return new ClusterSchedule(addAt, decommission, streamThroughput == null ? 0 : streamThroughput,
                plan.runPhaseLabels());
    }

    @Override
    public Chosen<MixesPlan> choose(LibraryCatalog catalog) {
        MixesPlan plan = plan();
        schedule(plan);
        return new Chosen<>(plan, new MixesOptions().choose(catalog).variants(), List.of());
    }

    /** Its own nodes: {@value #NODES} unless given, the replication factor at most that; the node joins on schedule. */
    @Override
    public Servers adjust(Servers servers, MixesPlan plan) {
        TargetSettings target = servers.target();
        if (!target.embedded()) {
            throw new BadSetting("scale-out adds a node to an embedded cluster it starts; drop --contact-points");
        }
        int nodes = target.embeddedNodes().count() == null ? NODES : target.embeddedNodes().count();
        int rf = target.replicationFactor() != null ? target.replicationFactor() : Math.min(NODES, nodes);
        return servers.withTarget(target.withEmbeddedNodes(target.embeddedNodes().withCount(nodes))
                .withReplicationFactor(rf)).withSchedule(schedule(plan));
    }

    @Override
    public int workerHeapMb() {
        return Defaults.SMALL_WORKER_HEAP_MB;
    }

    /** A point in time of the run phase, as users type durations. */
    private static long time(String option, String text) {
        try {
            return MixesOptions.millis(option, text);
        } catch (BadSetting e) {
            if (option.equals("--duration")) {
                throw e;
            }
            throw new BadSetting(option + " must look like 60s, 2m or 500ms, got '" + text + "'");
        }
    }
}
