package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.run.Defaults;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every comparison's interval checked at the error it really spends in a run (10⁻⁴: a family of 8 to 30 primary
 * questions at 99 % over the run's looks), from both sides: it misses at most twice as often as it says, and its
 * median half-width is at most 1.3 times an oracle's that knows the variance, on the models the statistics review
 * asked for. The run's real estimators, {@link RunNoise} and {@link PairedRatio}, on synthetic runs
 * ({@link NoiseSimulation}); fixed seeds, so the same figures every time; each case prints them
 * (docs/methodology.md, "The simulation suite").
 */
class NoiseCoverageTest {

    private static final double ALPHA = 1e-4;
    private static final double TAU0 = Defaults.jvmSd("time");

    static Stream<Arguments> models() {
        NoiseSimulation base = NoiseSimulation.base();
        NoiseSimulation nine = base.withVariants(9);
        return Stream.of(
                Arguments.of("two libraries, JVMs 0.5 % apart", base, 100_000),
                Arguments.of("JVMs 0.25 and 1 % apart", base.withTau(0.0025, 0.01), 100_000),
                Arguments.of("JVM effect not shared by operations, 1 %", base.withShared(0).withTau(0.01, 0.01),
                        100_000),
                Arguments.of("library × round interaction, 3 %", base.withInteraction(0.03), 100_000),
                Arguments.of("own noise 6 and 14 %", base.withSigma(0.06, 0.14), 100_000),
                Arguments.of("own noise AR(1) 0.3, 60 rounds", base.withRho(0.3).withRounds(60), 50_000),
                Arguments.of("60 rounds, JVMs 0.25 and 1 % apart", base.withRounds(60).withTau(0.0025, 0.01),
                        50_000),
                Arguments.of("three JVMs a library", base.withForks(3), 100_000),
                Arguments.of("nine libraries", nine, 12_500),
                Arguments.of("nine libraries, JVMs 0 to 1 % apart",
                        nine.withTau(0, 0.00125, 0.0025, 0.00375, 0.005, 0.00625, 0.0075, 0.00875, 0.01), 12_500));
    }

    /** Client CPU per operation: noisier blocks, JVMs further apart (Spring Data's two sat 3 % apart), its prior. */
    static Stream<Arguments> cpuModels() {
        NoiseSimulation cpu = NoiseSimulation.base().withSigma(0.13, 0.13);
        return Stream.of(
                Arguments.of("client CPU, JVMs 0.5 and 3 % apart", cpu.withTau(0.005, 0.03), 100_000),
                Arguments.of("client CPU, JVMs 3 % apart", cpu.withTau(0.03, 0.03), 100_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cpuModels")
    void cpuIntervalsKeepTheirLevelAtTheErrorTheySpend(String name, NoiseSimulation model, int runs) {
        NoiseSimulation.Outcome out = model.run(name.hashCode(), runs, ALPHA, Defaults.jvmSd("client CPU"),
                Defaults.JVM_SD_DF);
        System.out.printf(Locale.ROOT, "%-45s %8d intervals, misses %5.2f × nominal (%d), width ÷ oracle %.2f, "
                        + "median df %.0f%n", name, out.questions(), out.missRatio(), out.misses(),
                out.medianWidthOverOracle(), out.medianDf());
        assertThat(out.missRatio()).as("misses over nominal").isLessThanOrEqualTo(2);
        assertThat(out.medianWidthOverOracle()).as("median half-width over the oracle's").isLessThanOrEqualTo(1.3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void intervalsKeepTheirLevelAtTheErrorTheySpendAndAreNotUselesslyWide(String name, NoiseSimulation model,
                                                                           int runs) {
        NoiseSimulation.Outcome out = model.run(name.hashCode(), runs, ALPHA, TAU0, Defaults.JVM_SD_DF);
        System.out.printf(Locale.ROOT, "%-45s %8d intervals, misses %5.2f × nominal (%d), width ÷ oracle %.2f, "
                        + "median df %.0f, by variant %s%n", name, out.questions(), out.missRatio(), out.misses(),
                out.medianWidthOverOracle(), out.medianDf(), java.util.Arrays.toString(out.missesByVariant()));
        assertThat(out.missRatio()).as("misses over nominal").isLessThanOrEqualTo(2);
        assertThat(out.medianWidthOverOracle()).as("median half-width over the oracle's").isLessThanOrEqualTo(1.3);
    }

    /**
     * The prior's limit: a library whose JVMs sit 2 % apart (twice the prior, four times the other library's) is
     * caught by the run's own spread only now and then with two JVMs: its intervals miss several times their
     * nominal rate. Held here so that a change making it worse shows; the report's per-library between-JVM sd with
     * its interval is where a user sees such a library.
     */
    @org.junit.jupiter.api.Test
    void aLibraryWhoseJvmsSitTwiceThePriorApartMissesMoreOftenThanNominalButBounded() {
        NoiseSimulation.Outcome out = NoiseSimulation.base().withTau(0.005, 0.02).run(2, 100_000, ALPHA, TAU0,
                Defaults.JVM_SD_DF);
        System.out.printf(Locale.ROOT, "%-45s %8d intervals, misses %5.2f × nominal (%d), width ÷ oracle %.2f%n",
                "JVMs 0.5 and 2 % apart (the prior's limit)", out.questions(), out.missRatio(), out.misses(),
                out.medianWidthOverOracle());
        assertThat(out.missRatio()).isGreaterThan(2).isLessThanOrEqualTo(6);
    }
}
