package dev.cqlbench.app.cli;

import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.result.Block;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StrictAuditTest {

    /** The fixed result, its driver4 (which declares prepared statements) seen by the server sending unprepared. */
    private static RunResult lying() {
        RunResult fixed = TestResults.fixed();
        OperationDistribution cycle = OperationDistribution.builder("write", 0).outcomes(Outcomes.succeeded(100))
                .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3))))
                .counts(OperationCounts.audited(new AuditedCounts(100, 1, 0, Map.of("cql.regular", 100L), List.of())))
                .build();
        List<Block> blocks = List.of(Block.builder().repetition(0).measured(Measurement.of(100L, 1_000_000L)).build());
        List<dev.cqlbench.result.VariantResult> variants = new ArrayList<>(fixed.variants());
        variants.set(0, variants.get(0).withOperations(List.of(OperationResult.aggregate("write", 100,
                List.of(cycle)))));
        return fixed.withVariants(variants);
    }

    @Test
    void aMismatchIsToldAndFailsTheRunOnlyWhenAskedTo() {
        List<String> lines = new ArrayList<>();
        assertThat(RunExecution.exitCode(lying(), lines::add, false, false)).isEqualTo(ExitCode.OK);
        assertThat(lines).containsExactly("audit mismatch: driver4: write: declares prepared statements; the server "
                + "counted 1.00 unprepared per operation");

        lines.clear();
        assertThat(RunExecution.exitCode(lying(), lines::add, false, true)).isEqualTo(ExitCode.AUDIT);
        assertThat(lines).hasSize(2).last().asString().contains("--strict-audit").contains("FAILED");
    }

    @Test
    void anHonestRunPassesStrictAudit() {
        List<String> lines = new ArrayList<>();
        assertThat(RunExecution.exitCode(TestResults.fixed(), lines::add, false, true)).isEqualTo(ExitCode.OK);
        assertThat(lines).isEmpty();
    }
}
