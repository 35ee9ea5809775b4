package dev.cqlbench.result;

import dev.cqlbench.binding.Library;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Small results made by hand, for tests of what reports read off a result. */
public final class TestResults {

    private TestResults() {}

    /** A variant's result and its blocks, as a run measured them. */
    public record Measured(VariantResult result, List<Block> blocks) {}

    /** A variant with one operation {@code label}: one cycle per digest, each with these errors. */
    public static VariantResult variant(String name, String label, Map<String, Long> errors, String... digests) {
        List<OperationDistribution> cycles = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        for (int i = 0; i < digests.length; i++) {
            cycles.add(OperationDistribution.builder(label, i).outcomes(new Outcomes(10, errorCount, errors))
                    .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3)))).stateDigest(digests[i])
                    .build());
            blocks.add(Block.builder().operation(label).cycle(i).measured(Measurement.of(10, 1_000_000L)).build());
        }
        return new VariantResult(name, new VariantResult.LibraryFacts("lib", "desc", "1", null), "closed-loop", 4,
                new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(), null),
                List.of(OperationResult.aggregate(label, 10, cycles)), VariantResult.Failure.NONE);
    }

    /** The settings of a run of {@code scenario} with this plan, its variants named as these results. */
    public static RunSettings settings(String scenario, ScenarioPlan plan, List<VariantResult> variants) {
        List<Variant> asked = variants.stream().map(v -> new Variant(v.variant(), new Library(v.variant(), "test "
                + "library", true, List.of(), v.baseline(), List.of(), Library.CASSANDRA, null, null), "", Map.of(),
                null)).toList();
        return RunSettings.builder().scenario(scenario).plan(plan).variants(asked)
                .processes(Processes.defaults().withForks(1)).build();
    }

    /** A finished run of {@code scenario} with this plan and these variants (no blocks). */
    public static RunResult result(String scenario, ScenarioPlan plan, VariantResult... variants) {
        RunSettings settings = settings(scenario, plan, List.of(variants));
        return result(settings, List.of(variants), List.of());
    }

    /** A finished run of {@code scenario} with this plan and these measured variants, blocks and all. */
    public static RunResult result(String scenario, ScenarioPlan plan, Measured... variants) {
        List<VariantResult> results = java.util.Arrays.stream(variants).map(Measured::result).toList();
        List<Block> blocks = java.util.Arrays.stream(variants).flatMap(m -> m.blocks().stream()).toList();
        RunSettings settings = settings(scenario, plan, results);
        return result(settings, results, blocks);
    }

    private static RunResult result(RunSettings settings, List<VariantResult> results, List<Block> blocks) {
        return RunResult.of(new RunResult.Course("2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", false, null,
                List.of()),
                settings, new RunResult.RanOn(null, Map.of(), null, List.of()),
                results, null, blocks,
                new RunResult.Frame(dev.cqlbench.scenario.Scenarios.family(settings), null, List.of()));
    }

    /**
     * A variant whose operations ran one block per round in one JVM: {@code typicalUs} maps each operation label to
     * its blocks' typical time per operation, µs, one per round (cycle); each block does the plan's operations (100
     * where the plan counts none), its wall time that many × typical, its CPU half of it.
     */
    public static Measured blocks(ScenarioPlan plan, String name, Map<String, double[]> typicalUs) {
        List<OperationResult> operations = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        typicalUs.forEach((label, values) -> {
            int o = plan.operationsPerRepetition(label) > 0 ? plan.operationsPerRepetition(label) : 100;
            List<OperationDistribution> cycles = new ArrayList<>();
            List<Block> own = new ArrayList<>();
            for (int round = 0; round < values.length; round++) {
                long nanos = Math.round(values[round] * 1000);
                cycles.add(OperationDistribution.builder(label, round).outcomes(Outcomes.succeeded(o))
                        .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3)))).build());
                own.add(Block.builder().operation(label).cycle(round)
                        .measured(Measurement.of(o, o * nanos).withTypicalNanos(nanos)
                        .withClientCpuNanos(o * nanos / 2)).build().ranBy(name, 0));
            }
            blocks.addAll(own);
            operations.add(OperationResult.aggregate(label, o, cycles));
        });
        return new Measured(new VariantResult(name, new VariantResult.LibraryFacts("lib", "desc", "1", null),
                "closed-loop", 1, new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(),
                null), operations, VariantResult.Failure.NONE), blocks);
    }

    /** Per-round values around {@code truth}: a seeded ±{@code noise} relative wobble, the same seed the same. */
    public static double[] around(double truth, double noise, int rounds, long seed) {
        java.util.Random random = new java.util.Random(seed);
        double[] out = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            out[i] = truth * (1 + noise * (2 * random.nextDouble() - 1));
        }
        return out;
    }
}
