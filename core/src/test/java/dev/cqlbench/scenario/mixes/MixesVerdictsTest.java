package dev.cqlbench.scenario.mixes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TestResults;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Study 05's claims judged on made-up per-second timelines whose truth is known. */
class MixesVerdictsTest {

    private static final MixesPlan PLAN = (MixesPlan) new MixesOptions().with("--workload",
            "read95_update5,update50_read50,insert90_read10", "--concurrency", "16").plan();

    /** A phase of {@code seconds} whose throughput is {@code rate} (±3 %, neighbours alike), {@code dip} after 30 s. */
    private static OperationResult phase(String label, double rate, double dip, int seconds, long seed) {
        Random random = new Random(seed);
        List<TimelinePoint> points = new ArrayList<>();
        double wobble = 0;
        for (int s = 0; s <= seconds; s++) { // the last second is partial: reports leave it out
            wobble = 0.5 * wobble + 0.03 * random.nextGaussian();
            double r = (s >= 30 ? rate * dip : rate) * Math.exp(wobble);
            points.add(new TimelinePoint(0, 0, s, Math.round(r), 0, 500, 900, Map.of()));
        }
        OperationDistribution cycle = OperationDistribution.builder(label, 0).outcomes(Outcomes.succeeded(1000))
                .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3)))).timeline(points).build();
        return OperationResult.aggregate(label, 1000, List.of(cycle));
    }

    private static RunResult run(List<RunEvent> events, OperationResult... phases) {
        VariantResult v = new VariantResult("cassandra", new VariantResult.LibraryFacts("driver4", "d", "4", null),
                "closed-loop", 16, new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(),
                null), List.of(phases), VariantResult.Failure.NONE);
        RunResult result = TestResults.result("mixes", PLAN, v);
        return new RunResult(new RunResult.Course(result.course().startedAt(), result.course().finishedAt(), false,
                null, events), result.settings(),
                new RunResult.RanOn(null, Map.of(), result.ranOn().environment(), List.of()),
                result.variants(), null, List.of(), new RunResult.Frame(null, null, null),
                null);
    }

    private static List<Status> mixes(double read95, double update50, double insert90) {
        RunResult result = run(List.of(), phase("read95_update5@16", read95, 1, 60, 1),
                phase("update50_read50@16", update50, 1, 60, 2), phase("insert90_read10@16", insert90, 1, 60, 3));
        return MixesVerdicts.mixes(result, PLAN).stream().map(Verdict::status).toList();
    }

    @Test
    void table6sOrderIsConfirmedAndItsReverseContradicted() {
        assertThat(mixes(2884, 5068, 10694)).containsExactly(Status.CONFIRMED, Status.CONFIRMED);
        assertThat(mixes(10694, 5068, 2884)).containsExactly(Status.CONTRADICTED, Status.CONTRADICTED);
    }

    @Test
    void onAnEmbeddedNodeTheVerdictSaysItIsThisHostsAnswerNotTheStudysCluster() {
        RunResult external = run(List.of(), phase("read95_update5@16", 2884, 1, 60, 1),
                phase("insert90_read10@16", 10694, 1, 60, 3));
        assertThat(MixesVerdicts.mixes(external, PLAN)).allSatisfy(v -> assertThat(v.answer())
                .doesNotContain("this host's answer"));
        dev.cqlbench.result.ClusterFacts node = new dev.cqlbench.result.ClusterFacts(
                dev.cqlbench.result.ClusterFacts.EMBEDDED, 1, List.of("127.0.0.1"),
                new dev.cqlbench.result.ClusterFacts.Embedded(1024, 50, null, null), "5.0.6", null);
        RunResult embedded = new RunResult(external.course(),
                external.settings(), new RunResult.RanOn(node, Map.of(), external.ranOn().environment(), List.of()),
                external.variants(), external.rounds(), external.blocks(), external.frame(), null);
        assertThat(MixesVerdicts.mixes(embedded, PLAN)).allSatisfy(v -> assertThat(v.answer())
                .contains("(this host's answer: 1 embedded node on the machine its client runs on")
                .contains("the study's: 3-node clusters of 4 to 32 vCPUs"));
        assertThat(MixesVerdicts.mixes(embedded, PLAN)).extracting(Verdict::status)
                .containsExactly(Status.CONFIRMED, Status.CONFIRMED);
    }

    @Test
    void aRunOfTheUsersOwnWorkloadsAsksNoneOfTheStudysQuestions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path own = java.nio.file.Files.writeString(dir.resolve("orders.properties"),
                "readproportion=0.7\nupdateproportion=0.3\nrecordcount=1000\n");
        MixesPlan plan = (MixesPlan) new MixesOptions().with("--workload", own.toString(), "--concurrency", "16")
                .plan();
        RunResult result = run(List.of(), phase(plan.workloads().get(0).name() + "@16", 5000, 1, 60, 4));
        assertThat(MixesVerdicts.mixes(result, plan)).isEmpty();
        // with one of the study's mixes in the run, its two questions are asked
        MixesPlan both = (MixesPlan) new MixesOptions().with("--workload", "read95_update5," + own, "--concurrency",
                "16").plan();
        assertThat(MixesVerdicts.mixes(result, both)).hasSize(2);
    }

    @Test
    void mixesWithinNoiseOfEachOtherCannotBeRanked() {
        assertThat(mixes(5000, 5010, 4990)).containsOnly(Status.WITHIN_PRECISION);
    }

    @Test
    void aJoinThatHalvesThroughputContradictsASlightDip() {
        List<RunEvent> events = List.of(new RunEvent(RunEvent.JOIN_START, "cassandra", "read95_update5@16", 30.0,
                "node 4 joining"));
        OperationResult deep = phase("read95_update5@16", 3000, 0.5, 60, 7);
        assertThat(MixesVerdicts.scaleOut(run(events, deep), PLAN).get(0).status()).isEqualTo(Status.CONTRADICTED);
        OperationResult flat = phase("read95_update5@16", 3000, 1, 60, 7);
        assertThat(MixesVerdicts.scaleOut(run(events, flat), PLAN).get(0).status()).isEqualTo(Status.CONFIRMED);
        assertThat(MixesVerdicts.scaleOut(run(List.of(), flat), PLAN).get(0).status())
                .isEqualTo(Status.NOT_MEASURED);
    }
}
