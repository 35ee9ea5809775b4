package dev.cqlbench.app.cli;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import picocli.CommandLine.Option;

/** Options every scenario has: seed, keyspace, confidence level. */
public final class ScenarioOptions {

    @Option(names = "--seed", defaultValue = "42",
            description = "Seed of the generated data and of the variant order; the same seed repeats the run (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--keyspace", defaultValue = "example",
            description = "Keyspace of the scenario's tables (default: ${DEFAULT-VALUE}).")
    String keyspace;

    @Option(names = "--confidence", defaultValue = "0.999",
            description = "Confidence level of the intervals and tests, between 0 and 1 (default: ${DEFAULT-VALUE}).")
    double confidence;

    /** Checks the values; returns this for chaining. */
    ScenarioOptions validated() {
        if (!(confidence > 0 && confidence < 1)) {
            throw new CqlbenchException(ExitCode.USAGE, "--confidence must be between 0 and 1, got " + confidence);
        }
        Checks.keyspace(keyspace);
        return this;
    }
}
