package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every comparison's interval checked at the error it really spends in a run (10⁻⁴: a family of 8 to 36 primary
 * questions at 99 % over the run's looks), from both sides: it misses at most twice as often as it says, and its
 * median half-width is at most 1.3 times an oracle's that knows every component of the variance (its JIT outcomes'
 * spread included), what moves whole runs with the degrees of freedom the calibration's runs lend it (more where
 * the price of a calibration is named). Each host is calibrated as 'cqlbench calibrate' calibrates one (runs × JVMs
 * × rounds of the same
 * model, {@link dev.cqlbench.analysis.Calibration#fit}), and its runs take the components with their degrees of
 * freedom: the run's real estimators, {@link RunNoise} and {@link PairedRatio}, on synthetic runs
 * ({@link NoiseSimulation}). Each interval's chance to miss is summed exactly where the model allows, so 10⁻⁴ is
 * resolved with thousands of runs, not millions; with heavy tails and AR(1) noise misses are counted. Fixed seeds,
 * the same figures every time; each case prints them (docs/methodology.md, "The simulation suite").
 */
class NoiseCoverageTest {

    private static final double ALPHA = 1e-4;
    /** How much wider than the oracle's a median half-width may be. */
    private static final double WIDTH = 1.3;
    /**
     * A run much quieter than the calibration's runs (its own noise a third of theirs) keeps what theirs add to the
     * calibration's spread beyond its own, √((2ω² + e)/(2ω² + own)) ≈ 1.25 here, on top of the t quantile of the
     * calibration's 7 degrees of freedom: a calibration of runs as long as the runs it serves is the remedy.
     */
    private static final double WIDTH_QUIETER_THAN_CALIBRATION = 1.85;

    static Stream<Arguments> models() {
        NoiseSimulation base = NoiseSimulation.base();
        NoiseSimulation nine = base.withVariants(9);
        return Stream.of(
                Arguments.of("two libraries, JVMs 0.5 % apart", base, 200, 25, WIDTH),
                Arguments.of("JVMs 0 apart (time on this host)", base.withTau(0, 0).withRounds(60), 200, 25, WIDTH),
                Arguments.of("JVMs 0.25 and 1 % apart", base.withTau(0.0025, 0.01), 200, 25, WIDTH),
                Arguments.of("B's JVMs 3 % apart", base.withTau(0.005, 0.03).withRounds(60), 200, 25, WIDTH),
                Arguments.of("B's JVMs 5 % apart", base.withTau(0.005, 0.05).withRounds(60), 200, 25, WIDTH),
                Arguments.of("two JIT outcomes 10 % apart, half the JVMs", base.withJit(0.5, 0.10).withRounds(100),
                        200, 25, WIDTH),
                Arguments.of("two JIT outcomes 10 % apart, a fifth", base.withJit(0.2, 0.10).withRounds(100), 200,
                        25, WIDTH),
                Arguments.of("JVM effect not shared by operations, 1 %", base.withShared(0).withTau(0.01, 0.01), 200,
                        25, WIDTH),
                Arguments.of("noise by operation 7.4, 13.2, 9.5, 7.4 %", base.withSigma(1, 1)
                        .withOperationScale(0.074, 0.132, 0.095, 0.074).withRounds(60), 200, 25, WIDTH),
                Arguments.of("library × round interaction, 3 %", base.withInteraction(0.03, false), 200, 25, WIDTH),
                Arguments.of("interaction 3 % in one pair only", base.withVariants(3).withInteraction(0.03, true)
                        .withRounds(60), 200, 25, WIDTH),
                Arguments.of("a run-level component, 1 % a library", base.withRunLevel(0.01).withRounds(60), 200, 25,
                        WIDTH),
                Arguments.of("A/A: one library, run-level 0.5 %", base.asOneLibrary().withRunLevel(0.005)
                        .withRounds(60), 200, 25, WIDTH),
                // runs eight times as long as the calibration's, JVMs close: a run's own noise a third of theirs,
                // ω² about theirs (a calibration finds it 0 a third of the time)
                Arguments.of("run-level 0.5 % a library, runs 8× the calibration's rounds",
                        base.withTau(0.002, 0.002).withRunLevel(0.005).withRounds(480), 200, 25, WIDTH),
                Arguments.of("A/A: run-level 0.5 %, runs 8× the calibration's rounds", base.asOneLibrary()
                        .withTau(0.002, 0.002).withRunLevel(0.005).withRounds(480), 200, 25,
                        WIDTH_QUIETER_THAN_CALIBRATION),
                Arguments.of("the host's speed moves whole runs 5 %, B's ratio with it 0.25 a unit",
                        base.withHostSpeed(0.05, 0.25, 0.003).withRounds(60), 200, 25, WIDTH),
                Arguments.of("own noise 6 and 14 %", base.withSigma(0.06, 0.14), 200, 25, WIDTH),
                Arguments.of("three JVMs a library", base.withForks(3), 200, 25, WIDTH),
                Arguments.of("nine libraries, JVMs 0 to 1 % apart",
                        nine.withTau(0, 0.00125, 0.0025, 0.00375, 0.005, 0.00625, 0.0075, 0.00875, 0.01), 100, 10,
                        WIDTH),
                Arguments.of("client CPU: noise 13 %, JVMs 0.5 and 3 % apart",
                        base.withSigma(0.13, 0.13).withTau(0.005, 0.03), 200, 25, WIDTH));
    }

    /** Models whose misses are counted, not summed: more runs. */
    static Stream<Arguments> countedModels() {
        NoiseSimulation base = NoiseSimulation.base();
        return Stream.of(
                Arguments.of("heavy tails: own noise Student-t, 4 df", base.withTails(4), 1000, 50, WIDTH),
                Arguments.of("own noise AR(1) 0.3, 60 rounds", base.withRho(0.3).withRounds(60), 500, 50,
                        WIDTH));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void intervalsKeepTheirLevelAtTheErrorTheySpendAndAreNotUselesslyWide(String name, NoiseSimulation model,
                                                                           int hosts, int runs, double widest) {
        check(name, model, hosts, runs, widest);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("countedModels")
    void intervalsKeepTheirLevelWhereMissesAreCounted(String name, NoiseSimulation model, int hosts, int runs,
                                                      double widest) {
        check(name, model, hosts, runs, widest);
    }

    private static void check(String name, NoiseSimulation model, int hosts, int runs, double widest) {
        NoiseSimulation.Outcome out = model.run(name.hashCode(), hosts, runs, ALPHA);
        System.out.printf(Locale.ROOT, "%-48s %7d intervals, misses %5.2f × nominal, width ÷ oracle %.2f, median df "
                        + "%.0f, ±>100 %% %.2f %%, by operation %s%n", name, out.questions(), out.missRatio(),
                out.medianWidthOverOracle(), out.medianDf(), out.tooWide() * 100,
                Arrays.toString(Arrays.stream(out.missesByOperation()).map(x -> Math.round(x * 100) / 100.0)
                        .toArray()));
        assertThat(out.missRatio()).as("misses over nominal").isLessThanOrEqualTo(2);
        assertThat(out.medianWidthOverOracle()).as("median half-width over the oracle's").isLessThanOrEqualTo(widest);
    }
}
