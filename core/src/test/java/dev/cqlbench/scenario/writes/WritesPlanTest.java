package dev.cqlbench.scenario.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.scenario.Json;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class WritesPlanTest {

    private static WritesPlan plan(int writes, int batch, List<Integer> localities) {
        return new WritesOptions().with("--writes", Integer.toString(writes), "--batch-size", Integer.toString(batch),
                "--window", "8000", "--batch-concurrency", "1", "--locality", localities.stream().map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining(",")), "--repetitions", "1", "--cycles", "3",
                "--warmup-writes", "0").plan();
    }

    @Test
    void labelsNameTheLocalityAndEveryCellWritesTheSameNumberOfRows() {
        WritesPlan plan = plan(50_000, 8000, List.of(0, 20, 80));
        assertThat(plan.operationLabels()).containsExactly("locality-0", "locality-20", "locality-80");
        assertThat(WritesPlan.label(80)).isEqualTo("locality-80");
        assertThat(plan.operationsPerRepetition("locality-20")).isEqualTo(50_000);
    }

    @Test
    void batchSizeInKibIsCassandrasAccountOfTheLargestBatch() {
        // 8,000 rows of distinct partitions: Cassandra 5.0.6 counted 671.875 KiB
        assertThat(plan(1_000_000, 8000, List.of(0)).batchKib()).isBetween(672, 700);
        assertThat(plan(300, 8000, List.of(0)).batchKib()).isEqualTo(26); // a cell smaller than one batch
        assertThat(plan(1_000_000, 500, List.of(0)).batchKib()).isLessThan(50);
    }

    @Test
    void everyPatternGetsTheSameRowsAndEveryRepetitionNewOnes() {
        WritesPlan plan = plan(2000, 500, List.of(40));
        BitSet all = new BitSet();
        all.set(0, 2000);
        long first = plan.data(40, 0, 0).checksum(all);
        assertThat(plan.data(40, 0, 0).checksum(all)).isEqualTo(first);
        assertThat(plan.data(40, 0, 1).checksum(all)).isNotEqualTo(first);
        assertThat(plan.data(40, 1, 0).checksum(all)).isNotEqualTo(first);
        assertThat(plan.data(40, 0, 1).sensor(0)).isNotEqualTo(plan.data(40, 0, 0).sensor(0));
    }

    @Test
    void invalidPlansAreRefused() {
        assertThatThrownBy(() -> plan(0, 10, List.of(0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> plan(10, 10, List.of(0, 0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> plan(10, 10, List.of(120))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> plan(10, 10, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void travelsToWorkersAsJson() throws Exception {
        WritesPlan plan = plan(1000, 100, List.of(0, 60));
        String json = Json.lines().writeValueAsString((ScenarioPlan) plan);
        assertThat(json).contains("\"scenario\":\"writes\"");
        assertThat(Json.lines().readValue(json, ScenarioPlan.class)).isEqualTo(plan);
    }
}
