package dev.cqlbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TestResults;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.crud.CrudOptions;
import dev.cqlbench.scenario.crud.CrudPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** What the report says of the between-JVM spread it could or could not measure. */
class BlockFiguresTest {

    /** A variant of {@code forks} JVMs, each with {@code rounds} blocks of the plan's write. */
    private static TestResults.Measured jvms(CrudPlan plan, String name, int forks, int rounds) {
        List<Block> blocks = new ArrayList<>();
        List<OperationDistribution> cycles = new ArrayList<>();
        for (int fork = 0; fork < forks; fork++) {
            for (int round = 0; round < rounds; round++) {
                long nanos = 200_000 + 1_000L * fork + 500L * round;
                cycles.add(OperationDistribution.builder("write", round).outcomes(Outcomes.succeeded(100))
                        .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3)))).build());
                blocks.add(Block.builder().operation("write").cycle(round)
                        .measured(Measurement.of(100, 100 * nanos).withTypicalNanos(nanos)
                        .withClientCpuNanos(50 * nanos)).build().ranBy(name, fork));
            }
        }
        return new TestResults.Measured(new VariantResult(name, new VariantResult.LibraryFacts("lib", "desc", "1",
                null), "closed-loop", 1, new VariantResult.Usage(null, 0, null, null),
                new VariantResult.Audited(Map.of(), null), List.of(OperationResult.aggregate("write", 100, cycles)),
                VariantResult.Failure.NONE), blocks);
    }

    private static String jvmLine(int forks, int rounds) {
        CrudPlan plan = new CrudOptions().plan();
        RunResult result = TestResults.result("crud", plan, jvms(plan, "a", forks, rounds), jvms(plan, "b", forks,
                rounds));
        return BlockFigures.jvmLine(dev.cqlbench.analysis.Reading.of(result).analysis(), result, Measure.TIME);
    }

    @Test
    void severalJvmsWithTooFewRoundsAreNotCalledOneJvm() {
        assertThat(jvmLine(3, 1)).contains("3 JVMs per variant, too few rounds to tell what differs between them")
                .doesNotContain("one JVM per variant");
        assertThat(jvmLine(1, 8)).contains("one JVM per variant").contains("--forks 2 or more");
        assertThat(jvmLine(3, 8)).contains("between-JVM sd").contains("over");
    }
}
