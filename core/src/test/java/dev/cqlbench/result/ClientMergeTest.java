package dev.cqlbench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.scenario.mixes.MixesOptions;
import dev.cqlbench.scenario.mixes.MixesPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

/** Merging clients' results on synthetic results whose histograms and seconds are known. */
class ClientMergeTest {

    private static final String START = "2026-11-25T10:00:00Z";
    private static final long EPOCH = 1_795_600_800L; // START in seconds
    private static final String PHASE = "update50_read50@4";

    private static MixesPlan plan(int index, String start) {
        return new MixesOptions().with("--workload", "update50_read50", "--concurrency", "4", "--records", "300",
                "--duration", "3s", "--client", index + "/3", "--start-at", start).plan();
    }

    /** Client c's latencies: 100 × (c + 1) operations at (c + 1) ms, and one at 50 ms in client 2. */
    private static Histogram latencies(int c) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount((c + 1) * 1_000_000L, 100L * (c + 1));
        if (c == 2) {
            h.recordValue(50_000_000L);
        }
        return h;
    }

    /** Client c's seconds: EPOCH and EPOCH+1 for every client, EPOCH+2 for client 0 only (its last, late second). */
    private static List<TimelinePoint> seconds(int c, Histogram all) {
        List<TimelinePoint> out = new ArrayList<>();
        int n = c == 0 ? 3 : 2;
        for (int s = 0; s < n; s++) {
            Histogram h = new Histogram(3);
            h.recordValueWithCount((c + 1) * 1_000_000L, 10 + s);
            out.add(new TimelinePoint(new TimelinePoint.When(0, 0, s, EPOCH + s), 10 + s, s == 1 && c == 1 ? 2 : 0,
                    s == 1 && c == 1 ? Map.of("ReadTimeoutException", 2L) : Map.of(),
                    new TimelinePoint.Latency(0, 0, HistogramCodec.encode(h)),
                    new TimelinePoint.ClientLoad(100 * (c + 1), c, 0), List.of()));
        }
        return out;
    }

    private static ClientParts.Part client(int c, String start) {
        return client(c, start, null, true);
    }

    /** Client c, its variant failed with {@code failure} (null: not), having measured its operations or none. */
    private static ClientParts.Part client(int c, String start, String failure, boolean measured) {
        MixesPlan plan = plan(c, start);
        Histogram h = latencies(c);
        OperationDistribution phase = OperationDistribution.builder(PHASE, 0)
                .outcomes(Outcomes.succeeded(h.getTotalCount())).histograms(Histograms.of(HistogramCodec.encode(h)))
                .counts(OperationCounts.checked(100, 0, 0)).timeline(seconds(c, h)).build();
        List<Block> blocks = List.of(Block.builder().operation(PHASE)
                .measured(Measurement.of(h.getTotalCount(), 3_000_000_000L + c * 1_000_000L).withTypicalNanos(1L)
                .withClientCpuNanos(1_000_000L * (c + 1))).build().ranBy("driver4", 0));
        OperationResult op = OperationResult.aggregate(PHASE, plan.operationsPerRepetition(PHASE), List.of(phase));
        VariantResult v = new VariantResult("driver4", new VariantResult.LibraryFacts("driver4", "d", "4", null),
                "closed-loop", 4, new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(),
                null), measured ? List.of(op) : List.of(), new VariantResult.Failure(failure,
                failure == null ? null : "Failed"));
        Environment env = new Environment("v", new Environment.Machine("Linux", "6", "amd64", 4, 1L << 34, "host" + c),
                "Java 17", "external", "5.0.6", null, null);
        ClientRun run = new ClientRun(c, 3, plan.client().runId(), env, START, START,
                new ClientRun.Clock(0.5 * c, 0.2, "127.0.0.1:9042"), ClientRun.Busy.UNKNOWN);
        RunSettings settings = RunSettings.builder().scenario("mixes").plan(plan).build();
        return new ClientParts.Part("c" + c, RunResult.of(
                new RunResult.Course(START, START, false, null, List.of()), settings,
                new RunResult.RanOn(null, Map.of(), env, List.of(run)),
                        List.of(v), null, blocks,
                new RunResult.Frame(dev.cqlbench.scenario.Scenarios.family(settings), null, List.of())));
    }

    @Test
    void countsAddUpAndTheHistogramIsTheExactUnion() {
        RunResult merged = ClientMerge.merge(List.of(client(2, START), client(0, START), client(1, START)));

        OperationResult op = merged.variants().get(0).operations().get(0);
        assertThat(op.count()).isEqualTo(100 + 200 + 301);
        Histogram union = new Histogram(3);
        for (int c = 0; c < 3; c++) {
            union.add(latencies(c));
        }
        Histogram got = HistogramCodec.decode(op.histogram());
        assertThat(got.getTotalCount()).isEqualTo(union.getTotalCount());
        for (HistogramIterationValue v : union.recordedValues()) {
            assertThat(got.getCountAtValue(v.getValueIteratedTo())).as("at %d ns", v.getValueIteratedTo())
                    .isEqualTo(v.getCountAtValueIteratedTo());
        }
        // percentiles read off the sum: 601 values, 100 at 1 ms, 200 at 2 ms, 300 at 3 ms, 1 at 50 ms
        assertThat(op.latency().p50Us()).isBetween(2999.0, 3002.0);
        assertThat(op.latency().maxUs()).isBetween(49_990.0, 50_030.0);
        // one block: every client's operations over the longest client's time; the whole plan's size
        assertThat(merged.blocks()).hasSize(1);
        assertThat(merged.blocks().get(0).operations()).isEqualTo(601);
        assertThat(merged.blocks().get(0).totalNanos()).isEqualTo(3_002_000_000L);
        assertThat(merged.blocks().get(0).clientCpuNanos()).isEqualTo(6_000_000L);
        assertThat(merged.variants().get(0).verification().checked()).isEqualTo(300);
        assertThat(merged.plan().client().shared()).isFalse();
        assertThat(merged.plan().operationsPerRepetition("update50_read50@load")).isEqualTo(300);
    }

    @Test
    void aClientThatFailedOrMeasuredNothingIsNamed() {
        assertThat(ClientParts.failedClients(List.of(client(0, START), client(1, START), client(2, START)))).isEmpty();
        List<ClientParts.Part> parts = List.of(client(0, START), client(1, START, "client 1/3 was ready 29.7 s after "
                + "--start-at", false), client(2, START, null, false));
        assertThat(ClientParts.failedClients(parts)).containsExactly(
                "client 1/3 (c1): driver4 failed: client 1/3 was ready 29.7 s after --start-at",
                "client 2/3 (c2): driver4 measured no operation");
    }

    @Test
    void secondsAddUpByWallClockAndNameTheirClients() {
        RunResult merged = ClientMerge.merge(List.of(client(0, START), client(1, START), client(2, START)));

        List<TimelinePoint> points = merged.variants().get(0).operations().get(0).timeline();
        assertThat(points).extracting(TimelinePoint::epochSecond).containsExactly(EPOCH, EPOCH + 1, EPOCH + 2);
        assertThat(points).extracting(TimelinePoint::second).containsExactly(0, 1, 2);
        assertThat(points).extracting(TimelinePoint::ops).containsExactly(30L, 33L, 12L);
        assertThat(points).extracting(TimelinePoint::clients)
                .containsExactly(List.of(0, 1, 2), List.of(0, 1, 2), List.of(0));
        assertThat(points.get(1).errorsByKind()).containsEntry("ReadTimeoutException", 2L);
        assertThat(points.get(0).cpuMillis()).isEqualTo(600);
        // second 0: 10 at 1 ms, 10 at 2 ms, 10 at 3 ms: the median is 2 ms, not an average of the clients' medians
        assertThat(points.get(0).p50Us()).isBetween(1999.0, 2002.0);
        assertThat(merged.ranOn().clients()).extracting(ClientRun::index).containsExactly(0, 1, 2);
        assertThat(merged.ranOn().clients().get(2).clock().clockOffsetMs()).isEqualTo(1.0);
        assertThat(merged.ranOn().clients().get(2).busy().cpuShareMax()).isEqualTo(0.3 / 4);
        assertThat(merged.ranOn().clients().get(2).busy().gcMillis()).isEqualTo(4);
    }

    @Test
    void aMissingClientIsRefused() {
        assertThatThrownBy(() -> ClientMerge.merge(List.of(client(0, START), client(1, START))))
                .isInstanceOf(ClientParts.Refused.class).hasMessage("missing client 2/3 of run " + START);
    }

    @Test
    void aClientGivenTwiceIsRefused() {
        assertThatThrownBy(() -> ClientMerge.merge(List.of(client(0, START), client(1, START), client(1, START))))
                .isInstanceOf(ClientParts.Refused.class).hasMessageContaining("client 1/3 is there twice");
    }

    @Test
    void aClientOfAnotherRunIsRefused() {
        assertThatThrownBy(() -> ClientMerge.merge(List.of(client(0, START), client(1, "2026-11-25T11:00:00Z"),
                client(2, START)))).isInstanceOf(ClientParts.Refused.class).hasMessageContaining("another run");
    }

    @Test
    void aResultOfOneClientAloneIsRefused() {
        RunResult alone = TestResults.result("mixes", new MixesOptions().with("--workload", "update50_read50").plan(),
                new VariantResult[0]);
        assertThatThrownBy(() -> ClientMerge.merge(List.of(new ClientParts.Part("solo", alone))))
                .isInstanceOf(ClientParts.Refused.class).hasMessageContaining("not run with --client");
    }
}
