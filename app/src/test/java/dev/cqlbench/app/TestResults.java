package dev.cqlbench.app;

import dev.cqlbench.binding.Library;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.WorkerJvm;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.crud.CrudOptions;
import dev.cqlbench.scenario.Scenarios;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A fixed, hand-made crud result for format tests: driver4, and a mapper on it that is clearly slower. */
public final class TestResults {

    public static final Library DRIVER4 = new Library("driver4", "Apache Cassandra Java driver", true,
            List.of("UserCrud"), null, null, null, "driver4", "dev.cqlbench.binding.driver4.Driver4Binding");
    public static final Library MAPPER = new Library("driver4-mapper", "driver 4 mapper", true, List.of("UserCrud"),
            "driver4", null, null, "driver4-mapper", "dev.cqlbench.binding.driver4mapper.Driver4MapperBinding");

    private TestResults() {}

    public static RunResult fixed() {
        return fixed(1.0);
    }

    /** The fixed result with driver4's repetition times multiplied by {@code driver4Factor}. */
    public static RunResult fixed(double driver4Factor) {
        return fixed(driver4Factor, 1.0);
    }

    /** The fixed result with driver4's and the mapper's repetition times multiplied by these factors. */
    public static RunResult fixed(double driver4Factor, double mapperFactor) {
        String encoded = histogram();
        // three cycles of two repetitions: six blocks each, enough for intervals (five at least)
        List<OperationDistribution> driverCycles = List.of(cycle(0, encoded, 0, Map.of()),
                cycle(1, encoded, 2, Map.of("WriteTimeoutException", 2L)), cycle(2, encoded, 0, Map.of()));
        List<Block> driverBlocks = new java.util.ArrayList<>();
        driverBlocks.addAll(blocks(0, 250_000_000L * driver4Factor, 251_000_000L * driver4Factor, 50));
        driverBlocks.addAll(blocks(1, 249_000_000L * driver4Factor, 250_000_000L * driver4Factor, 50));
        driverBlocks.addAll(blocks(2, 252_000_000L * driver4Factor, 248_000_000L * driver4Factor, 52));
        List<OperationDistribution> mapperCycles = List.of(cycle(0, encoded, 0, Map.of()),
                cycle(1, encoded, 0, Map.of()), cycle(2, encoded, 0, Map.of()));
        List<Block> mapperBlocks = new java.util.ArrayList<>();
        mapperBlocks.addAll(blocks(0, 300_000_000L * mapperFactor, 301_000_000L * mapperFactor, 70));
        mapperBlocks.addAll(blocks(1, 299_000_000L * mapperFactor, 300_000_000L * mapperFactor, 70));
        mapperBlocks.addAll(blocks(2, 302_000_000L * mapperFactor, 298_000_000L * mapperFactor, 72));
        OperationResult write = OperationResult.aggregate("write", 500, driverCycles);
        OperationResult mapperWrite = OperationResult.aggregate("write", 500, mapperCycles);
        List<Block> blocks = new java.util.ArrayList<>();
        driverBlocks.forEach(b -> blocks.add(b.ranBy("driver4", 0)));
        mapperBlocks.forEach(b -> blocks.add(b.ranBy("driver4-mapper", 0)));
        Map<String, String> audit = new LinkedHashMap<>();
        audit.put("statements", "prepared");
        audit.put("consistency", "LOCAL_ONE");
        WorkerJvm jvm = new WorkerJvm(1, "17", "vm", "vendor", List.of("-Xmx1g"), 1L << 30);
        ProcessUsage server = new ProcessUsage(99, 0.2, 900L << 20, 100.0);
        VariantResult driver4 = new VariantResult("driver4", new VariantResult.LibraryFacts("driver4",
                DRIVER4.description(), "4.19.3", null), "sync", 1, new VariantResult.Usage(jvm, 5, new ProcessUsage(1,
                0.1, 200L << 20, 50.0), server), new VariantResult.Audited(audit, null), List.of(write),
                VariantResult.Failure.NONE);
        VariantResult mapper = new VariantResult("driver4-mapper", new VariantResult.LibraryFacts("driver4-mapper",
                MAPPER.description(), "4.19.3", "driver4"), "sync", 1, new VariantResult.Usage(jvm, 5,
                new ProcessUsage(2, 0.14, 210L << 20, 70.0), server), new VariantResult.Audited(audit, null),
                List.of(mapperWrite), VariantResult.Failure.NONE);
        RunSettings settings = RunSettings.builder().scenario("crud")
                .plan(new CrudOptions().with("--ops", "500", "--repetitions", "2", "--cycles", "3").plan())
                .variants(List.of(Variant.of(DRIVER4), Variant.of(MAPPER))).processes(Processes.defaults().withForks(1))
                .asked(Asked.defaults().withReference("driver4")).build();
        Environment environment = new Environment("0.1.0", new Environment.Machine("Linux", "6", "amd64", 2, 1L << 34,
                "host"), "Java 17", "embedded", "5.0.6", 99L, null);
        ClusterFacts cluster = new ClusterFacts(ClusterFacts.EMBEDDED, 1, List.of("127.0.0.1:9042"),
                new ClusterFacts.Embedded(1024, null, "none", null), "5.0.6", null);
        return RunResult.of(new RunResult.Course("2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", false, null,
                        List.of()), settings, new RunResult.RanOn(cluster, Map.of(), environment, List.of()),
                List.of(driver4, mapper),
                        new Rounds(3, Rounds.LAST_CYCLE, 2.5, 1, Rounds.Sequential.once(0.05), 2, 12.5, List.of()),
                                blocks,
                new RunResult.Frame(Scenarios.family(settings), null, ChartSpec.defaults()));
    }

