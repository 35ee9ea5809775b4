package dev.cqlbench.scenario.writes;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.RowWriter;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.ClientOption;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import dev.cqlbench.scenario.VerifyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The writes scenario's options and their defaults (the study's sizes); the way to a {@link WritesPlan}. */
public final class WritesOptions extends ScenarioOptions<WritesPlan> {

    /** The library every write pattern runs on: it groups rows by replica set from the driver's token map. */
    static final String LIBRARY = "driver4";
    static final String MAX_REQUESTS = "advanced.connection.max-requests-per-connection";

    @Option(names = "--pattern", split = ",", paramLabel = "PATTERN",
            description = "Write patterns: logged-batch, unlogged-batch, token-aware-batch, async, or all "
                    + "(default: ${DEFAULT-VALUE}).")
    List<String> patterns = new ArrayList<>(List.of("all"));

    @Option(names = "--writes", description = "Rows written per repetition of each pattern × locality cell "
            + "(default: ${DEFAULT-VALUE}: short rounds, so the time limit holds many; the study wrote 1,000,000).")
    int writes = 16_000;

    @Option(names = "--batch-size", paramLabel = "B",
            description = "Rows per batch, and the window locality is counted in (default: ${DEFAULT-VALUE}).")
    int batchSize = 8000;

    @Option(names = "--window", paramLabel = "W",
            description = "Single inserts in flight for the async pattern (default: ${DEFAULT-VALUE}).")
    int window = 8000;

    @Option(names = "--batch-concurrency", description = "Batches in flight for the batch patterns (default: "
            + "${DEFAULT-VALUE}: one after another, as the study).")
    int batchConcurrency = 1;

    @Option(names = "--locality", split = ",", paramLabel = "P",
            description = "Temporal localities, percent of a batch's rows reusing a partition key already in it "
                    + "(default: ${DEFAULT-VALUE}).")
    List<Integer> localities = new ArrayList<>(List.of(0, 20, 40, 60, 80));

    @Option(names = "--repetitions",
            description = "Repetitions of each cell per cycle, each on the emptied table (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = RunOption.CYCLES,
            description = "The most cycles (rounds); patterns run in a new seeded-random order in each, until "
                    + "every comparison is answered or --max-time is spent (default: ${DEFAULT-VALUE}).")
    int cycles = 200;

    @Option(names = "--warmup-writes", description = "Rows written per locality by each pattern before measuring, "
            + "then discarded (default: ${DEFAULT-VALUE}).")
    int warmupWrites = 16000;

    @Mixin
    VerifyOption verify = new VerifyOption();

    @Mixin
    ClientOption client = new ClientOption();

    public WritesOptions() {
        super("writes");
    }

    @Override
    public WritesPlan plan() {
        Checks.positive("--writes", writes);
        Checks.positive("--batch-size", batchSize);
        Checks.positive("--window", window);
        Checks.positive("--batch-concurrency", batchConcurrency);
        Checks.positive("--repetitions", repetitions);
        Checks.positive(RunOption.CYCLES, cycles);
        Checks.notNegative("--warmup-writes", warmupWrites);
        Checks.notEmpty("--locality", localities);
        for (int p : localities) {
            if (p < 0 || p > 100) {
                throw new BadSetting("--locality values are percentages 0..100, got " + p);
            }
        }
        Checks.distinct("--locality", localities);
        return new WritesPlan(writes, batchSize, window, batchConcurrency, localities,
                new Repeats(repetitions, cycles, warmupWrites, seed, validKeyspace()), verify.verify(), client.shard());
    }

    /** Every pattern, on the library that writes them, when it is declared. */
    @Override
    public Chosen<WritesPlan> choose(LibraryCatalog catalog) {
        WritesPlan plan = plan();
        List<Variant> patternVariants = new ArrayList<>();
        catalog.find(LIBRARY).filter(l -> l.implementsCapability(RowWriter.class)).ifPresent((Library library) -> {
            for (WritePattern pattern : WritePattern.values()) {
                patternVariants.add(new Variant(pattern.variant(), library, "driver 4: " + pattern.description(),
                        Map.of(WritePattern.OPTION, pattern.variant()), null));
            }
        });
        return new Chosen<>(plan, Variants.resolve(patterns, WritesScenario.NAME, patternVariants, catalog),
                List.of());
    }

    /**
     * Nodes the run starts get a batch threshold that fits the batches (unless given), and driver 4's connections a
     * request limit that fits the async window.
     */
    @Override
    public Servers adjust(Servers servers, WritesPlan plan) {
        TargetSettings target = servers.target();
        TargetSettings adjusted = target;
        if (target.embedded() && target.embeddedNodes().batchSizeFailThresholdKib() == null
                && plan.batchKib() > Defaults.CASSANDRA_BATCH_SIZE_FAIL_THRESHOLD_KIB) {
            adjusted = adjusted.withEmbeddedNodes(adjusted.embeddedNodes()
                    .withBatchSizeFailThresholdKib(autoThresholdKib(plan)).withBatchSizeFailThresholdAuto(true));
        }
        if (!target.connection().driverOptions().containsKey(MAX_REQUESTS)) {
            // driver 4 allows 1,024 requests per connection: the async window must fit on one node's connection
            adjusted = adjusted.withConnection(adjusted.connection().withDriverOption(MAX_REQUESTS,
                    Integer.toString(Math.min(32_768, Math.max(1024, plan.window())))));
        }
        return servers.withTarget(adjusted);
    }

    /** Twice the largest batch, so the estimate of Cassandra's batch size has room to be wrong. */
    static int autoThresholdKib(WritesPlan plan) {
        return Math.max(Defaults.CASSANDRA_BATCH_SIZE_FAIL_THRESHOLD_KIB, 2 * plan.batchKib());
    }
}
