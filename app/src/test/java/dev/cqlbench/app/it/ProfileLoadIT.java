package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.profile.ProfilePlan;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's load mode, cassandra-stress's way: the mix for a count or a duration, closed loop or at a rate, and
 * shared by three client processes whose results merge into exactly one.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class ProfileLoadIT {

    static final Path TIMESERIES = Path.of("..", "profiles", "timeseries.yaml");

    private static OperationResult op(RunResult result, String label) {
        return result.variants().get(0).operations().stream().filter(o -> o.operation().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + label));
    }

    @Test
    void aMixAtARateForADurationThroughTwoLibraries(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        Cli.Outcome outcome = Cli.run("run", "profile", "--profile", TIMESERIES.toString(), "--mode", "load",
                "--mix", "insert=1,latest=3", "--duration", "4s", "--rate", "150", "--threads", "4",
                "--library", "driver4,spring-data", "--contact-points", node.contactPoint(), "--apply-definitions",
                "--keyspace", "it_load", "--warmup-ops", "100", "--worker-heap-mb", "256", "--out", out.toString());

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.plan()).isInstanceOfSatisfying(ProfilePlan.class, plan ->
                assertThat(plan.operationLabels()).containsExactly("load", "load insert", "load latest"));
        for (var variant : result.variants()) {
            OperationResult phase = variant.operations().stream().filter(o -> o.operation().equals("load"))
                    .findFirst().orElseThrow();
            long inserts = variant.operations().stream().filter(o -> o.operation().equals("load insert"))
                    .findFirst().orElseThrow().count();
            long reads = variant.operations().stream().filter(o -> o.operation().equals("load latest"))
                    .findFirst().orElseThrow().count();
            // open loop: the rate's operations over the phase, whatever the library (the last ones may not be due)
            assertThat(phase.count()).as(variant.variant()).isBetween(500L, 600L).isEqualTo(inserts + reads);
            assertThat(reads).as("3 reads to 1 insert").isGreaterThan(2 * inserts);
            assertThat(phase.errors()).as(variant.variant() + " " + phase.errorsByKind()).isZero();
            assertThat(variant.verification().checked()).as(variant.variant()).isPositive();
            assertThat(variant.verification().differed()).isZero();
        }
        assertThat(outcome.out()).contains("load: open loop at 150 ops/s, 4 threads").contains("load latest");
    }

    @Test
    void threeClientsShareALoadAndMergeIntoOneExactResult(EmbeddedCassandra node, @TempDir Path out)
            throws Exception {
        String start = Instant.now().plusSeconds(40).truncatedTo(ChronoUnit.SECONDS).toString();
        ManyClientsIT.Merged three = ManyClientsIT.threeClientsMerged(out, i -> List.of("run", "profile",
                "--profile", TIMESERIES.toString(), "--mode", "load", "--mix", "insert=1,reading=1", "--count", "600",
                "--threads", "2", "--client", i + "/3", "--start-at", start, "--library", "driver4",
                "--contact-points", node.contactPoint(), "--apply-definitions", "--keyspace", "it_load_clients",
                "--warmup-ops", "100", "--worker-heap-mb", "256"));
        List<RunResult> each = three.each();
        Cli.Outcome merged = three.outcome();
        RunResult result = three.result();
        // each client its third of the count; together exactly the count
        assertThat(each).extracting(r -> op(r, "load").count()).containsExactly(200L, 200L, 200L);
        OperationResult phase = op(result, "load");
        assertThat(phase.count()).isEqualTo(600);
        assertThat(op(result, "load insert").count() + op(result, "load reading").count()).isEqualTo(600);
        assertThat(op(result, "load insert").count()).isEqualTo(each.stream()
                .mapToLong(r -> op(r, "load insert").count()).sum());
        assertThat(phase.errors()).as(phase.errorsByKind().toString()).isZero();
        // the merged histogram is the union of the three: the same count at every value
        Histogram union = new Histogram(3);
        each.forEach(r -> union.add(HistogramCodec.decode(op(r, "load").histogram())));
        Histogram got = HistogramCodec.decode(phase.histogram());
        assertThat(got.getTotalCount()).isEqualTo(union.getTotalCount()).isEqualTo(600);
        for (HistogramIterationValue v : union.recordedValues()) {
            assertThat(got.getCountAtValue(v.getValueIteratedTo())).isEqualTo(v.getCountAtValueIteratedTo());
        }
        assertThat(result.variants().get(0).verification().checked()).isEqualTo(each.stream()
                .mapToLong(r -> r.variants().get(0).verification().checked()).sum()).isPositive();
        assertThat(result.variants().get(0).verification().differed()).isZero();
        assertThat(merged.out()).contains("clients: 3 shared the workload");
    }
}
