package dev.cqlbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.binding.Library;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.scenario.crud.CrudOptions;
import dev.cqlbench.scenario.decode.DecodeOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerProtocolTest {

    @Test
    void requestsAndEventsSurviveOneJsonLine() throws Exception {
        Library driver4 = new Library("driver4", "driver 4", true, List.of("UserCrud"), null, List.of(), null,
                "driver4", "dev.cqlbench.binding.driver4.Driver4Binding");
        WorkerRequest setup = new WorkerRequest.Setup("crud", Variant.of(driver4),
                new BindingConfig(List.of("127.0.0.1:9042"), "dc1", "u", "secret", "LOCAL_ONE", 1000, Map.of("a", "b")),
                new CrudOptions().with("--ops", "10", "--repetitions", "2", "--cycles", "3", "--warmup-ops", "5",
                        "--mode", "async", "--concurrency", "8").plan(), 1,
                new WorkerRequest.Watching("/tmp/out", true, List.of("127.0.0.1:7199"), true), 30_000);
        String line = Json.lines().writeValueAsString(setup);
        assertThat(line).doesNotContain("\n");
        assertThat(Json.lines().readValue(line, WorkerRequest.class)).isEqualTo(setup);

        WorkerEvent done = new WorkerEvent.CycleDone(2, new CycleMeasurements(
                List.of(Block.builder().operation("read").cycle(2).repetition(0)
                        .measured(Measurement.of(2L, 5L).withClientCpuNanos(40L)).build(),
                        Block.builder().operation("read").cycle(2).repetition(1)
                                .measured(Measurement.of(2L, 6L).withClientCpuNanos(37L)).build()),
                List.of(OperationDistribution.builder("read", 2)
                        .outcomes(new Outcomes(4, 1, Map.of("ReadMismatch", 1L))).histograms(Histograms.of("AAAA"))
                        .build(), OperationDistribution.builder("read/ONE", 2).kind(true)
                        .outcomes(Outcomes.succeeded(4)).histograms(Histograms.of("AAAA")).build())));
        assertThat(Json.lines().readValue(Json.lines().writeValueAsString(done), WorkerEvent.class)).isEqualTo(done);
        WorkerRequest decode = WorkerRequest.Setup.of("decode", Variant.of(driver4),
                setup instanceof WorkerRequest.Setup s
                ? s.binding() : null, new DecodeOptions().with("--rows", "5000,10000",
                "--repetitions", "3", "--cycles", "1", "--warmup-reads", "100").plan(), null);
        assertThat(Json.lines().readValue(Json.lines().writeValueAsString(decode), WorkerRequest.class))
                .isEqualTo(decode);
        assertThat(Json.lines().readValue("{\"type\":\"stop\"}", WorkerRequest.class))
                .isInstanceOf(WorkerRequest.Stop.class);
    }

    @Test
    void aLiveSecondAndAHeartbeatSurviveOneJsonLine() throws Exception {
        WorkerEvent second = new WorkerEvent.Second(new dev.cqlbench.runner.LiveSecond(3, 1, 1_800_000_000L,
                List.of(new dev.cqlbench.runner.LiveSecond.Kind("w@8/READ", 120, Map.of("WriteTimeoutException", 2L),
                        "HISTO"), new dev.cqlbench.runner.LiveSecond.Kind("w@8/UPDATE", 0, Map.of(), null)), 7, 0.0025,
                400));
        String line = Json.lines().writeValueAsString(second);
        assertThat(line).doesNotContain("\n");
        assertThat(Json.lines().readValue(line, WorkerEvent.class)).isEqualTo(second);
        WorkerEvent beat = new WorkerEvent.Heartbeat(10, 2_000_000L, 35);
        assertThat(Json.lines().readValue(Json.lines().writeValueAsString(beat), WorkerEvent.class)).isEqualTo(beat);
    }

    @Test
    void resultsNeverCarryThePassword() {
        BindingConfig config = new BindingConfig(List.of("h:1"), "dc", "u", "secret", "ONE", 1, Map.of());
        assertThat(config.withoutSecrets().password()).isEqualTo("***");
    }
}