    /**
     * A crud result of driver4 and the mapper, each in two JVMs over eight rounds of one block, every block's time and
     * CPU drawn about these means (the mapper {@code mapperFactor} times driver4) with 2 % noise from {@code seed}:
     * what pooling and a calibration read.
     */
    public static RunResult forked(long seed, double mapperFactor) {
        java.util.Random random = new java.util.Random(seed);
        RunResult base = fixed(1.0, mapperFactor);
        String encoded = histogram();
        List<Block> blocks = new java.util.ArrayList<>();
        List<VariantResult> variants = new java.util.ArrayList<>();
        for (VariantResult v : base.variants()) {
            double factor = v.variant().equals("driver4") ? 1.0 : mapperFactor;
            List<Block> own = new java.util.ArrayList<>();
            List<OperationDistribution> cycles = new java.util.ArrayList<>();
            for (int cycle = 0; cycle < 8; cycle++) {
                cycles.add(cycle(cycle, encoded, 0, Map.of()));
                for (int fork = 0; fork < 2; fork++) {
                    double noise = Math.exp(0.02 * random.nextGaussian());
                    Block b = block(cycle, 0, 250_000_000L * factor * noise, (long) (30_000_000L * factor * noise),
                            40_000_000L);
                    own.add(b);
                    blocks.add(b.ranBy(v.variant(), fork));
                }
            }
            variants.add(v.withOperations(List.of(OperationResult.aggregate("write", 500, cycles))));
        }
        RunSettings settings = base.settings().toBuilder()
                .plan(new CrudOptions().with("--ops", "500", "--repetitions", "1", "--cycles", "8").plan())
                .processes(base.settings().processes().withForks(2)).build();
        return RunResult.of(base.course(), settings,
                new RunResult.RanOn(base.ranOn().cluster(), Map.of(), base.ranOn().environment(), List.of()),
                variants,
                        new Rounds(8, Rounds.LAST_CYCLE, 2.5, 2, Rounds.Sequential.once(0.05), 0, 8.0, List.of()),
                                blocks,
                new RunResult.Frame(Scenarios.family(settings), null, ChartSpec.defaults()));
    }

    /** 1 to 1000 µs, each once. */
    private static String histogram() {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1_000L);
        }
        return HistogramCodec.encode(h);
    }

    private static OperationDistribution cycle(int cycle, String histogram, long errors, Map<String, Long> byKind) {
        return OperationDistribution.builder("write", cycle).outcomes(new Outcomes(1000, errors, byKind))
                .histograms(Histograms.of(histogram)).build();
    }

    /** A cycle's two blocks, {@code cpuMillis} of the worker's CPU split unevenly between them. */
    private static List<Block> blocks(int cycle, double firstNanos, double secondNanos, long cpuMillis) {
        // typical time a little under the mean per operation
        return List.of(block(cycle, 0, firstNanos, cpuMillis * 450_000L + cycle * 100_000L,
                        40_000_000L + cycle * 1_000_000L),
                block(cycle, 1, secondNanos, cpuMillis * 550_000L - cycle * 100_000L,
                        41_000_000L - cycle * 500_000L));
    }

    private static Block block(int cycle, int repetition, double nanos, long cpuNanos, long serverNanos) {
        return Block.builder().operation("write").cycle(cycle).repetition(repetition)
                .measured(Measurement.of(500, (long) nanos).withTypicalNanos((long) (nanos / 500) - 10_000)
                .withClientCpuNanos(cpuNanos).withServerCpuNanos(serverNanos)
                .withAllocatedBytes(500L * (6_000 + 40 * cycle + 25 * repetition))).build();
    }
}
