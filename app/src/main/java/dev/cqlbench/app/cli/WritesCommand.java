package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.cluster.TargetSettings;
import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.scenario.writes.WritesPlan;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "writes", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 04: the same rows written as LOGGED batches, UNLOGGED batches, token-aware batches (one "
                + "per replica set) and concurrent single inserts, at each temporal locality (P%% of a batch's rows "
                + "reuse a partition key already in it); writes/s per pattern × locality, latency per request, "
                + "client and server CPU per write, every cell's table read back at ALL and compared.",
        footer = {"", "The study ran 4 nodes, RF 3, 1,000,000 writes per cell, 8,000-row batches and an 8,000 window.",
            "Its batches exceed Cassandra 5's default batch_size_fail_threshold (50 KiB): on nodes cqlbench starts",
            "the threshold is raised to fit --batch-size unless --batch-size-fail-threshold is given; a cluster that",
            "rejects a batch stops that pattern with exit code 9.",
            "", "Examples:",
            "  ./cqlbench run writes --nodes 3 --rf 3 --writes 50000 --out results/writes",
            "  ./cqlbench run writes --nodes 4 --rf 3            (the study's setup and sizes; slow on a laptop)",
            "  ./cqlbench run writes --pattern token-aware-batch,async --locality 0,80 --batch-size 1000",
            "  ./cqlbench cluster start --nodes 3; ./cqlbench run writes --rf 3 --writes 50000"})
public final class WritesCommand implements Callable<Integer> {

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--pattern", split = ",", defaultValue = "all", paramLabel = "PATTERN",
            description = "Write patterns: logged-batch, unlogged-batch, token-aware-batch, async, or all "
                    + "(default: ${DEFAULT-VALUE}).")
    List<String> patterns;

    @Option(names = "--writes", defaultValue = "1000000",
            description = "Rows written per repetition of each pattern × locality cell (default: ${DEFAULT-VALUE}, "
                    + "the study's).")
    int writes;

    @Option(names = "--batch-size", defaultValue = "8000", paramLabel = "B",
            description = "Rows per batch, and the window locality is counted in (default: ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--window", defaultValue = "8000", paramLabel = "W",
            description = "Single inserts in flight for the async pattern (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--batch-concurrency", defaultValue = "1",
            description = "Batches in flight for the batch patterns (default: ${DEFAULT-VALUE}: one after another, "
                    + "as the study).")
    int batchConcurrency;

    @Option(names = "--locality", split = ",", defaultValue = "0,20,40,60,80", paramLabel = "P",
            description = "Temporal localities, percent of a batch's rows reusing a partition key already in it "
                    + "(default: ${DEFAULT-VALUE}).")
    List<Integer> localities;

    @Option(names = "--repetitions", defaultValue = "2",
            description = "Repetitions of each cell per cycle, each on the emptied table (default: ${DEFAULT-VALUE}).")
    int repetitions;

    @Option(names = "--cycles", defaultValue = "3",
            description = "Cycles; patterns run in a new seeded-random order in each (default: ${DEFAULT-VALUE}).")
    int cycles;

    @Option(names = "--warmup-writes", defaultValue = "16000",
            description = "Rows written per locality by each pattern before measuring, then discarded "
                    + "(default: ${DEFAULT-VALUE}).")
    int warmupWrites;

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
        Path out = output.directory("writes");
        return RunExecution.execute(settings(), out, output, run.context());
    }

    RunSettings settings() {
        Checks.positive("--writes", writes);
        Checks.positive("--batch-size", batchSize);
        Checks.positive("--window", window);
        Checks.positive("--batch-concurrency", batchConcurrency);
        Checks.positive("--repetitions", repetitions);
        Checks.positive("--cycles", cycles);
        Checks.notNegative("--warmup-writes", warmupWrites);
        for (int p : localities) {
            if (p < 0 || p > 100) {
                throw usage("--locality values are percentages 0..100, got " + p);
            }
        }
        if (new LinkedHashSet<>(localities).size() != localities.size()) {
            throw usage("--locality values must differ");
        }
        scenario.validated();
        String keyspace = spec.commandLine().getParseResult().hasMatchedOption("--keyspace") ? scenario.keyspace
                : "writes";
        WritesPlan plan = new WritesPlan(writes, batchSize, window, batchConcurrency, localities, repetitions, cycles,
                warmupWrites, scenario.seed, keyspace, verifyOption.verify);
        TargetSettings targetSettings = target.toSettings(spec);
        if (targetSettings.embedded() && targetSettings.batchSizeFailThresholdKib() == null
                && plan.batchKib() > dev.cqlbench.server.cassandra.EmbeddedCassandraOptions
                        .DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB) {
            targetSettings = targetSettings.withAutoBatchSizeFailThreshold(autoThresholdKib(plan));
        }
        if (!targetSettings.driverOptions().containsKey(MAX_REQUESTS)) {
            // driver 4 allows 1,024 requests per connection: the async window must fit on one node's connection
            targetSettings = targetSettings.withDriverOption(MAX_REQUESTS,
                    Integer.toString(Math.min(32_768, Math.max(1024, window))));
        }
        return new RunSettings("writes", BindingCatalog.resolve(patterns, "writes"), plan, targetSettings,
                worker.jvmArgs(), worker.timeout(), scenario.confidence, List.of());
    }

    static final String MAX_REQUESTS = "advanced.connection.max-requests-per-connection";

    /** Twice the largest batch, so the estimate of Cassandra's batch size has room to be wrong. */
    static int autoThresholdKib(WritesPlan plan) {
        return Math.max(dev.cqlbench.server.cassandra.EmbeddedCassandraOptions.DEFAULT_BATCH_SIZE_FAIL_THRESHOLD_KIB,
                2 * plan.batchKib());
    }

    private static CqlbenchException usage(String message) {
        return new CqlbenchException(ExitCode.USAGE, message);
    }
}
