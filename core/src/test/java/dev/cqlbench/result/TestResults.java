package dev.cqlbench.result;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Small results made by hand, for tests of what reports read off a result. */
public final class TestResults {

    private TestResults() {}

    /** A variant with one operation {@code label}: one cycle per digest, each with these errors. */
    public static VariantResult variant(String name, String label, Map<String, Long> errors, String... digests) {
        List<OperationCycle> cycles = new ArrayList<>();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        for (int i = 0; i < digests.length; i++) {
            cycles.add(OperationCycle.builder(label, i).count(10).errors(errorCount, errors)
                    .repetitions(List.of(10L), List.of(1_000_000L)).histogram(HistogramCodec.encode(new Histogram(3)))
                    .stateDigest(digests[i]).build());
        }
        return new VariantResult(name, "lib", "desc", "1", "closed-loop", 4, null, 0, Map.of(),
                List.of(OperationResult.aggregate(label, 10, cycles, 0.999)), null, null, null, null, null, null, null);
    }

    /** A finished run of {@code scenario} with this plan and these variants. */
    public static RunResult result(String scenario, ScenarioPlan plan, VariantResult... variants) {
        return RunResult.of(RunSettings.builder().scenario(scenario).plan(plan).build(), "2026-01-01T00:00:00Z",
                "2026-01-01T00:01:00Z", false, null, null, Map.of(), null, List.of(variants), List.of(), List.of(), null, List.of());
    }

    /**
     * A variant whose operations ran one block per round: {@code typicalUs} maps each operation label to its blocks'
     * typical time per operation, µs, one per round (cycle); 100 operations a block, its wall time 100 × typical.
     */
    public static VariantResult blocks(String name, Map<String, double[]> typicalUs) {
        List<OperationResult> operations = new ArrayList<>();
        typicalUs.forEach((label, values) -> {
            List<OperationCycle> cycles = new ArrayList<>();
            for (int round = 0; round < values.length; round++) {
                long nanos = Math.round(values[round] * 1000);
                cycles.add(OperationCycle.builder(label, round).count(100).errors(0, Map.of())
                        .repetitions(List.of(100L), List.of(100 * nanos))
                        .blocks(List.of(nanos), List.of(nanos / 2))
                        .histogram(HistogramCodec.encode(new Histogram(3))).build());
            }
            operations.add(OperationResult.aggregate(label, 100, cycles, 0.999));
        });
        return new VariantResult(name, "lib", "desc", "1", "closed-loop", 1, null, 0, Map.of(), operations, null, null,
                null, null, null, null, null);
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
