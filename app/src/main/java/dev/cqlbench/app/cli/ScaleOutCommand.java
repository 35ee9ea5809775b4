package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.cluster.TargetSettings;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.Workload;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "scale-out", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 05's scale-out: one mix runs at a fixed concurrency (or rate) on an embedded cluster "
                + "while one more node bootstraps into it mid-run (and optionally is decommissioned): per-second "
                + "throughput and latency with the join marked, the size and length of the dip, errors during the "
                + "join, and how long the join took.",
        footer = {"", "Examples:",
            "  ./cqlbench run scale-out --nodes 2 --add-node-at 30s --duration 120s --out results/scale-out",
            "  ./cqlbench run scale-out --nodes 3 --add-node-at 60s --stream-throughput 4 --records 1000000",
            "  ./cqlbench run scale-out --nodes 3 --add-node-at 30s --decommission-at 150s --duration 240s",
            "  ./cqlbench run scale-out --nodes 3 --workload update50_read50 --rate 3000 --concurrency 256"})
public final class ScaleOutCommand implements Callable<Integer> {

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--workload", defaultValue = "read95_update5", paramLabel = "NAME|FILE",
            description = "The mix that runs throughout (default: ${DEFAULT-VALUE}).")
    String workload;

    @Option(names = "--concurrency", defaultValue = "16",
            description = "Operations in flight (default: ${DEFAULT-VALUE}); with --rate, the most in flight.")
    int concurrency;

    @Option(names = "--rate", paramLabel = "OPS/S", description = "Open loop at this fixed rate (default: closed loop).")
    Double rate;

    @Option(names = "--duration", defaultValue = "180s", paramLabel = "TIME",
            description = "Length of the run phase (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--add-node-at", defaultValue = "60s", paramLabel = "TIME",
            description = "When, after the run phase begins, one more node starts to join (default: ${DEFAULT-VALUE}).")
    String addNodeAt;

    @Option(names = "--decommission-at", paramLabel = "TIME",
            description = "When, after the run phase begins, the added node is decommissioned again (default: never).")
    String decommissionAt;

    @Option(names = "--stream-throughput", paramLabel = "MIB/S",
            description = "Streaming throughput of every node, MiB/s, as nodetool setstreamthroughput (default: "
                    + "Cassandra's 24).")
    Integer streamThroughput;

    @Option(names = "--records", defaultValue = "100000",
            description = "Records loaded before the run: what the joining node streams (default: ${DEFAULT-VALUE}).")
    int records;

    @Option(names = "--load-concurrency", defaultValue = "64",
            description = "Inserts in flight during the load phase (default: ${DEFAULT-VALUE}).")
    int loadConcurrency;

    @Mixin
    VerifyOption verifyOption;

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        return RunExecution.execute(settings(), output.directory("scale-out"), output, run.context());
    }

    RunSettings settings() {
        worker.defaultHeap(spec, WorkerOptions.SMALL_HEAP_MB);
        Checks.positive("--concurrency", concurrency);
        Checks.positive("--records", records);
        Checks.positive("--load-concurrency", loadConcurrency);
        if (rate != null && !(rate > 0)) {
            throw usage("--rate must be above 0, got " + rate);
        }
        long phase = MixesCommand.parseDuration(duration);
        long addAt = parse("--add-node-at", addNodeAt);
        long decommission = decommissionAt == null ? 0 : parse("--decommission-at", decommissionAt);
        if (addAt >= phase) {
            throw usage("--add-node-at " + addNodeAt + " is not within --duration " + duration);
        }
        if (decommissionAt != null && (decommission <= addAt || decommission >= phase)) {
            throw usage("--decommission-at must come after --add-node-at and within --duration");
        }
        if (streamThroughput != null) {
            Checks.positive("--stream-throughput", streamThroughput);
        }
        scenario.validated();
        TargetSettings targetSettings = target.toSettings(spec);
        if (!targetSettings.embedded()) {
            throw usage("scale-out adds a node to an embedded cluster it starts; drop --contact-points");
        }
        if (KeptCluster.read(targetSettings.clusterDir()).isPresent()) {
            throw usage("scale-out adds a node to a cluster it starts itself, but 'cqlbench cluster start' keeps one "
                    + "in " + targetSettings.clusterDir() + ": stop it first ('cqlbench cluster stop')");
        }
        int nodes = targetSettings.nodes() == null ? 3 : targetSettings.nodes();
        boolean rfGiven = spec.commandLine().getParseResult().hasMatchedOption("--rf");
        int rf = rfGiven ? targetSettings.replicationFactor() : Math.min(3, nodes);
        targetSettings = targetSettings.withNodes(nodes, rf);
        Workload w;
        try {
            w = Workload.load(workload.strip()).withSizes(records, null, null);
        } catch (IOException | IllegalArgumentException e) {
            throw usage("--workload " + workload + ": " + e.getMessage());
        }
        String keyspace = spec.commandLine().getParseResult().hasMatchedOption("--keyspace") ? scenario.keyspace
                : "ycsb";
        MixesPlan plan = new MixesPlan(List.of(w), List.of(concurrency), phase, 0, rate == null ? 0 : rate,
                loadConcurrency, w.fieldCount(), w.fieldLength(), 1, 1, 20_000, scenario.seed, keyspace,
                verifyOption.verify);
        return new RunSettings("scale-out", BindingCatalog.resolve(List.of("driver4"), "mixes"), plan, targetSettings,
                worker.jvmArgs(), worker.timeout(), scenario.confidence, List.of(), null,
                new RunSettings.ScaleOut(addAt, decommission, streamThroughput == null ? 0 : streamThroughput));
    }

    private static long parse(String option, String text) {
        try {
            return MixesCommand.parseDuration(text);
        } catch (CqlbenchException e) {
            throw usage(option + " must look like 60s, 2m or 500ms, got '" + text + "'");
        }
    }

    private static CqlbenchException usage(String message) {
        return new CqlbenchException(ExitCode.USAGE, message);
    }
}
