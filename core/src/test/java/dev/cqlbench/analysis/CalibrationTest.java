package dev.cqlbench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.Component;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    private static final Calibration.Host HOST = new Calibration.Host("bench", 2, 1L << 34, "amd64", "17", "split");

    /**
     * Runs of an A/A pair of library a (JVMs 1 % apart) and a library b (JVMs 3 % apart) whose level moves 2 % from
     * run to run while a's does not; own noise 10 % a block.
     */
    private static List<Calibration.Run> runs(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, String> libraries = new LinkedHashMap<>();
        libraries.put("a", "a 1.0");
        libraries.put("a#2", "a 1.0");
        libraries.put("b", "b 2.0");
        Map<String, double[]> sd = Map.of("a", new double[] {0.01, 0}, "a#2", new double[] {0.01, 0},
                "b", new double[] {0.03, 0.02});
        List<Calibration.Run> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Map<String, SortedMap<Long, double[]>>> byVariant = new LinkedHashMap<>();
            for (String v : libraries.keySet()) {
                double run = sd.get(v)[1] * random.nextGaussian();
                double[] jvm = new double[4];
                for (int k = 0; k < 4; k++) {
                    jvm[k] = sd.get(v)[0] * random.nextGaussian();
                }
                Map<String, SortedMap<Long, double[]>> ops = new LinkedHashMap<>();
                for (String op : List.of("write", "read", "update", "delete")) {
                    SortedMap<Long, double[]> rounds = new TreeMap<>();
                    for (long r = 0; r < 60; r++) {
                        double[] forks = new double[4];
                        for (int k = 0; k < 4; k++) {
                            forks[k] = Math.log(200) + run + jvm[k] + 0.10 * random.nextGaussian();
                        }
                        rounds.put(r, forks);
                    }
                    ops.put(op, rounds);
                }
                byVariant.put(v, ops);
            }
            out.add(new Calibration.Run(libraries, Map.of(Measure.TIME, byVariant), Map.of(), 300, 720));
        }
        return out;
    }

    @Test
    void eachComponentsIntervalHoldsWhatTheRunsWereMadeWith() {
        Calibration c = Calibration.fit(HOST, runs(3, 10), "2026-11-29", "test");
        Calibration.Fit time = c.measures().get(Measure.TIME);
        assertThat(time.jvm()).containsOnlyKeys("a 1.0", "b 2.0");
        assertHolds(time.jvm().get("a 1.0"), 0.01);
        assertHolds(time.jvm().get("b 2.0"), 0.03);
        assertHolds(time.run(), Math.sqrt(0.02 * 0.02)); // a's level stays, b's moves 2 %: a ratio of the two, 2 %
        assertHolds(time.runSame(), 0);
        assertThat(time.run().weight()).as("one degree of freedom per run, the pairs sharing b's runs").isEqualTo(9);
        // over the four operations together: the same run level (shared by them); what the runs' rounds and JVMs
        // predict for it less than for one operation, its rounds' noise averaged over four (its JVMs' levels not)
        assertHolds(time.runOverall(), 0.02);
        assertHolds(time.runSameOverall(), 0);
        assertThat(-time.runOverall().terms()[1][0]).isLessThan(-time.run().terms()[1][0] * 0.9);
        assertThat(time.runOverall().weight()).isEqualTo(9);
        assertThat(c.turnSeconds()).isEqualTo(300.0 / 720);
        assertThat(c.libraries()).containsExactly("a 1.0", "b 2.0");
    }

    private static void assertHolds(Component c, double sd) {
        double[] i = c.sdInterval(0.999);
        assertThat(c.known()).isTrue();
        assertThat(Math.log1p(i[0])).as("%s: low end", c).isLessThanOrEqualTo(sd);
        assertThat(Math.log1p(i[1])).as("%s: high end", c).isGreaterThanOrEqualTo(sd);
    }

    @Test
    void aRunTakesItsLibrariesComponentsAndSaysWhatItAssumes() {
        Calibration c = Calibration.fit(HOST, runs(5, 8), "2026-11-29", "test");
        Map<String, String> run = new LinkedHashMap<>();
        run.put("b", "b 2.0");
        run.put("k", "k 3.0");
        VarianceModel here = c.model(run, HOST);
        assertThat(here.source()).startsWith("this host's calibration of 2026-11-29");
        assertThat(here.assumed()).isEqualTo("k 3.0 not measured: taken to have the measured libraries' pooled spread "
                + "of JVMs");
        VarianceModel.Components time = here.of(Measure.TIME);
        assertThat(time.jvm().get("b")).isEqualTo(c.measures().get(Measure.TIME).jvm().get("b 2.0"));
        assertThat(time.jvm().get("k")).isEqualTo(c.measures().get(Measure.TIME).jvmAny());
        assertThat(here.priors(Measure.TIME).run("b", "k", false)).isEqualTo(time.run());
        assertThat(here.priors(Measure.TIME).run("b", "k", true)).isEqualTo(time.runOverall());
        VarianceModel elsewhere = c.model(run, new Calibration.Host("other", 8, 1L << 35, "amd64", "17", "split"));
        assertThat(elsewhere.assumed()).startsWith("measured on bench (2 CPUs, 16 GiB, Java 17, placement split), "
                + "not on this host, other (8 CPUs, 32 GiB");
    }

    @Test
    void aLibraryWhoseJvmsSitFarApartRunsInMoreOfThemInProportionAtMostTheMost() {
        Calibration c = Calibration.fit(HOST, runs(7, 8), "2026-11-29", "test");
        Map<String, String> run = Map.of("a", "a 1.0", "b", "b 2.0");
        VarianceModel model = c.model(run, HOST);
        assertThat(model.forks("a", 2)).as("1 %: the JVMs asked for are enough").isBetween(2, 3);
        assertThat(model.forks("b", 2)).as("3 %: nine times the variance").isEqualTo(
                dev.cqlbench.run.Defaults.MOST_FORKS);
        assertThat(model.forks("b", 1)).as("one JVM a variant stays one").isEqualTo(1);
    }

    @Test
    void aMeasureEveryJvmGaveAlikeFitsToNothingApartAndNothingUndefined() {
        // bytes allocated per operation can be exactly the same in every round, JVM and run
        List<Calibration.Run> runs = new ArrayList<>();
        for (Calibration.Run r : runs(9, 4)) {
            Map<String, Map<String, SortedMap<Long, double[]>>> alike = new LinkedHashMap<>();
            r.logs().get(Measure.TIME).forEach((variant, ops) -> {
                Map<String, SortedMap<Long, double[]>> byOp = new LinkedHashMap<>();
                ops.forEach((op, rounds) -> {
                    SortedMap<Long, double[]> same = new TreeMap<>();
                    rounds.forEach((round, forks) -> same.put(round, new double[forks.length]));
                    byOp.put(op, same);
                });
                alike.put(variant, byOp);
            });
            runs.add(new Calibration.Run(r.libraries(), Map.of(Measure.TIME, r.logs().get(Measure.TIME),
                    Measure.ALLOCATION, alike), r.speed(), r.seconds(), r.turns()));
        }
        Calibration.Fit allocation = Calibration.fit(HOST, runs, "2026-11-29", "test").measures()
                .get(Measure.ALLOCATION);
        assertThat(allocation.run().variance()).isZero();
        assertThat(allocation.run().weight()).isPositive().isFinite();
        assertThat(allocation.jvm().get("b 2.0").variance()).isZero();
    }
}
