package dev.cqlbench.app.recipes.roundtrip;

import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.run.Checks;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Its options, defaults in the initial values; the command line fills them, or code through the setters. */
public final class RoundTripOptions extends ScenarioOptions<RoundTripPlan> {

    @Option(names = "--library", split = ",", description = "Libraries to compare, or 'all' (default: memory).")
    List<String> libraries = new ArrayList<>(List.of("memory"));

    @Option(names = "--users", description = "Users inserted and read back per repetition (default: ${DEFAULT-VALUE}).")
    int users = 100;

    @Option(names = "--repetitions", description = "Repetitions per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 2;

    @Option(names = "--cycles", description = "Cycles (default: ${DEFAULT-VALUE}).")
    int cycles = 2;

    public RoundTripOptions() {
        super("roundtrip");
    }

    @Override
    public RoundTripPlan plan() {
        Checks.positive("--users", users);
        Checks.positive("--repetitions", repetitions);
        Checks.positive("--cycles", cycles);
        return new RoundTripPlan(users, repetitions, cycles, seed, validKeyspace());
    }

    @Override
    public Chosen<RoundTripPlan> choose(LibraryCatalog catalog) {
        return new Chosen<>(plan(), Variants.resolve(libraries, RoundTripScenario.NAME,
                Variants.ofLibraries(catalog, UserCrud.class), catalog), List.of());
    }
}
