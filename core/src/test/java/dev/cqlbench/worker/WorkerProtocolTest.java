package dev.cqlbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.result.Json;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.scenario.crud.CrudPlan;
import dev.cqlbench.scenario.crud.ExecutionMode;
import dev.cqlbench.scenario.decode.DecodePlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerProtocolTest {

    @Test
    void requestsAndEventsSurviveOneJsonLine() throws Exception {
        WorkerRequest setup = new WorkerRequest.Setup("driver4",
                new BindingConfig(List.of("127.0.0.1:9042"), "dc1", "u", "secret", "LOCAL_ONE", 1000, Map.of("a", "b")),
                new CrudPlan(10, 2, 3, 5, ExecutionMode.ASYNC, 8, 42, "example"));
        String line = Json.lines().writeValueAsString(setup);
        assertThat(line).doesNotContain("\n");
        assertThat(Json.lines().readValue(line, WorkerRequest.class)).isEqualTo(setup);

        WorkerEvent done = new WorkerEvent.CycleDone(2, List.of(new OperationCycle("read", 2, 4, 1,
                Map.of("ReadMismatch", 1L), List.of(2L, 2L), List.of(5L, 6L), "AAAA", 77L)));
        assertThat(Json.lines().readValue(Json.lines().writeValueAsString(done), WorkerEvent.class)).isEqualTo(done);
        WorkerRequest decode = new WorkerRequest.Setup("driver3", setup instanceof WorkerRequest.Setup s
                ? s.binding() : null, new DecodePlan(List.of(5000, 10000), 3, 1, 100, 1, "example"));
        assertThat(Json.lines().readValue(Json.lines().writeValueAsString(decode), WorkerRequest.class))
                .isEqualTo(decode);
        assertThat(Json.lines().readValue("{\"type\":\"stop\"}", WorkerRequest.class))
                .isInstanceOf(WorkerRequest.Stop.class);
    }

    @Test
    void resultsNeverCarryThePassword() {
        BindingConfig config = new BindingConfig(List.of("h:1"), "dc", "u", "secret", "ONE", 1, Map.of());
        assertThat(config.withoutSecrets().password()).isEqualTo("***");
    }
}
