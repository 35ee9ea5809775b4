package dev.cqlbench.scenario.decode;

import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The decode scenario's options and their defaults; the command line's and tests' way to a {@link DecodePlan}. */
public final class DecodeOptions extends ScenarioOptions<DecodePlan> {

    @Option(names = "--library", split = ",", paramLabel = "VARIANT",
            description = "Variants to compare, comma-separated, or 'all' (default: ${DEFAULT-VALUE}).")
    List<String> libraries = new ArrayList<>(List.of("all"));

    @Option(names = "--rows", split = ",", paramLabel = "N",
            description = "Reads per timed block, comma-separated (default: ${DEFAULT-VALUE}; the study's 5000,10000 "
                    + "give the same per-row figures in fewer, longer blocks).")
    List<Integer> rows = new ArrayList<>(List.of(500));

    @Option(names = "--repetitions",
            description = "Repetitions of each width × N per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = RunOption.CYCLES,
            description = "Cycles (rounds); variants run in a new seeded-random order in each; the most a run takes, "
                    + "fewer once --precision is met (default: ${DEFAULT-VALUE}).")
    int cycles = 200;

    @Option(names = "--warmup-reads", description = "Reads of each width per warm-up round; rounds go on while the "
            + "JIT compiler is busy, then are discarded (default: ${DEFAULT-VALUE}).")
    int warmupReads = 3000;

    public DecodeOptions() {
        super(Defaults.KEYSPACE);
    }

    @Override
    public DecodePlan plan() {
        Checks.notEmpty("--rows", rows);
        rows.forEach(n -> Checks.positive("--rows", n));
        Checks.positive("--repetitions", repetitions);
        Checks.positive(RunOption.CYCLES, cycles);
        Checks.notNegative("--warmup-reads", warmupReads);
        return new DecodePlan(rows, new Repeats(repetitions, cycles, warmupReads, seed, validKeyspace()));
    }

    @Override
    public Chosen<DecodePlan> choose(LibraryCatalog catalog) {
        DecodePlan plan = plan();
        return new Chosen<>(plan, Variants.resolve(libraries, DecodeScenario.NAME,
                Variants.ofLibraries(catalog, ActivityReader.class), catalog), List.of());
    }
}
