package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * How often a plan's work repeats, the part every scenario's plan shares: written inside the plan's JSON, beside its
 * own fields.
 *
 * @param repetitions R: repetitions of each operation per cycle
 * @param cycles      C: rounds; every variant's JVMs run each one
 * @param warmup      the scenario's units (operations, writes, events) run once per worker before the first round
 *                    and discarded (results of format 7 and before: {@code warmupOps}, {@code warmupWrites},
 *                    {@code warmupEvents}, {@code warmupReads})
 * @param seed        seeds the generated data; the same seed gives the same data
 * @param keyspace    the keyspace (or database) the run's tables live in
 */
public record Repeats(int repetitions, int cycles,
                      @JsonAlias({"warmupOps", "warmupWrites", "warmupEvents", "warmupReads"}) int warmup, long seed,
                      String keyspace) {
}
